import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A PostgreSQL cluster of the test's own, from the machine's binaries, that the test may
 * stop and start: outage tests take the database away under a running server without
 * touching the shared server other tests use. Returns undefined where there are no binaries.
 */
export interface ThrowawayPostgres {
	/** postgres://postgres@127.0.0.1:<port>/postgres */
	url: string;
	port: number;
	/** Stops the server at once (`immediate`: connections are cut as in a crash). */
	stop(mode?: "fast" | "immediate"): void;
	/** Starts it again on the same port and data. */
	start(): void;
	/** Stops it and removes its files. */
	destroy(): void;
}

export function postgresBinaries(): string | undefined {
	const base = "/usr/lib/postgresql";
	if (!existsSync(base)) return undefined;
	const version = readdirSync(base).sort((a, b) => Number(b) - Number(a))[0];
	if (!version) return undefined;
	const bin = path.join(base, version, "bin");
	return existsSync(path.join(bin, "initdb")) ? bin : undefined;
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres | undefined> {
	const bin = postgresBinaries();
	if (!bin) return undefined;
	const dir = mkdtempSync(path.join(tmpdir(), "bayon-outage-pg-"));
	const port = await freePort();
	const asRoot = process.getuid?.() === 0;
	// initdb and pg_ctl refuse to run as root.
	const exec = (command: string, args: string[]) => {
		const full: [string, string[]] = asRoot
			? ["runuser", ["-u", "postgres", "--", path.join(bin, command), ...args]]
			: [path.join(bin, command), args];
		const result = spawnSync(full[0], full[1], { stdio: "pipe" });
		if (result.status !== 0)
			throw new Error(`${command} ${args.join(" ")} failed: ${result.stderr.toString() || result.stdout.toString()}`);
	};
	if (asRoot) chownSync(dir, uidOf("postgres"), gidOf("postgres"));
	const start = () =>
		exec("pg_ctl", [
			"-D",
			dir,
			"-l",
			path.join(dir, "server.log"),
			"-o",
			`-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
			"-w",
			"start",
		]);
	// A cluster that fails to come up leaves no folder behind.
	try {
		exec("initdb", ["-D", dir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
		start();
	} catch (error) {
		rmSync(dir, { recursive: true, force: true });
		throw error;
	}
	let running = true;
	return {
		url: `postgres://postgres@127.0.0.1:${port}/postgres`,
		port,
		stop(mode = "immediate") {
			if (!running) return;
			exec("pg_ctl", ["-D", dir, "-m", mode, "-w", "stop"]);
			running = false;
		},
		start() {
			if (running) return;
			start();
			running = true;
		},
		destroy() {
			try {
				if (running) exec("pg_ctl", ["-D", dir, "-m", "immediate", "-w", "stop"]);
			} finally {
				running = false;
				rmSync(dir, { recursive: true, force: true });
			}
		},
	};
}

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.once("error", reject);
		server.listen(0, "127.0.0.1", () => {
			const address = server.address();
			const port = typeof address === "object" && address ? address.port : 0;
			server.close(() => resolve(port));
		});
	});
}

function uidOf(user: string): number {
	return Number(spawnSync("id", ["-u", user]).stdout.toString().trim());
}
function gidOf(user: string): number {
	return Number(spawnSync("id", ["-g", user]).stdout.toString().trim());
}
