import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

/** One line of a server's JSON log (pino). */
export interface LogLine {
	level: number;
	time: number;
	msg?: string;
	pid?: number;
	[key: string]: unknown;
}

/**
 * A Bayon server as an operator runs it: `node --import tsx apps/api/src/main.ts`, its own
 * process, configured by the environment only. Its log lines (JSON on stdout) are kept, so the
 * test can read what it did; what it printed elsewhere (a crash before the logger) is kept too.
 */
export interface ServerProcess {
	name: string;
	url: string;
	port: number;
	pid: number;
	/** Every JSON log line so far, of this process. */
	log: LogLine[];
	/** Output that was not a JSON log line (stderr, a start-up failure). */
	otherOutput(): string;
	/** Resolves with the exit code or signal once the process is gone. */
	exited: Promise<string>;
	/** Sends the signal and waits until the process is gone. */
	kill(signal: NodeJS.Signals): Promise<string>;
}

export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = createServer();
		probe.once("error", reject);
		probe.listen(0, "127.0.0.1", () => {
			const address = probe.address();
			const port = typeof address === "object" && address ? address.port : 0;
			probe.close(() => resolve(port));
		});
	});
}

export function spawnServer(options: { name: string; port: number; env: Record<string, string> }): ServerProcess {
	const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, PORT: String(options.port), HOST: "127.0.0.1" };
	// The test runner's own settings are not the server's.
	for (const name of ["TEST_DATABASE", "VITEST", "VITEST_POOL_ID", "VITEST_WORKER_ID", "NODE_OPTIONS"])
		delete env[name];
	const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "apps/api/src/main.ts"], {
		cwd: repoRoot,
		env,
		stdio: ["ignore", "pipe", "pipe"],
	});
	const log: LogLine[] = [];
	let other = "";
	let pending = "";
	child.stdout?.on("data", (chunk: Buffer) => {
		pending += chunk.toString();
		const lines = pending.split("\n");
		pending = lines.pop() ?? "";
		for (const line of lines) {
			if (!line.trim()) continue;
			try {
				log.push(JSON.parse(line) as LogLine);
			} catch {
				other += `${line}\n`;
			}
		}
	});
	child.stderr?.on("data", (chunk: Buffer) => {
		other += chunk.toString();
	});
	const exited = new Promise<string>((resolve) =>
		child.once("exit", (code, signal) => resolve(signal ?? `exit ${code}`)),
	);
	return {
		name: options.name,
		url: `http://127.0.0.1:${options.port}`,
		port: options.port,
		pid: child.pid ?? 0,
		log,
		otherOutput: () => other,
		exited,
		async kill(signal) {
			if (child.exitCode === null && child.signalCode === null) child.kill(signal);
			return exited;
		},
	};
}

/** Waits until the server answers /healthz with 200 (migrated and listening), or fails naming what it printed. */
export async function untilHealthy(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
	const start = Date.now();
	let gone = false;
	void server.exited.then(() => {
		gone = true;
	});
	while (Date.now() - start < timeoutMs) {
		if (gone) throw new Error(`${server.name} exited while starting:\n${server.otherOutput()}`);
		try {
			const answer = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(1000) });
			await answer.arrayBuffer();
			if (answer.status === 200) return;
		} catch {
			// Not listening yet.
		}
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	throw new Error(`${server.name} not healthy after ${timeoutMs} ms:\n${server.otherOutput()}`);
}
