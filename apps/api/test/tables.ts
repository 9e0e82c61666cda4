import type { BillPaymentResult, MemberInfo, MerchantTable, ResolvedTable, TableBillView } from "@bayon/contract";
import { expect } from "vitest";
import { startTestServer, type TestServer } from "./harness.js";
import { OrderingFixture } from "./ordering.js";
import { addShop } from "./shops.js";

type Caller = { accessToken: string };

/**
 * Helpers for stories about the demo shop's tables: their printed codes, scanning them into
 * the table's seating (decision 009), and the seating's bill.
 */
export class TableFixture {
	/** Table number → the code printed on it (what its QR code carries). */
	readonly printed = new Map<string, string>();

	constructor(readonly server: TestServer) {}

	/** Reads the printed codes, as the shop's staff list them. */
	async load(staff: Caller) {
		const tables = await this.tables(staff);
		for (const table of tables) this.printed.set(table.number, codeOf(table));
		return this;
	}

	async tables(staff: Caller): Promise<MerchantTable[]> {
		const answer = await this.server.call<MerchantTable[]>("GET", "/app-api/merchant/tables?shopId=1", {
			token: staff.accessToken,
		});
		return answer.data;
	}

	/** Scans a code (printed, or a seating token the app kept). */
	scan(code: string, lang?: string) {
		return this.server.call<ResolvedTable>("GET", `/app-api/table/resolve?token=${encodeURIComponent(code)}`, {
			lang,
		});
	}

	/** Scans the code printed on a table now: the token of its current seating. */
	async sitAt(table: string): Promise<string> {
		const printed = this.printed.get(table);
		if (!printed) throw new Error(`no table ${table}`);
		const answer = await this.scan(printed);
		expect(answer.code).toBe(0);
		return answer.data.token;
	}

	billOf(who: Caller, seating: string, lang?: string) {
		return this.server.call<TableBillView | null>(
			"GET",
			`/app-api/order/bill?tableToken=${encodeURIComponent(seating)}`,
			{ token: who.accessToken, lang },
		);
	}

	payBill(who: Caller, seating: string, expectedTotal: number, payMethod = "balance", lang?: string) {
		return this.server.call<BillPaymentResult>("POST", "/app-api/order/bill/pay", {
			token: who.accessToken,
			lang,
			body: { tableToken: seating, payMethod, expectedTotal },
		});
	}

	async balanceOf(who: Caller): Promise<number> {
		const info = await this.server.call<MemberInfo>("GET", "/app-api/member/user/get-info", { token: who.accessToken });
		return info.data.balance;
	}
}

/**
 * The start of a file of stories at the demo shop's tables: the server, its menu loaded, and
 * the table codes as the shop's staff member (who is signed in) lists them.
 */
export async function startAtDemoTables() {
	const server = await startTestServer();
	const fx = await new OrderingFixture(server).load();
	const staff = await server.signIn("13800000002");
	const tables = await new TableFixture(server).load(staff);
	return { server, fx, staff, tables };
}

/** The printed code in a table's QR URL. */
export const codeOf = (table: MerchantTable) => new URL(table.qrUrl).searchParams.get("token") as string;

/**
 * Another shop of tenant 1, with a member working there in the given role: someone who is
 * staff, but not of the demo shop (for "other shops are told nothing" stories).
 */
export async function addOtherShop(server: TestServer, memberId: number, role: "owner" | "staff" = "staff") {
	const shopId = await addShop(server, "angkor");
	await server.deps.db.insertInto("shop_staff").values({ shop_id: shopId, member_id: memberId, role }).execute();
	return shopId;
}

/**
 * Everyone a story about the demo shop's tables needs: its owner, a manager and a staff
 * member, a customer, and the owner of another shop of the tenant (for "other shops are told
 * nothing"). `mobiles` are the manager's and the other owner's, unused elsewhere in the file.
 */
export async function signInTableCast(server: TestServer, mobiles: { manager: string; elsewhere: string }) {
	const owner = await server.signIn("13800000001");
	const staff = await server.signIn("13800000002");
	const customer = await server.signIn("13800000003");
	const manager = await server.signIn(mobiles.manager);
	const elsewhere = await server.signIn(mobiles.elsewhere);
	await server.deps.db
		.insertInto("shop_staff")
		.values({ shop_id: 1, member_id: manager.userId, role: "manager" })
		.execute();
	await addOtherShop(server, elsewhere.userId, "owner");
	return { owner, staff, customer, manager, elsewhere };
}
