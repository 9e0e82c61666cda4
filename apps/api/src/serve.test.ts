import { describe, expect, it } from "vitest";
import { serverCommand } from "./serve.mjs";

/** serve.mjs decides how the server's node starts (decision 025): small memory settings for the embedded database only. */
describe("serverCommand", () => {
	it("starts the embedded server (no DATABASE_URL) with a small young generation and two malloc arenas", () => {
		const command = serverCommand({ DATA_DIR: "/tmp/x" });
		expect(command.embedded).toBe(true);
		expect(command.nodeArgs).toContain("--max-semi-space-size=2");
		expect(command.nodeArgs.at(-1)).toMatch(/main\.ts$/);
		expect(command.env.MALLOC_ARENA_MAX).toBe("2");
		expect(command.env.DATA_DIR).toBe("/tmp/x");
		expect(command.env.BAYON_STARTED_WITH).toBe("--max-semi-space-size=2 MALLOC_ARENA_MAX=2");
	});

	it("leaves the server on PostgreSQL with V8's and glibc's defaults", () => {
		const command = serverCommand({ DATABASE_URL: "postgres://db/bayon" });
		expect(command.embedded).toBe(false);
		expect(command.nodeArgs.join(" ")).not.toContain("semi-space");
		expect(command.env.MALLOC_ARENA_MAX).toBeUndefined();
	});

	it("keeps what the operator chose", () => {
		const command = serverCommand({ NODE_OPTIONS: "--max-semi-space-size=8", MALLOC_ARENA_MAX: "4" });
		expect(command.nodeArgs.join(" ")).not.toContain("semi-space");
		expect(command.env.MALLOC_ARENA_MAX).toBe("4");
	});
});
