import { SUPPORTED_LANGUAGES } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { DEMO_EXCHANGE_CODE, demoCouponTemplates, seedCouponTemplates } from "./coupons.js";

/** The demo's coupon templates (issue 13): seeded with the demo, once, in every language. */

let server: TestServer;

beforeAll(async () => {
	// The server seeds the demo into its empty database.
	server = await startTestServer();
});
afterAll(async () => {
	await server?.close();
});

const templates = () =>
	server.deps.db.selectFrom("coupon_template").selectAll().where("tenant_id", "=", 1).orderBy("id").execute();

describe("the demo's coupons", () => {
	it("offers $3.00 off $15.00 to everyone, 10 % off pickup up to $2.00, and free delivery by code", async () => {
		const rows = await templates();

		expect(rows).toHaveLength(demoCouponTemplates.length);
		expect(
			rows.map((row) => [
				row.kind,
				row.amount_off,
				row.percent_off,
				row.max_discount,
				row.threshold,
				row.use_type,
				row.listed,
				row.exchange_code,
			]),
		).toEqual([
			["amount_off", 300, null, null, 1500, 0, true, null],
			["percent_off", null, 10, 200, 0, 1, true, null],
			["free_delivery", null, null, null, 0, 2, false, DEMO_EXCHANGE_CODE],
		]);
		for (const row of rows) {
			expect(row.enabled).toBe(true);
			expect(row.total_quantity).toBeGreaterThanOrEqual(10_000);
			for (const lang of SUPPORTED_LANGUAGES) {
				expect(row.title[lang], `title in ${lang}`).toBeTruthy();
				expect(row.instructions[lang], `instructions in ${lang}`).toBeTruthy();
			}
			expect(row.title["zh-CN"]).toMatch(/[\u4e00-\u9fff]/);
			expect(row.title.km).toMatch(/[\u1780-\u17ff]/);
		}
	});

	it("adds nothing when seeded again, and leaves an owner's change alone", async () => {
		const [first] = await templates();
		await server.deps.db
			.updateTable("coupon_template")
			.set({ total_quantity: 5 })
			.where("id", "=", first?.id ?? 0)
			.execute();

		await seedCouponTemplates(server.deps.db, 1);

		const again = await templates();
		expect(again).toHaveLength(demoCouponTemplates.length);
		expect(again[0]?.total_quantity).toBe(5);
	});
});
