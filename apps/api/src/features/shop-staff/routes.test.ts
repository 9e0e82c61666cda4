import { ErrorCode, formatMessage, type MemberInfo, type StaffMember } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { closeLiveSockets, connectLive, orderEvents, ticketFor, until } from "../../../test/live-socket.js";
import { OrderingFixture } from "../../../test/ordering.js";
import { addShop, memberWithRole as givenRole } from "../../../test/shops.js";

let server: TestServer;
let fx: OrderingFixture;
let owner: { accessToken: string; userId: number };
let angkorShopId: number;
const COCONUT = "Fresh young coconut";

beforeAll(async () => {
	server = await startTestServer();
	fx = await new OrderingFixture(server).load();
	fx.moveClockToLocal("12:00");
	owner = await server.signIn("13800000001");
	angkorShopId = await addShop(server, "angkor");
});
afterAll(async () => {
	closeLiveSockets();
	await server?.close();
});

const list = (token: string, shopId = 1) =>
	server.call<StaffMember[]>("GET", `/app-api/merchant/staff/list?shopId=${shopId}`, { token });
const add = (token: string, body: Record<string, unknown>, lang?: string) =>
	server.call<StaffMember[]>("POST", "/app-api/merchant/staff/add", { token, body, lang });
const setRole = (token: string, body: Record<string, unknown>, lang?: string) =>
	server.call<StaffMember[]>("POST", "/app-api/merchant/staff/role", { token, body, lang });
const remove = (token: string, body: Record<string, unknown>, lang?: string) =>
	server.call<StaffMember[]>("POST", "/app-api/merchant/staff/remove", { token, body, lang });
const memberInfo = async (token: string) =>
	(await server.call<MemberInfo>("GET", "/app-api/member/user/get-info", { token })).data;
const board = (token: string) => server.call("GET", "/app-api/merchant/order/list?shopId=1", { token });

const memberWithRole = (mobile: string, role: "owner" | "manager" | "staff", shopId = 1) =>
	givenRole(server, mobile, role, shopId);

/** What the staff list and change log hold, to show a refused call changed nothing. */
async function snapshot() {
	const db = server.deps.db;
	const [staff, changes, members] = await Promise.all([
		db
			.selectFrom("shop_staff")
			.select(["shop_id", "member_id", "role"])
			.orderBy("shop_id")
			.orderBy("member_id")
			.execute(),
		db
			.selectFrom("shop_change")
			.select((eb) => eb.fn.countAll<number>().as("n"))
			.executeTakeFirstOrThrow(),
		db
			.selectFrom("member")
			.select((eb) => eb.fn.countAll<number>().as("n"))
			.executeTakeFirstOrThrow(),
	]);
	return { staff, changes: Number(changes.n), members: Number(members.n) };
}

const staffChanges = () =>
	server.deps.db
		.selectFrom("shop_change")
		.select(["shop_id", "member_id", "subject", "subject_id", "action", "before", "after"])
		.where("subject", "=", "shop_staff")
		.orderBy("id")
		.execute();

describe("the owner manages the shop's staff", () => {
	it("adds someone who never signed in by phone: at their first sign-in they are staff and see the board", async () => {
		const changesBefore = (await staffChanges()).length;
		const added = await add(owner.accessToken, { shopId: 1, mobile: "13900001001", role: "staff" });

		expect(added.code).toBe(0);
		const newcomer = added.data.find((member) => member.mobile === "13900001001");
		expect(newcomer).toMatchObject({ role: "staff", hasSignedIn: false });
		const log = await staffChanges();
		expect(log.slice(changesBefore)).toEqual([
			{
				shop_id: 1,
				member_id: owner.userId,
				subject: "shop_staff",
				subject_id: String(newcomer?.memberId),
				action: "create",
				before: null,
				after: { mobile: "13900001001", role: "staff" },
			},
		]);

		const session = await server.signIn("13900001001");
		expect(session.userId).toBe(newcomer?.memberId);
		const info = await memberInfo(session.accessToken);
		expect(info.isMerchant).toBe(true);
		expect(info.merchantShops).toEqual([expect.objectContaining({ shopId: 1, role: "staff" })]);
		expect((await board(session.accessToken)).code).toBe(0);
		expect((await list(owner.accessToken)).data.find((m) => m.mobile === "13900001001")?.hasSignedIn).toBe(true);
	});

	it("adds a member who already signed in, with the role chosen", async () => {
		const customer = await server.signIn("13900001002");
		expect((await board(customer.accessToken)).code).toBe(ErrorCode.Forbidden);

		const added = await add(owner.accessToken, { shopId: 1, mobile: "13900001002", role: "manager" });

		expect(added.data.find((member) => member.memberId === customer.userId)?.role).toBe("manager");
		expect((await memberInfo(customer.accessToken)).merchantShops).toEqual([
			expect.objectContaining({ shopId: 1, role: "manager" }),
		]);
	});

	it("refuses bad input with a clear message and changes nothing", async () => {
		const before = await snapshot();
		const badPhone = await add(owner.accessToken, { shopId: 1, mobile: "12345", role: "staff" }, "en");
		const lettersInPhone = await add(owner.accessToken, { shopId: 1, mobile: "1390000100a", role: "staff" }, "km");
		const noPhone = await add(owner.accessToken, { shopId: 1, mobile: "", role: "staff" }, "en");
		const unknownRole = await add(owner.accessToken, { shopId: 1, mobile: "13900001003", role: "chef" }, "en");
		const unknownRoleChange = await setRole(
			owner.accessToken,
			{ shopId: 1, memberId: owner.userId, role: "boss" },
			"zh-CN",
		);
		const textId = await remove(owner.accessToken, { shopId: 1, memberId: "5" }, "en");
		const extraField = await add(owner.accessToken, { shopId: 1, mobile: "13900001003", role: "staff", admin: true });
		const twice = await add(owner.accessToken, { shopId: 1, mobile: "13800000002", role: "manager" }, "en");

		expect(badPhone).toMatchObject({ code: ErrorCode.BadRequest, msg: formatMessage("phoneFormat", "en") });
		expect(lettersInPhone).toMatchObject({ code: ErrorCode.BadRequest, msg: formatMessage("phoneFormat", "km") });
		expect(noPhone).toMatchObject({ code: ErrorCode.BadRequest, msg: formatMessage("fillPhone", "en") });
		expect(unknownRole).toMatchObject({ code: ErrorCode.BadRequest, msg: formatMessage("staffRoleInvalid", "en") });
		expect(unknownRoleChange).toMatchObject({
			code: ErrorCode.BadRequest,
			msg: formatMessage("staffRoleInvalid", "zh-CN"),
		});
		expect(textId.code).toBe(ErrorCode.BadRequest);
		expect(extraField.code).toBe(ErrorCode.BadRequest);
		expect(twice).toMatchObject({ code: ErrorCode.StaffAlreadyAdded, msg: formatMessage("staffAlreadyAdded", "en") });
		expect(await snapshot()).toEqual(before);
	});

	it("changes a role, records before and after, and lets the new role act at once", async () => {
		const clerk = await memberWithRole("13900001004", "staff");
		expect(
			(await server.call("GET", "/app-api/merchant/changes/page?shopId=1", { token: clerk.accessToken })).code,
		).toBe(ErrorCode.Forbidden);

		const changed = await setRole(owner.accessToken, { shopId: 1, memberId: clerk.userId, role: "manager" });

		expect(changed.data.find((member) => member.memberId === clerk.userId)?.role).toBe("manager");
		expect((await staffChanges()).at(-1)).toMatchObject({
			subject_id: String(clerk.userId),
			action: "update",
			before: { mobile: "13900001004", role: "staff" },
			after: { mobile: "13900001004", role: "manager" },
		});
		expect(
			(await server.call("GET", "/app-api/merchant/changes/page?shopId=1", { token: clerk.accessToken })).code,
		).toBe(0);

		// The same role again changes nothing and records nothing.
		const logLength = (await staffChanges()).length;
		expect((await setRole(owner.accessToken, { shopId: 1, memberId: clerk.userId, role: "manager" })).code).toBe(0);
		expect((await staffChanges()).length).toBe(logLength);
	});

	it("never demotes or removes the last owner, and lets a second owner step down", async () => {
		const before = await snapshot();
		const demoteSelf = await setRole(owner.accessToken, { shopId: 1, memberId: owner.userId, role: "manager" }, "en");
		const removeSelf = await remove(owner.accessToken, { shopId: 1, memberId: owner.userId }, "km");

		expect(demoteSelf).toMatchObject({ code: ErrorCode.StaffLastOwner, msg: formatMessage("staffLastOwner", "en") });
		expect(removeSelf).toMatchObject({ code: ErrorCode.StaffLastOwner, msg: formatMessage("staffLastOwner", "km") });
		expect(await snapshot()).toEqual(before);

		const partner = await server.signIn("13900001005");
		await add(owner.accessToken, { shopId: 1, mobile: "13900001005", role: "owner" });
		const stepDown = await setRole(partner.accessToken, { shopId: 1, memberId: partner.userId, role: "staff" });
		expect(stepDown.code).toBe(ErrorCode.Forbidden); // a staff member no longer reads the list
		expect((await list(owner.accessToken)).data.find((m) => m.memberId === partner.userId)?.role).toBe("staff");
		expect((await setRole(owner.accessToken, { shopId: 1, memberId: owner.userId, role: "staff" })).code).toBe(
			ErrorCode.StaffLastOwner,
		);
	});

	it("lets only one of two owners demoting each other at the same moment succeed", async () => {
		for (let round = 0; round < 3; round++) {
			const a = await memberWithRole(`1390000106${round}`, "owner", angkorShopId);
			const b = await memberWithRole(`1390000107${round}`, "owner", angkorShopId);
			await server.deps.db
				.deleteFrom("shop_staff")
				.where("shop_id", "=", angkorShopId)
				.where("member_id", "not in", [a.userId, b.userId])
				.execute();

			const answers = await Promise.all([
				setRole(a.accessToken, { shopId: angkorShopId, memberId: b.userId, role: "staff" }),
				setRole(b.accessToken, { shopId: angkorShopId, memberId: a.userId, role: "staff" }),
			]);

			expect(answers.map((answer) => answer.code).sort()).toEqual([0, ErrorCode.Forbidden]);
			const owners = await server.deps.db
				.selectFrom("shop_staff")
				.select("member_id")
				.where("shop_id", "=", angkorShopId)
				.where("role", "=", "owner")
				.execute();
			expect(owners).toHaveLength(1);
		}
	});
});

describe("who may manage the staff", () => {
	it("refuses managers, staff, customers and other shops' owners, giving no hint of what exists", async () => {
		const manager = await memberWithRole("13900001011", "manager");
		const clerk = await memberWithRole("13900001012", "staff");
		const customer = await server.signIn("13900001013");
		const otherOwner = await memberWithRole("13900001014", "owner", angkorShopId);
		const target = (await list(owner.accessToken)).data.find((m) => m.memberId === clerk.userId);
		expect(target).toBeDefined();
		const before = await snapshot();

		for (const caller of [manager, clerk, customer, otherOwner]) {
			const answers = await Promise.all([
				list(caller.accessToken),
				add(caller.accessToken, { shopId: 1, mobile: "13900001015", role: "owner" }),
				setRole(caller.accessToken, { shopId: 1, memberId: clerk.userId, role: "owner" }),
				setRole(caller.accessToken, { shopId: 1, memberId: 987_654, role: "owner" }),
				remove(caller.accessToken, { shopId: 1, memberId: clerk.userId }),
				remove(caller.accessToken, { shopId: 1, memberId: 987_654 }),
			]);
			for (const answer of answers) expect(answer).toMatchObject({ code: ErrorCode.Forbidden, data: null });
		}
		// A customer is answered alike for a shop that exists and one that does not.
		expect(await list(customer.accessToken, 999_999)).toEqual(await list(customer.accessToken, 1));
		// The owner is told "not found" alike for a customer's id and an id nobody has.
		const notStaff = await setRole(owner.accessToken, { shopId: 1, memberId: customer.userId, role: "staff" });
		const nobody = await setRole(owner.accessToken, { shopId: 1, memberId: 987_654, role: "staff" });
		expect(notStaff).toMatchObject({ code: ErrorCode.NotFound });
		expect(nobody).toEqual(notStaff);
		expect(await snapshot()).toEqual(before);
	});
});

describe("removing a member of the staff", () => {
	it("refuses their next merchant call and stops their websocket hearing the shop's orders", async () => {
		const clerk = await memberWithRole("13900001021", "staff");
		const customer = await server.signIn("13900001022");
		await fx.grant(customer.userId, 5000);
		const clerkSocket = await connectLive(server, `ticket=${await ticketFor(server, clerk.accessToken)}`);
		const ownerSocket = await connectLive(server, `ticket=${await ticketFor(server, owner.accessToken)}`);
		const first = await fx.paidOrder(customer.accessToken, COCONUT);
		await until(() => orderEvents(clerkSocket.messages, first.id).length > 0);

		const removed = await remove(owner.accessToken, { shopId: 1, memberId: clerk.userId });

		expect(removed.data.some((member) => member.memberId === clerk.userId)).toBe(false);
		expect((await board(clerk.accessToken)).code).toBe(ErrorCode.Forbidden);
		expect((await memberInfo(clerk.accessToken)).merchantShops).toEqual([]);
		await until(() => clerkSocket.messages.some((m) => m.type === "staff.changed"));
		expect(clerkSocket.messages.find((m) => m.type === "staff.changed")?.data).toEqual({ shopId: 1, role: null });
		expect((await staffChanges()).at(-1)).toMatchObject({
			subject_id: String(clerk.userId),
			action: "delete",
			before: { mobile: "13900001021", role: "staff" },
			after: null,
		});

		const second = await fx.paidOrder(customer.accessToken, COCONUT);
		await until(() => orderEvents(ownerSocket.messages, second.id).length > 0);
		expect(orderEvents(clerkSocket.messages, second.id)).toEqual([]);
	});

	it("lets a socket opened before someone was added hear the shop's orders from then on", async () => {
		const newcomer = await server.signIn("13900001023");
		const customer = await server.signIn("13900001024");
		await fx.grant(customer.userId, 5000);
		const socket = await connectLive(server, `ticket=${await ticketFor(server, newcomer.accessToken)}`);

		await add(owner.accessToken, { shopId: 1, mobile: "13900001023", role: "staff" });
		await until(() => socket.messages.some((m) => m.type === "staff.changed"));
		const order = await fx.paidOrder(customer.accessToken, COCONUT);

		await until(() => orderEvents(socket.messages, order.id).length > 0);
	});
});
