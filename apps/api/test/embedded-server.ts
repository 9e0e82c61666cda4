import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The embedded server (PGlite in DATA_DIR/pg, no DATABASE_URL) started as `npm run serve` starts
 * it, without npm in between: serve.mjs, which runs the server as its child process with the
 * embedded database's memory settings. Used by `src/db/embedded-restart.test.ts` and
 * `scripts/bench/pglite-memory.ts`. Linux only: the server's pid is read from /proc.
 */
export interface EmbeddedServer {
	url: string;
	/** serve.mjs's process, and the server's: the one that holds the data folder. */
	launcherPid: number;
	serverPid: number;
	/** From spawning serve.mjs to /healthz answering 200. */
	healthySeconds: number;
	/** What the processes wrote to stderr so far. */
	stderr(): string;
	/** From /proc, in MB: resident (VmRSS) and the most it was resident at any moment (VmHWM). */
	memory(process?: "server" | "launcher"): { rssMb: number; peakMb: number };
	/** The part of resident no other process shares (node's own code is shared by every node), MB. */
	privateMb(process?: "server" | "launcher"): number;
	/** CPU time the process used so far (user + system), in seconds. */
	cpuSeconds(process?: "server" | "launcher"): number;
	/** Sends `signal` to one of the two processes and waits until both are gone. */
	kill(signal: NodeJS.Signals, process?: "server" | "launcher"): Promise<void>;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export async function startEmbeddedServer(options: {
	dataDir: string;
	/** Added to (or, undefined, removed from) the environment below. */
	env?: Record<string, string | undefined>;
	/** The server's log (stdout); stderr is kept for error messages. */
	stdout?: "ignore" | "inherit";
}): Promise<EmbeddedServer> {
	const port = await freePort();
	const env: NodeJS.ProcessEnv = {
		...process.env,
		NODE_ENV: "development",
		DATA_DIR: options.dataDir,
		HOST: "127.0.0.1",
		PORT: String(port),
		LOG_LEVEL: "warn",
	};
	for (const name of ["DATABASE_URL", "REDIS_URL", "TELEGRAM_BOT_TOKEN", "TEST_DATABASE", "SEED_DEMO", "FAKE_NOW"])
		delete env[name];
	for (const [name, value] of Object.entries(options.env ?? {})) {
		if (value === undefined) delete env[name];
		else env[name] = value;
	}
	// `exec` (decision 034) is the shell's, for npm: here node is started directly.
	const [program, ...serveArgs] = servePackageScript()
		.replace(/^exec\s+/, "")
		.split(/\s+/);
	if (program !== "node") throw new Error(`npm run serve does not start node: ${program}`);
	const startedAt = performance.now();
	const launcher = spawn(process.execPath, serveArgs, {
		cwd: repoRoot,
		env,
		stdio: ["ignore", options.stdout ?? "ignore", "pipe"],
	});
	let stderr = "";
	launcher.stderr?.on("data", (chunk: Buffer) => {
		stderr += chunk.toString();
	});
	const launcherPid = launcher.pid;
	if (launcherPid === undefined) throw new Error("serve.mjs did not start");
	const url = `http://127.0.0.1:${port}`;
	try {
		await waitHealthy(url, launcher, () => stderr);
	} catch (error) {
		await killAndWait(launcher, undefined, "SIGKILL", "launcher");
		throw error;
	}
	const healthySeconds = (performance.now() - startedAt) / 1000;
	const serverPid = childPid(launcherPid);
	if (serverPid === undefined) throw new Error("serve.mjs answered /healthz itself: no server child process");
	return {
		url,
		launcherPid,
		serverPid,
		healthySeconds,
		stderr: () => stderr,
		memory: (which = "server") => readMemory(which === "server" ? serverPid : launcherPid),
		privateMb: (which = "server") => readPrivateMb(which === "server" ? serverPid : launcherPid),
		cpuSeconds: (which = "server") => readCpuSeconds(which === "server" ? serverPid : launcherPid),
		kill: (signal, which = "server") => killAndWait(launcher, serverPid, signal, which),
	};
}

function servePackageScript(): string {
	const manifest = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
		scripts: Record<string, string>;
	};
	const serve = manifest.scripts.serve;
	if (!serve) throw new Error("package.json has no serve script");
	return serve;
}

/** The one child of `pid` (the embedded server, serve.mjs's child). */
function childPid(pid: number): number | undefined {
	const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
	return children.length === 1 ? Number(children[0]) : undefined;
}

const kilobytes = (text: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1]);

function readMemory(pid: number): { rssMb: number; peakMb: number } {
	const status = readFileSync(`/proc/${pid}/status`, "utf8");
	return {
		rssMb: Math.round(kilobytes(status, "VmRSS") / 1024),
		peakMb: Math.round(kilobytes(status, "VmHWM") / 1024),
	};
}

/** utime and stime, fields 14 and 15 of /proc/PID/stat, in Linux's USER_HZ (100 a second). */
function readCpuSeconds(pid: number): number {
	const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
	return (Number(fields[11]) + Number(fields[12])) / 100;
}

function readPrivateMb(pid: number): number {
	const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
	return Math.round((kilobytes(rollup, "Private_Clean") + kilobytes(rollup, "Private_Dirty")) / 1024);
}

async function killAndWait(
	launcher: ChildProcess,
	serverPid: number | undefined,
	signal: NodeJS.Signals,
	which: "server" | "launcher",
) {
	const launcherGone =
		launcher.exitCode !== null || launcher.signalCode !== null
			? Promise.resolve()
			: new Promise((resolve) => launcher.once("exit", resolve));
	if (which === "launcher") launcher.kill(signal);
	else if (serverPid !== undefined && isRunning(serverPid)) process.kill(serverPid, signal);
	await launcherGone;
	// serve.mjs exits after its child; a server whose serve.mjs was killed stops by itself.
	const deadline = Date.now() + 30_000;
	while (serverPid !== undefined && isRunning(serverPid)) {
		if (Date.now() > deadline) throw new Error(`the server (pid ${serverPid}) still runs 30 s after serve.mjs exited`);
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

function isRunning(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

async function waitHealthy(url: string, launcher: ChildProcess, stderr: () => string) {
	for (;;) {
		if (launcher.exitCode !== null || launcher.signalCode !== null)
			throw new Error(
				`the server exited (${launcher.exitCode ?? launcher.signalCode}) before it was healthy: ${stderr()}`,
			);
		try {
			if ((await fetch(`${url}/healthz`)).status === 200) return;
		} catch {
			// Not listening yet.
		}
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
}

export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = createServer();
		probe.once("error", reject);
		probe.listen(0, "127.0.0.1", () => {
			const address = probe.address();
			probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
		});
	});
}
