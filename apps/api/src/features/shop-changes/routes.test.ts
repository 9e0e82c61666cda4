import { ErrorCode, type PageResult, type ShopChangeView } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { memberWithRole as givenRole } from "../../../test/shops.js";
import { recordShopChange } from "./record.js";

let server: TestServer;
let owner: { accessToken: string; userId: number };

beforeAll(async () => {
	server = await startTestServer();
	owner = await server.signIn("13800000001");
});
afterAll(async () => {
	await server?.close();
});

const page = (token: string, query: string, lang?: string) =>
	server.call<PageResult<ShopChangeView>>("GET", `/app-api/merchant/changes/page?${query}`, { token, lang });

const memberWithRole = (mobile: string, role: "owner" | "manager" | "staff") => givenRole(server, mobile, role);

describe("the change log", () => {
	it("pages the shop's changes newest first, with who made them and only the fields that changed", async () => {
		await server.deps.db.transaction().execute(async (trx) => {
			for (let price = 1; price <= 5; price++)
				await recordShopChange(trx, {
					tenantId: 1,
					shopId: 1,
					memberId: owner.userId,
					subject: "menu_item",
					subjectId: 7,
					action: "update",
					before: { name: { "zh-CN": "椰子", en: "Coconut", km: "ដូង" }, price: price * 100, stock: null },
					after: { name: { "zh-CN": "椰子", en: "Coconut", km: "ដូង" }, price: price * 100 + 50, stock: null },
				});
			await recordShopChange(trx, {
				tenantId: 1,
				shopId: 1,
				memberId: owner.userId,
				subject: "menu_category",
				subjectId: 3,
				action: "create",
				after: { name: { "zh-CN": "甜点", en: "Desserts" }, visible: true },
			});
		});

		const first = await page(owner.accessToken, "shopId=1&page=1&pageSize=4", "en");
		const second = await page(owner.accessToken, "shopId=1&page=2&pageSize=4", "km");

		expect(first.code).toBe(0);
		expect(first.data.total).toBe(6);
		expect(first.data.list).toHaveLength(4);
		expect(second.data.list).toHaveLength(2);
		const ids = [...first.data.list, ...second.data.list].map((change) => change.id);
		expect(ids).toEqual([...ids].sort((a, b) => b - a));
		expect(first.data.list[0]).toMatchObject({
			subject: "menu_category",
			action: "create",
			label: "Desserts",
			by: { memberId: owner.userId, mobile: "13800000001" },
			fields: [
				{ field: "name", before: null, after: "Desserts" },
				{ field: "visible", before: null, after: true },
			],
		});
		expect(first.data.list[1]).toMatchObject({
			subject: "menu_item",
			subjectId: "7",
			label: "Coconut",
			fields: [{ field: "price", before: 500, after: 550 }],
		});
		// Names are read in the reader's language; Chinese when the record lacks it.
		expect(second.data.list.map((change) => change.label)).toEqual(["ដូង", "ដូង"]);
		const inKhmer = await page(owner.accessToken, "shopId=1&pageSize=1", "km");
		expect(inKhmer.data.list[0]?.label).toBe("甜点");
	});

	it("is read by owners and managers only, and by no one of another shop", async () => {
		const manager = await memberWithRole("13900002001", "manager");
		const clerk = await memberWithRole("13900002002", "staff");
		const customer = await server.signIn("13900002003");

		expect((await page(manager.accessToken, "shopId=1")).data.total).toBe(6);
		expect(await page(clerk.accessToken, "shopId=1")).toMatchObject({ code: ErrorCode.Forbidden, data: null });
		const asCustomer = await page(customer.accessToken, "shopId=1");
		expect(asCustomer).toMatchObject({ code: ErrorCode.Forbidden, data: null });
		expect(await page(customer.accessToken, "shopId=999999")).toEqual(asCustomer);
		expect(await page(owner.accessToken, "shopId=999999")).toMatchObject({ code: ErrorCode.NotFound, data: null });
	});

	it("refuses a bad page or size", async () => {
		for (const query of ["shopId=1&page=0", "shopId=1&pageSize=500", "shopId=abc", "page=1", "shopId=1&page=1.5"])
			expect((await page(owner.accessToken, query)).code, query).toBe(ErrorCode.BadRequest);
	});
});
