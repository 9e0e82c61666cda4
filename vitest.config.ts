import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import { postgresBinaries } from "./apps/api/test/throwaway-postgres.js";

/**
 * One vitest run for the whole repository. The API suite runs twice: on embedded PGlite
 * and, when TEST_POSTGRES_URL names a server (scripts/test.mjs finds one), on PostgreSQL.
 *
 * A test file that needs more than a server on its project's database says so in its name, and
 * only a project that has what it needs collects it, so no test is skipped at run time (what was
 * not collected, scripts/test.mjs says out loud):
 *   x.postgres.test.ts  a PostgreSQL server: transactions at the same moment (PGlite has one
 *                       connection, so nothing runs at the same time there), several API servers
 *                       on one database (PGlite lives inside one process), other sessions to
 *                       block or kill, prepared statements;
 *   x.cluster.test.ts   a PostgreSQL cluster of the test's own that it stops and starts
 *                       (the server binaries under /usr/lib/postgresql); PostgreSQL project;
 *   x.redis.test.ts     a Redis server (TEST_REDIS_URL); PostgreSQL project, since several API
 *                       servers, which are what Redis is for, share a PostgreSQL database;
 *   x.pglite.test.ts    the embedded server itself (its folder, kill and restart).
 */
const NEEDS_POSTGRES = "{src,test}/**/*.postgres.test.ts";
const NEEDS_OWN_CLUSTER = "{src,test}/**/*.cluster.test.ts";
const NEEDS_REDIS = "{src,test}/**/*.redis.test.ts";
const EMBEDDED_ONLY = "{src,test}/**/*.pglite.test.ts";

const apiProject = (database: "pglite" | "postgres") => ({
	test: {
		name: `api-${database}`,
		root: "apps/api",
		include: ["src/**/*.test.ts", "test/**/*.test.ts"],
		exclude: [
			...configDefaults.exclude,
			...(database === "pglite"
				? [NEEDS_POSTGRES, NEEDS_OWN_CLUSTER, NEEDS_REDIS]
				: [
						EMBEDDED_ONLY,
						...(postgresBinaries() ? [] : [NEEDS_OWN_CLUSTER]),
						...(process.env.TEST_REDIS_URL ? [] : [NEEDS_REDIS]),
					]),
		],
		environment: "node",
		env: { TEST_DATABASE: database },
		testTimeout: 30_000,
		hookTimeout: 60_000,
		// Each file's PGlite starts from one migrated cluster made once per run.
		...(database === "pglite" ? { globalSetup: ["test/pglite-template.ts"] } : {}),
	},
});

export default defineConfig({
	test: {
		// One test file per core, not vitest's default of one fewer: the API files spend much of
		// their time waiting on PostgreSQL, Redis and the processes they start, not on their own
		// CPU. On CI's 2 cores this took the unit run from one file at a time to two (about 27 to
		// 20 minutes with issue 30's drills added).
		maxWorkers: availableParallelism(),
		projects: [
			{ test: { name: "contract", root: "packages/contract", include: ["src/**/*.test.ts"], environment: "node" } },
			// The repository's own tools (the architecture check).
			{
				// Each check runs the script in a child node process: a few seconds on a busy machine.
				test: { name: "scripts", root: "scripts", include: ["*.test.ts"], environment: "node", testTimeout: 30_000 },
			},
			apiProject("pglite"),
			...(process.env.TEST_POSTGRES_URL ? [apiProject("postgres")] : []),
			"apps/web",
		],
	},
});
