import { defineConfig } from "vitest/config";

/**
 * One vitest run for the whole repository. The API suite runs twice: on embedded PGlite
 * and, when TEST_POSTGRES_URL names a server (scripts/test.mjs finds one), on PostgreSQL.
 */
const apiProject = (database: "pglite" | "postgres") => ({
	test: {
		name: `api-${database}`,
		root: "apps/api",
		include: ["src/**/*.test.ts", "test/**/*.test.ts"],
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
		projects: [
			{ test: { name: "contract", root: "packages/contract", include: ["src/**/*.test.ts"], environment: "node" } },
			apiProject("pglite"),
			...(process.env.TEST_POSTGRES_URL ? [apiProject("postgres")] : []),
			"apps/web",
		],
	},
});
