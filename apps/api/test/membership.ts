import type { CardPurchaseView, SaveVipCardInput, VipCardAdmin, VipCardDetail, VipCardList } from "@bayon/contract";
import type { TestServer } from "./harness.js";
import { grantBalance, walletBalance } from "./wallet-ledger.js";

type Caller = { accessToken: string; userId: number };

/** Helpers for stories about VIP cards (issue 12) on the demo tenant. */
export class MembershipFixture {
	private counter = 0;
	private members = 0;

	constructor(readonly server: TestServer) {}

	newKey() {
		return `vip-test-${Date.now()}-${++this.counter}`;
	}

	/**
	 * Saves a card type as an owner or manager would (shop 1), with benefits worth testing by
	 * default; the answer is every card type as it now is.
	 */
	saveCardType(caller: Caller, fields: Partial<SaveVipCardInput> & Record<string, unknown> = {}, lang?: string) {
		return this.server.call<VipCardAdmin[]>("POST", "/app-api/merchant/vip-cards/save", {
			token: caller.accessToken,
			lang,
			body: {
				shopId: 1,
				name: { "zh-CN": `测试卡${++this.counter}`, en: `Test card ${this.counter}`, km: `កាតសាកល្បង ${this.counter}` },
				price: 1000,
				validityDays: 30,
				discountPercent: 10,
				...fields,
			},
		});
	}

	/** A card type that must save: the one saved (the newest, for a new one). */
	async cardType(caller: Caller, fields: Partial<SaveVipCardInput> & Record<string, unknown> = {}) {
		const saved = await this.saveCardType(caller, fields);
		if (saved.code !== 0) throw new Error(`saving a card type failed: ${saved.code} ${saved.msg}`);
		return savedCard(saved.data, fields.id);
	}

	buy(caller: Caller, cardTypeId: number, options: { payMethod?: string; key?: string | null; lang?: string } = {}) {
		const key = options.key === undefined ? this.newKey() : options.key;
		return this.server.call<CardPurchaseView>("POST", "/app-api/member/user/buyCard", {
			token: caller.accessToken,
			lang: options.lang,
			headers: key === null ? {} : { "idempotency-key": key },
			body: { cardTypeId, payMethod: options.payMethod ?? "balance" },
		});
	}

	/** Buys from the balance, which must succeed. */
	async bought(caller: Caller, cardTypeId: number) {
		const answer = await this.buy(caller, cardTypeId);
		if (answer.code !== 0) throw new Error(`buying card ${cardTypeId} failed: ${answer.code} ${answer.msg}`);
		return answer.data;
	}

	list(caller?: Caller, lang = "en") {
		return this.server.call<VipCardList>("GET", "/app-api/vip/getList", { token: caller?.accessToken, lang });
	}

	detail(id: number | string, caller?: Caller, lang = "en") {
		return this.server.call<VipCardDetail>("GET", `/app-api/vip/getDetail?id=${id}`, {
			token: caller?.accessToken,
			lang,
		});
	}

	purchase(caller: Caller, id: number, lang = "en") {
		return this.server.call<CardPurchaseView>("GET", `/app-api/vip/purchase?id=${id}`, {
			token: caller.accessToken,
			lang,
		});
	}

	/** Stored value for a member, through the ledger like every balance change. */
	grant(memberId: number, amount: number) {
		return grantBalance(this.server, memberId, amount);
	}

	balanceOf(memberId: number): Promise<number> {
		return walletBalance(this.server, memberId);
	}

	/**
	 * A new member of the tenant with this much stored value. Each test file passes its own
	 * phone prefix, so the members it makes are told apart from the demo's people.
	 */
	async memberWith(balance: number, phonePrefix: string) {
		const member = await this.server.signIn(`${phonePrefix}${String(1000 + ++this.members)}`);
		if (balance > 0) await this.grant(member.userId, balance);
		return member;
	}

	purchasesOf(memberId: number) {
		return this.server.deps.db
			.selectFrom("card_purchase")
			.selectAll()
			.where("member_id", "=", memberId)
			.orderBy("id")
			.execute();
	}

	cardOf(memberId: number) {
		return this.server.deps.db
			.selectFrom("member_card")
			.selectAll()
			.where("member_id", "=", memberId)
			.executeTakeFirst();
	}

	/** The kinds of the ledger txns of a member's card purchases, oldest first. */
	async cardTxnKinds(memberId: number): Promise<string[]> {
		const rows = await this.server.deps.db
			.selectFrom("ledger_txn as t")
			.innerJoin("card_purchase as c", "c.id", "t.card_purchase_id")
			.select("t.kind")
			.where("c.member_id", "=", memberId)
			.orderBy("t.id")
			.execute();
		return rows.map((row) => row.kind);
	}
}

/** The card type a save answered about, in the list it answers: by id, or the newest for a new one. */
export function savedCard(list: VipCardAdmin[], id?: number): VipCardAdmin {
	const found = id === undefined ? list.reduce((a, b) => (b.id > a.id ? b : a)) : list.find((card) => card.id === id);
	if (!found) throw new Error(`card type ${id} is not in the list`);
	return found;
}
