import { ErrorCode } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { memberWithRole as givenRole } from "../../../../test/shops.js";
import { recordShopChange } from "../../shop-changes/record.js";

let server: TestServer;
let owner: { accessToken: string; userId: number };
beforeAll(async () => {
	server = await startTestServer();
	owner = await server.signIn("13800000001");
});
afterAll(async () => {
	await server?.close();
});

const memberWithRole = (mobile: string, role: "owner" | "manager" | "staff") => givenRole(server, mobile, role);

const setDineInPayment = (token: string, payAfterMeal: boolean) =>
	server.call<{ deskPayAfterMeal: boolean }>("POST", "/app-api/merchant/shop/dine-in-payment", {
		token,
		body: { shopId: 1, payAfterMeal },
	});

describe("shop roles", () => {
	it("keeps money settings from a manager, and lets the owner change them", async () => {
		const manager = await memberWithRole("13900000601", "manager");

		const refused = await setDineInPayment(manager.accessToken, false);
		expect(refused.code).toBe(ErrorCode.Forbidden);
		const shop = await server.deps.db
			.selectFrom("shop")
			.select("desk_pay_after_meal")
			.where("id", "=", 1)
			.executeTakeFirstOrThrow();

		const allowed = await setDineInPayment(owner.accessToken, !shop.desk_pay_after_meal);
		expect(allowed.code).toBe(0);
		expect(allowed.data.deskPayAfterMeal).toBe(!shop.desk_pay_after_meal);
		await setDineInPayment(owner.accessToken, shop.desk_pay_after_meal);
	});

	it("tells the app a manager works at the shop as a manager", async () => {
		const manager = await memberWithRole("13900000602", "manager");
		const info = await server.call<{ merchantShops: Array<{ shopId: number; role: string }> }>(
			"GET",
			"/app-api/member/user/get-info",
			{ token: manager.accessToken },
		);
		expect(info.data.merchantShops).toEqual([expect.objectContaining({ shopId: 1, role: "manager" })]);
	});

	it("records a change only when the transaction that made it commits", async () => {
		const entry = {
			tenantId: 1,
			shopId: 1,
			memberId: owner.userId,
			subject: "menu_item",
			subjectId: 10,
			action: "update",
			before: { price: 200 },
			after: { price: 250 },
		};
		await server.deps.db.transaction().execute((trx) => recordShopChange(trx, entry));
		await expect(
			server.deps.db.transaction().execute(async (trx) => {
				await recordShopChange(trx, { ...entry, action: "rolled_back" });
				throw new Error("the change failed");
			}),
		).rejects.toThrow("the change failed");

		const rows = await server.deps.db.selectFrom("shop_change").selectAll().where("shop_id", "=", 1).execute();
		expect(rows.map((row) => row.action)).toEqual(["update"]);
		expect(rows[0]).toMatchObject({
			subject: "menu_item",
			subject_id: "10",
			before: { price: 200 },
			after: { price: 250 },
		});
	});
});
