import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SUPPORTED_LANGUAGES } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/harness.js";
import type { Database } from "../db/database.js";
import { migrate } from "../db/migrate.js";
import { DEMO_POINTS_PER_UNIT, demoPointsItems } from "./points.js";
import { seedDemo } from "./seed.js";

/** The demo points mall (issue 13): what the seed writes, and that a second run adds and undoes nothing. */

const dataDir = mkdtempSync(path.join(tmpdir(), "bayon-seed-points-"));
let database: Database;
let dropDatabase: () => Promise<void> = async () => {};

const items = () =>
	database.db.selectFrom("points_item").selectAll().where("tenant_id", "=", 1).orderBy("sort").orderBy("id").execute();

beforeAll(async () => {
	({ database, dropDatabase } = await openTestDatabase());
	await migrate(database);
	await seedDemo(database.db, { dataDir });
});
afterAll(async () => {
	await database?.close();
	await dropDatabase();
	rmSync(dataDir, { recursive: true, force: true });
});

describe("the demo points mall", () => {
	it("earns 10 points a dollar and offers four items in every language, with pictures uploaded by the owner", async () => {
		const rule = await database.db.selectFrom("points_rule").selectAll().executeTakeFirstOrThrow();
		const seeded = await items();
		const uploads = await database.db.selectFrom("uploaded_file").select("path").execute();

		expect(rule).toMatchObject({ tenant_id: 1, points_per_unit: DEMO_POINTS_PER_UNIT });
		expect(
			seeded.map((row) => [row.name.en, row.points_price, row.stock, row.allow_pickup, row.allow_delivery]),
		).toEqual([
			["Canvas tote bag", 500, 20, true, true],
			["Free drink voucher", 300, 100, true, false],
			["Insulated tumbler", 1200, 10, false, true],
			["Mondulkiri coffee gift box", 2000, 1, true, true],
		]);
		for (const row of seeded) {
			for (const lang of SUPPORTED_LANGUAGES) {
				expect(row.name[lang]?.trim(), `${row.name.en} name in ${lang}`).toBeTruthy();
				expect(row.description[lang]?.trim(), `${row.name.en} description in ${lang}`).toBeTruthy();
			}
			expect(row.on_shelf).toBe(true);
			expect(row.redeemed_count).toBe(0);
			expect(uploads.map((upload) => upload.path)).toContain(row.image);
		}
		expect(seeded.map((row) => row.image)).toEqual(demoPointsItems.map((item) => `/uploads/demo-${item.picture}.webp`));
		// Points come from completed orders only: nobody starts with any.
		expect(await database.db.selectFrom("points_entry").selectAll().execute()).toEqual([]);
	});

	it("adds nothing when run again, and keeps what the owner changed", async () => {
		const before = await items();
		await database.db.updateTable("points_rule").set({ points_per_unit: 3 }).where("tenant_id", "=", 1).execute();
		await database.db
			.updateTable("points_item")
			.set({ stock: 7, on_shelf: false })
			.where("id", "=", before[0]?.id ?? 0)
			.execute();

		await seedDemo(database.db, { dataDir });

		const after = await items();
		expect(after.map((row) => row.id)).toEqual(before.map((row) => row.id));
		expect(after[0]).toMatchObject({ stock: 7, on_shelf: false });
		const rule = await database.db.selectFrom("points_rule").select("points_per_unit").executeTakeFirstOrThrow();
		expect(rule.points_per_unit).toBe(3);
	});
});
