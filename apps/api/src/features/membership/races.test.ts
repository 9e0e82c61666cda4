import { ErrorCode } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { expectLedgerInvariants } from "../../../test/ledger-invariants.js";
import { MembershipFixture } from "../../../test/membership.js";

/**
 * Taps at once (decision 021): every purchase of a member takes the member's row lock, so on
 * PostgreSQL parallel requests take turns and on PGlite (one connection) they run one after
 * the other; either way the balance is charged once and the member holds one card.
 */

type Caller = { accessToken: string; userId: number };

const TAPS = 10;
const DAY_MS = 24 * 3600 * 1000;

let server: TestServer;
let vip: MembershipFixture;
let owner: Caller;

beforeAll(async () => {
	server = await startTestServer();
	vip = new MembershipFixture(server);
	owner = await server.signIn("13800000001");
});
afterAll(async () => {
	await server?.close();
});

/** A new member of the tenant, with this much stored value. */
const memberWith = (balance: number): Promise<Caller> => vip.memberWith(balance, "1392222");

describe("many taps at once", () => {
	it(`buys one card and charges once when a balance that covers one purchase buys ${TAPS} times at once`, async () => {
		const card = await vip.cardType(owner, { price: 1000, validityDays: 30 });
		const member = await memberWith(1500);

		const answers = await Promise.all(Array.from({ length: TAPS }, () => vip.buy(member, card.id)));

		const bought = answers.filter((answer) => answer.code === 0);
		expect(bought).toHaveLength(1);
		expect(answers.filter((answer) => answer.code === ErrorCode.InsufficientBalance)).toHaveLength(TAPS - 1);
		expect(await vip.balanceOf(member.userId)).toBe(500);
		expect(await vip.purchasesOf(member.userId)).toHaveLength(1);
		expect(await vip.cardTxnKinds(member.userId)).toEqual(["card_purchase"]);
		const held = await vip.cardOf(member.userId);
		// One period, not extended by a purchase that was refused.
		expect(new Date(held?.expires_at ?? 0).getTime() - new Date(held?.starts_at ?? 0).getTime()).toBe(30 * DAY_MS);
		await expectLedgerInvariants(server.deps.db);
	});

	it("makes one purchase when the same key arrives many times at once", async () => {
		const card = await vip.cardType(owner, { price: 1000 });
		const member = await memberWith(10_000);
		const key = vip.newKey();

		const answers = await Promise.all(Array.from({ length: TAPS }, () => vip.buy(member, card.id, { key })));

		expect(answers.every((answer) => answer.code === 0)).toBe(true);
		expect(new Set(answers.map((answer) => answer.data.id)).size).toBe(1);
		expect(await vip.purchasesOf(member.userId)).toHaveLength(1);
		expect(await vip.balanceOf(member.userId)).toBe(9000);
		await expectLedgerInvariants(server.deps.db);
	});

	it("gives one card when two different cards are bought at once, and refuses the other", async () => {
		const silver = await vip.cardType(owner, { price: 1000 });
		const gold = await vip.cardType(owner, { price: 2000 });
		const member = await memberWith(10_000);

		const answers = await Promise.all(
			Array.from({ length: TAPS }, (_, i) => vip.buy(member, i % 2 === 0 ? silver.id : gold.id)),
		);

		const winner = answers.find((answer) => answer.code === 0)?.data.cardTypeId;
		const refused = answers.filter((answer) => answer.code === ErrorCode.VipCardOtherActive);
		const extensions = answers.filter((answer) => answer.code === 0);
		// Every tap for the winning card extends it; every tap for the other is refused.
		expect(extensions.every((answer) => answer.data.cardTypeId === winner)).toBe(true);
		expect(extensions.length + refused.length).toBe(TAPS);
		expect(extensions).toHaveLength(TAPS / 2);
		const price = winner === silver.id ? 1000 : 2000;
		expect(await vip.balanceOf(member.userId)).toBe(10_000 - (TAPS / 2) * price);
		const held = await vip.cardOf(member.userId);
		expect(held?.card_type_id).toBe(winner);
		expect(new Date(held?.expires_at ?? 0).getTime() - new Date(held?.starts_at ?? 0).getTime()).toBe(
			(TAPS / 2) * 30 * DAY_MS,
		);
		await expectLedgerInvariants(server.deps.db);
	});
});
