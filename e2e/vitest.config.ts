import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Browser tests: Debian's Chromium driven by playwright-core against the real server
 * (API + built web app), started once by global-setup.ts. Run from the repository root:
 *   npm run build -w apps/web && npx vitest run --config e2e/vitest.config.ts
 */
export default defineConfig({
	test: {
		name: "e2e",
		root: fileURLToPath(new URL("..", import.meta.url)),
		include: ["e2e/**/*.e2e.test.ts"],
		environment: "node",
		globalSetup: ["e2e/support/global-setup.ts"],
		testTimeout: 60_000,
		hookTimeout: 120_000,
		// One server and one data folder for all files: run them one after another.
		fileParallelism: false,
	},
});
