import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Debian's PgBouncer (`apt-get install pgbouncer`), started by the test in front of the
 * machine's PostgreSQL: a config in a folder of its own, a free port, trust authentication
 * (the machine's PostgreSQL trusts 127.0.0.1 in the tests). Undefined where it is not installed.
 */
export interface PgBouncer {
	/** postgres://postgres@127.0.0.1:<port>/<database> through the bouncer. */
	url(database: string): string;
	mode: "transaction" | "session";
	/** What its log says so far (a failure's explanation). */
	log(): string;
	stop(): Promise<void>;
}

export const PGBOUNCER_BINARY = "/usr/sbin/pgbouncer";

export async function startPgBouncer(options: {
	mode: "transaction" | "session";
	/** The PostgreSQL server it pools: host and port of a postgres:// URL. */
	serverUrl: string;
	/** Server connections per database and user (PgBouncer's default_pool_size). */
	poolSize?: number;
}): Promise<PgBouncer | undefined> {
	if (!existsSync(PGBOUNCER_BINARY)) return undefined;
	const server = new URL(options.serverUrl);
	const dir = mkdtempSync(path.join(tmpdir(), "bayon-pgbouncer-"));
	const port = await freePort();
	writeFileSync(path.join(dir, "users.txt"), '"postgres" ""\n');
	writeFileSync(
		path.join(dir, "pgbouncer.ini"),
		[
			"[databases]",
			`* = host=${server.hostname} port=${server.port || 5432}`,
			"[pgbouncer]",
			"listen_addr = 127.0.0.1",
			`listen_port = ${port}`,
			// No Unix socket: the test's folder is its own, the machine's socket folder is not.
			"unix_socket_dir =",
			"auth_type = trust",
			`auth_file = ${path.join(dir, "users.txt")}`,
			`pool_mode = ${options.mode}`,
			`default_pool_size = ${options.poolSize ?? 10}`,
			"max_client_conn = 500",
			// Its console (database "pgbouncer": SHOW POOLS, SHOW STATS) shows what went through it.
			"admin_users = postgres",
			`logfile = ${path.join(dir, "pgbouncer.log")}`,
			// node-postgres sends none of these today; other drivers do, and PgBouncer refuses a
			// startup parameter it does not know.
			"ignore_startup_parameters = extra_float_digits,options",
			"",
		].join("\n"),
	);
	// PgBouncer refuses to run as root; -u drops to the postgres user, which must then read
	// its config and write its log.
	const asRoot = process.getuid?.() === 0;
	if (asRoot) {
		const [uid, gid] = ["-u", "-g"].map((flag) => Number(spawnSync("id", [flag, "postgres"]).stdout.toString().trim()));
		for (const file of ["", "users.txt", "pgbouncer.ini"])
			chownSync(path.join(dir, file), uid as number, gid as number);
	}
	const child: ChildProcess = spawn(
		PGBOUNCER_BINARY,
		[...(asRoot ? ["-u", "postgres"] : []), path.join(dir, "pgbouncer.ini")],
		{ stdio: ["ignore", "ignore", "pipe"] },
	);
	let stderr = "";
	child.stderr?.on("data", (chunk: Buffer) => {
		stderr += chunk.toString();
	});
	const log = () => {
		const file = path.join(dir, "pgbouncer.log");
		return `${stderr}${existsSync(file) ? readFileSync(file, "utf8") : ""}`;
	};
	const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
	// Ready when it accepts a connection on its port.
	const deadline = Date.now() + 10_000;
	while (!(await accepts(port))) {
		if (child.exitCode !== null || Date.now() > deadline) {
			child.kill("SIGKILL");
			rmSync(dir, { recursive: true, force: true });
			throw new Error(`pgbouncer did not start: ${log()}`);
		}
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	return {
		mode: options.mode,
		url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
		log,
		async stop() {
			// SIGTERM: PgBouncer stops at once (SIGINT would wait for clients; the test closed its own).
			child.kill("SIGTERM");
			const killLater = setTimeout(() => child.kill("SIGKILL"), 3000);
			await exited;
			clearTimeout(killLater);
			rmSync(dir, { recursive: true, force: true });
		},
	};
}

function accepts(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect(port, "127.0.0.1");
		socket.once("connect", () => {
			socket.destroy();
			resolve(true);
		});
		socket.once("error", () => resolve(false));
	});
}

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.once("error", reject);
		server.listen(0, "127.0.0.1", () => {
			const address = server.address();
			server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
		});
	});
}
