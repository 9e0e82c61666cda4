#!/usr/bin/env node
// `npm test`: every test of the repository, the way CI runs them.
//   1. unit and API tests (vitest projects: contract, api on PGlite, api on PostgreSQL, web);
//   2. the web app build, its bundle budgets, and browser tests in Debian's Chromium against
//      the real server.
// PostgreSQL: TEST_POSTGRES_URL if set; else a server on 127.0.0.1:5432 (database `test`);
// else a throwaway cluster when PostgreSQL binaries exist. Under CI a missing PostgreSQL,
// Redis or Chromium is an error; on a laptop it is skipped with a loud warning.
import { spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ci = process.env.CI === "true" || process.env.CI === "1";
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const reportsDir = path.join(root, ".tmp");
mkdirSync(reportsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const warnings = [];
let cleanup = async () => {};

async function main() {
	let failed = false;
	if (only !== "e2e") {
		const postgresUrl = await findPostgres();
		const redisUrl = await findRedis();
		if (postgresUrl) warnWithoutPostgresBinaries();
		const env = {
			...process.env,
			...(postgresUrl ? { TEST_POSTGRES_URL: postgresUrl } : {}),
			...(redisUrl ? { TEST_REDIS_URL: redisUrl } : {}),
		};
		failed = (await runVitest(["run"], env, "unit")) || failed;
	}
	if (only === undefined || only === "e2e") {
		if (!existsSync(chromiumPath)) {
			const message = `Chromium not found at ${chromiumPath}: browser tests NOT run. Install it with: apt-get install chromium fonts-noto-cjk fonts-khmeros`;
			if (ci) throw new Error(message);
			warnings.push(message);
		} else {
			run("npm", ["run", "build", "-w", "apps/web"]);
			// The bundle budgets vite.config.ts promises (apps/web/scripts/check-bundle.mjs).
			if (spawnSync("npm", ["run", "size", "-w", "apps/web"], { cwd: root, stdio: "inherit" }).status !== 0) {
				warnings.push("The web bundle is over budget: see the files and sizes listed after the build.");
				totals.failed += 1;
				failed = true;
			}
			failed = (await runVitest(["run", "--config", "e2e/vitest.config.ts"], process.env, "e2e")) || failed;
		}
	}
	for (const warning of warnings) console.warn(`\n!! ${warning}`);
	console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
	return failed || totals.failed > 0 ? 1 : 0;
}

function run(command, args, env = process.env) {
	const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
	if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed with exit code ${result.status}`);
}

/** Runs vitest, adds its counts to the totals, and says whether anything failed. */
function runVitest(args, env, label) {
	const report = path.join(reportsDir, `vitest-${label}.json`);
	rmSync(report, { force: true });
	return new Promise((resolve) => {
		const child = spawn(
			"npx",
			["vitest", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
			{
				cwd: root,
				stdio: "inherit",
				env,
			},
		);
		child.on("exit", (code) => {
			if (existsSync(report)) {
				const json = JSON.parse(readFileSync(report, "utf8"));
				totals.passed += json.numPassedTests ?? 0;
				totals.failed += json.numFailedTests ?? 0;
				totals.skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
				if ((json.numTotalTests ?? 0) === 0) {
					console.error(`vitest (${label}) ran no test`);
					resolve(true);
					return;
				}
			}
			resolve(code !== 0);
		});
	});
}

async function canConnect(url) {
	const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
	try {
		await client.connect();
		await client.query("SELECT 1");
		return true;
	} catch {
		return false;
	} finally {
		await client.end().catch(() => {});
	}
}

async function findPostgres() {
	if (process.env.TEST_POSTGRES_URL) {
		if (await canConnect(process.env.TEST_POSTGRES_URL)) return process.env.TEST_POSTGRES_URL;
		throw new Error(`TEST_POSTGRES_URL=${process.env.TEST_POSTGRES_URL} does not answer`);
	}
	const local = "postgres://postgres@127.0.0.1:5432/test";
	if (await canConnect(local)) return local;
	const throwaway = await startThrowawayCluster();
	if (throwaway) return throwaway;
	const message =
		"No PostgreSQL server found: the API suite ran on PGlite only; the real-database and concurrency tests were NOT run. Set TEST_POSTGRES_URL or install postgresql-15.";
	if (ci) throw new Error(message);
	warnings.push(message);
	return undefined;
}

/**
 * TEST_REDIS_URL, else a Redis on 127.0.0.1:6379 that answers PING. Without one the Redis
 * tests (*.redis.test.ts) are not collected (vitest.config.ts), with a warning on a laptop, and
 * the run fails under CI.
 */
async function findRedis() {
	const url = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
	const { hostname, port } = new URL(url);
	const answers = await new Promise((resolve) => {
		const socket = net.connect({ host: hostname, port: Number(port || 6379) });
		socket.setTimeout(1500, () => {
			socket.destroy();
			resolve(false);
		});
		socket.on("error", () => resolve(false));
		socket.on("connect", () => socket.write("PING\r\n"));
		socket.on("data", (data) => {
			socket.destroy();
			resolve(data.toString().startsWith("+PONG"));
		});
	});
	if (answers) return url;
	const message = `No Redis answered at ${url}: the Redis tests (*.redis.test.ts) were NOT run. Set TEST_REDIS_URL or start redis-server.`;
	if (ci) throw new Error(message);
	warnings.push(message);
	return undefined;
}

/**
 * The outage tests (*.cluster.test.ts) stop and start a PostgreSQL cluster of their own from
 * the server binaries; vitest.config.ts collects them only where those are. Without them the
 * run says so (and fails under CI), as for a missing Redis.
 */
function warnWithoutPostgresBinaries() {
	const base = "/usr/lib/postgresql";
	const found =
		existsSync(base) && readdirSync(base).some((version) => existsSync(path.join(base, version, "bin", "initdb")));
	if (found) return;
	const message =
		"No PostgreSQL server binaries under /usr/lib/postgresql: the database-outage tests (*.cluster.test.ts) were NOT run. Install postgresql.";
	if (ci) throw new Error(message);
	warnings.push(message);
}

/** initdb + pg_ctl on a free port in a temp folder, stopped when the tests end. */
async function startThrowawayCluster() {
	const base = "/usr/lib/postgresql";
	if (!existsSync(base)) return undefined;
	const version = readdirSync(base).sort((a, b) => Number(b) - Number(a))[0];
	const bin = path.join(base, version, "bin");
	if (!existsSync(path.join(bin, "initdb"))) return undefined;
	const dir = mkdtempSync(path.join(tmpdir(), "bayon-pg-"));
	const asRoot = process.getuid?.() === 0;
	// initdb refuses to run as root.
	const exec = (cmd, args) => {
		if (asRoot) chownSync(dir, uidOf("postgres"), gidOf("postgres"));
		const full = asRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
		const result = spawnSync(full[0], full[1], { stdio: "inherit" });
		if (result.status !== 0) throw new Error(`${cmd} failed`);
	};
	const port = 55432;
	console.log(`Starting a throwaway PostgreSQL ${version} cluster on port ${port}`);
	try {
		exec(path.join(bin, "initdb"), ["-D", dir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
		exec(path.join(bin, "pg_ctl"), [
			"-D",
			dir,
			"-l",
			path.join(dir, "server.log"),
			"-o",
			`-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
			"-w",
			"start",
		]);
	} catch (error) {
		rmSync(dir, { recursive: true, force: true });
		throw error;
	}
	cleanup = async () => {
		cleanup = async () => {};
		try {
			exec(path.join(bin, "pg_ctl"), ["-D", dir, "-m", "fast", "stop"]);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	};
	return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

function uidOf(user) {
	return Number(spawnSync("id", ["-u", user]).stdout.toString().trim());
}
function gidOf(user) {
	return Number(spawnSync("id", ["-g", user]).stdout.toString().trim());
}

// Interrupted (Ctrl-C, a CI timeout): still stop the throwaway cluster and remove its folder.
for (const signal of ["SIGINT", "SIGTERM"]) {
	process.once(signal, async () => {
		await cleanup();
		process.exit(128 + (signal === "SIGINT" ? 2 : 15));
	});
}

main()
	.then(async (code) => {
		await cleanup();
		process.exit(code);
	})
	.catch(async (error) => {
		console.error(`\n${error instanceof Error ? error.message : error}`);
		await cleanup();
		process.exit(1);
	});
