// `npm run serve` (and so `npm start`). Plain JavaScript on purpose: it runs before tsx is
// loaded, so that when it has to stay as a parent process it costs ~6 MB of its own memory
// (a process that loaded tsx costs ~27 MB).
//
// With DATABASE_URL set (production, PostgreSQL) the server runs right here, in this process,
// exactly as `node --import tsx apps/api/src/main.ts` did. Without it the server keeps its
// database in its own memory (PGlite) and must stay within 300 MB resident under load (issue 16,
// decision 025): V8's young generation and glibc's per-thread malloc arenas are sized when a
// process starts and cannot be changed from inside it, so the embedded server is started as a
// child process with smaller ones. Signals are passed on, the child's exit is ours, and the
// child stops when this process goes (main.ts, on the IPC channel's disconnect).
//
// Stopping (decision 034): package.json runs this file with `exec`, so npm's shell is replaced
// and the SIGTERM npm passes on reaches this process (a shell in between died of it and left the
// server running). Started by npm, this process also stops when npm is gone however it went
// (its parent changes). Past SHUTDOWN_SECONDS a child that has not exited is killed.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const mainModule = fileURLToPath(new URL("./main.ts", import.meta.url));
// Resolved from here, not from the working directory, as `--import tsx` would be.
const tsxLoader = import.meta.resolve("tsx");

/**
 * For the embedded server: semi-spaces of 2 MB (V8's default on 64-bit grows them to 16 MB
 * under load, and they never shrink back while the load lasts), and two malloc arenas instead
 * of glibc's default of eight per core. Measured in decision 025 (speed-pglite-load).
 */
export const EMBEDDED_NODE_FLAGS = ["--max-semi-space-size=2"];
export const EMBEDDED_ENV = { MALLOC_ARENA_MAX: "2" };

/**
 * How the server's node process starts for this environment: the node arguments and its
 * environment. Also used by the tests and the bench that start the embedded server themselves.
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ embedded: boolean, nodeArgs: string[], env: NodeJS.ProcessEnv }}
 */
export function serverCommand(env = process.env) {
	const embedded = !env.DATABASE_URL;
	if (!embedded) return { embedded, nodeArgs: ["--import", tsxLoader, mainModule], env };
	// Someone who chose a young generation size (NODE_OPTIONS) keeps theirs.
	const flags = /--max-semi-space-size/.test(env.NODE_OPTIONS ?? "") ? [] : EMBEDDED_NODE_FLAGS;
	const settings = Object.entries(EMBEDDED_ENV).map(([name, value]) => `${name}=${value}`);
	return {
		embedded,
		nodeArgs: [...flags, "--import", tsxLoader, mainModule],
		// main.ts logs BAYON_STARTED_WITH, so the log says why this process runs with them.
		env: { ...EMBEDDED_ENV, ...env, BAYON_STARTED_WITH: [...flags, ...settings].join(" ") },
	};
}

/**
 * Run by npm: when npm is gone (killed, or it exited because the shell between us died), stop as
 * on SIGTERM, through this process's own handlers (the child's forwarding, or main.ts's). Only
 * under npm: a server started by hand and left behind by its shell on purpose keeps running.
 */
function stopWhenNpmIsGone() {
	if (!process.env.npm_lifecycle_event) return;
	const parent = process.ppid;
	const watch = setInterval(() => {
		if (process.ppid === parent) return;
		clearInterval(watch);
		console.error(`serve.mjs: npm (pid ${parent}) is gone: stopping the server`);
		process.kill(process.pid, "SIGTERM");
	}, 500);
	watch.unref();
}

/** SHUTDOWN_SECONDS as main.ts reads it (lib/config.ts checks it; a bad value stops the server first). */
function shutdownSeconds(env = process.env) {
	const seconds = Number(env.SHUTDOWN_SECONDS ?? 10);
	return Number.isFinite(seconds) && seconds >= 1 ? seconds : 10;
}

async function serve() {
	const command = serverCommand();
	stopWhenNpmIsGone();
	if (!command.embedded) {
		// Production: one process, as before (tsx registered as `--import tsx` would).
		await import("tsx");
		await import(pathToFileURL(mainModule).href);
		return;
	}
	const child = spawn(process.execPath, command.nodeArgs, {
		env: command.env,
		// The IPC channel is how the child learns that this process is gone, even by SIGKILL.
		stdio: ["inherit", "inherit", "inherit", "ipc"],
	});
	/** @type {NodeJS.Timeout | undefined} */
	let killTimer;
	const forward = (/** @type {NodeJS.Signals} */ signal) => {
		if (child.exitCode !== null || child.signalCode !== null) return;
		child.kill(signal);
		if (signal === "SIGHUP" || killTimer) return;
		// The child exits within its deadline by itself; a child that cannot (its event loop stuck)
		// is killed a moment after it, so that nothing outlives the stop.
		const seconds = shutdownSeconds(command.env);
		killTimer = setTimeout(
			() => {
				if (child.exitCode !== null || child.signalCode !== null) return;
				console.error(`serve.mjs: the server did not exit within SHUTDOWN_SECONDS (${seconds} s): killing it`);
				child.kill("SIGKILL");
			},
			seconds * 1000 + 500,
		);
		killTimer.unref();
	};
	const signals = /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"]);
	for (const signal of signals) process.on(signal, forward);
	child.on("error", (error) => {
		console.error("Bayon failed to start:", error);
		process.exit(1);
	});
	child.on("exit", (code, signal) => {
		clearTimeout(killTimer);
		if (signal) {
			// Die of the same signal, so that whoever started us sees what happened to the server.
			for (const name of signals) process.removeListener(name, forward);
			process.kill(process.pid, signal);
			return;
		}
		process.exit(code ?? 1);
	});
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await serve();
