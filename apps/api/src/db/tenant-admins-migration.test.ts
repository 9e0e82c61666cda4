import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/harness.js";
import type { Database } from "./database.js";
import { migrate } from "./migrate.js";

/**
 * Migration 0026 made the business's administrators (issue 27) out of the people who already
 * ran each business: the owners of its first shop (lowest id). Its statement runs here again on
 * businesses set up the way they were before it, since a fresh database has nobody to promote.
 */

const MIGRATION = new URL("./migrations/0026_tenant_admins.sql", import.meta.url);
/** The migration's statement that promotes the owners (everything from its INSERT on). */
const promoteOwners = () => {
	const text = readFileSync(MIGRATION, "utf8");
	return text.slice(text.indexOf("INSERT INTO tenant_admin"));
};

let database: Database;
let dropDatabase: () => Promise<void> = async () => {};

beforeAll(async () => {
	({ database, dropDatabase } = await openTestDatabase());
	await migrate(database);
});
afterAll(async () => {
	await database?.close();
	await dropDatabase();
});

async function tenant(id: number) {
	await database.db
		.insertInto("tenant")
		.values({
			id,
			name: `Business ${id}`,
			shop_key: `business-${id}`,
			currency_code: "USD",
			currency_symbol: "$",
			currency_decimals: 2,
			currency_symbol_position: "before",
		})
		.execute();
}

async function shop(tenantId: number, code: string, staff: Array<[number, "owner" | "manager" | "staff"]>) {
	const { id } = await database.db
		.insertInto("shop")
		.values({
			tenant_id: tenantId,
			code,
			name: JSON.stringify({ "zh-CN": code }),
			address: JSON.stringify({ "zh-CN": "金边" }),
			phone: "+855 23 000 000",
			latitude: 11.56,
			longitude: 104.92,
			timezone: "Asia/Phnom_Penh",
		})
		.returning("id")
		.executeTakeFirstOrThrow();
	if (staff.length > 0)
		await database.db
			.insertInto("shop_staff")
			.values(staff.map(([memberId, role]) => ({ shop_id: id, member_id: memberId, role })))
			.execute();
	return id;
}

async function member(tenantId: number, mobile: string) {
	const { id } = await database.db
		.insertInto("member")
		.values({ tenant_id: tenantId, mobile, nickname: mobile, avatar: null, birthday: null, updated_at: new Date() })
		.returning("id")
		.executeTakeFirstOrThrow();
	return id;
}

describe("migration 0026: the business's first administrators", () => {
	it("makes the owners of each business's first shop its administrators, and nobody else", async () => {
		await tenant(7);
		await tenant(8);
		await tenant(9);
		// One after another: ids in this order, so the list below (by member id) is in it too.
		const founder = await member(7, "13900007001");
		const partner = await member(7, "13900007002");
		const manager = await member(7, "13900007003");
		const branchOwner = await member(7, "13900007004");
		const other = await member(8, "13900008001");
		const lonely = await member(9, "13900009001");
		await shop(7, "first", [
			[founder, "owner"],
			[partner, "owner"],
			[manager, "manager"],
		]);
		await shop(7, "branch", [
			[branchOwner, "owner"],
			[founder, "owner"],
		]);
		await shop(8, "only", [[other, "owner"]]);
		// A business whose first shop has no owner any more promotes nobody (its staff are not owners).
		await shop(9, "ownerless", [[lonely, "staff"]]);

		await sql.raw(promoteOwners()).execute(database.db);
		// Run twice, as a migration retried after a crash would: nothing doubles.
		await sql.raw(promoteOwners()).execute(database.db);

		const admins = await database.db
			.selectFrom("tenant_admin")
			.select(["tenant_id", "member_id", "granted_by"])
			.orderBy("tenant_id")
			.orderBy("member_id")
			.execute();
		expect(admins).toEqual([
			{ tenant_id: 7, member_id: founder, granted_by: null },
			{ tenant_id: 7, member_id: partner, granted_by: null },
			{ tenant_id: 8, member_id: other, granted_by: null },
		]);
	});
});
