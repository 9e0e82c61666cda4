import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { beijing, line, paymentAt, StatementRail, setUpRail, statementRails } from "../../../../test/statement-rail.js";
import { reconcileRailStatements } from "./job.js";

/**
 * Two servers on one database run the daily reconciliation at the same moment (issue 29 item 8):
 * each statement day is claimed by one of them, read once, and its differences flagged once.
 */
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
	first = await startTestServer();
	second = await startTestServer({ sameDatabaseAs: first });
});

afterAll(async () => {
	await second?.close();
	await first?.close();
});

describe("the daily reconciliation on several servers", () => {
	it("reads each statement day once and flags each difference once", async () => {
		const now = beijing("2026-12-08 11:00");
		await setUpRail(first, "wechat", beijing("2026-12-04 09:00"));
		const missing = await paymentAt(first, { rail: "wechat", amount: 1200, decidedAt: beijing("2026-12-07 12:00") });
		const other = await paymentAt(first, { rail: "wechat", amount: 800, decidedAt: beijing("2026-12-06 12:00") });
		// One rail's statement server, slow enough that both runs overlap.
		const rail = new StatementRail("wechat");
		rail.delayMs = 300;
		rail.lines.set("2026-12-06", [line({ paymentId: other.id, amount: 900, at: beijing("2026-12-06 11:59") })]);
		const [a, b] = await Promise.all([
			reconcileRailStatements(first.deps, { now, gatewayOf: statementRails(rail) }),
			reconcileRailStatements(second.deps, { now, gatewayOf: statementRails(rail) }),
		]);
		// The 4th to the 7th: four days between the two servers.
		expect(a.done + b.done).toBe(4);
		expect(a.failed + b.failed).toBe(0);
		expect(a.differences + b.differences).toBe(2);
		// Each day's statement once, and the 6th once more for the 7th's payment not on it.
		expect([...rail.asked].sort()).toEqual(["2026-12-04", "2026-12-05", "2026-12-06", "2026-12-06", "2026-12-07"]);
		const flags = await first.deps.db
			.selectFrom("payment_discrepancy")
			.select(["kind", "payment_id", "statement_date"])
			.orderBy("statement_date")
			.execute();
		expect(flags).toEqual([
			{ kind: "amount_differs", payment_id: other.id, statement_date: "2026-12-06" },
			{ kind: "missing_at_rail", payment_id: missing.id, statement_date: "2026-12-07" },
		]);
		const runs = await first.deps.db.selectFrom("payment_statement_run").select(["status"]).execute();
		expect(runs.map((run) => run.status)).toEqual(["done", "done", "done", "done"]);
	});
});
