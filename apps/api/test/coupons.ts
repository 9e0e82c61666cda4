import type {
	CouponCount,
	CouponOffer,
	CouponsForCart,
	CouponTemplateAdmin,
	CouponTemplateList,
	MyCoupon,
	PageResult,
	SaveCouponTemplateInput,
} from "@bayon/contract";
import type { TestServer } from "./harness.js";

type Caller = { accessToken: string; userId: number };
/** A template's fields as the editor sends them; tests also send wrong ones on purpose. */
export type TemplateFields = Partial<Record<keyof SaveCouponTemplateInput, unknown>> & Record<string, unknown>;

/** Helpers for stories about coupons (issue 13) on the demo tenant. */
export class CouponFixture {
	private counter = 0;
	private members = 0;

	constructor(readonly server: TestServer) {}

	newKey() {
		return `coupon-test-${Date.now()}-${++this.counter}`;
	}

	/**
	 * Saves a template as an owner or manager would (shop 1): by default $3.00 off from $15.00,
	 * any order type, every shop, 30 days from claiming, 1000 of them, one each.
	 */
	saveTemplate(caller: Caller, fields: TemplateFields = {}, lang?: string) {
		const n = ++this.counter;
		return this.server.call<CouponTemplateList>("POST", "/app-api/merchant/coupons/save", {
			token: caller.accessToken,
			lang,
			body: {
				shopId: 1,
				title: { "zh-CN": `测试券${n}`, en: `Test coupon ${n}`, km: `គូប៉ុងសាកល្បង ${n}` },
				kind: "amountOff",
				amountOff: 300,
				threshold: 1500,
				useType: 0,
				validity: { kind: "days", days: 30 },
				totalQuantity: 1000,
				...fields,
			},
		});
	}

	/** A template that must save: the one saved (the newest, for a new one). */
	async template(caller: Caller, fields: TemplateFields = {}) {
		const saved = await this.saveTemplate(caller, fields);
		if (saved.code !== 0) throw new Error(`saving a coupon template failed: ${saved.code} ${saved.msg}`);
		return savedTemplate(saved.data.templates, fields.id as number | undefined);
	}

	/** The template as the owner's page lists it now. */
	async templateNow(caller: Caller, id: number): Promise<CouponTemplateAdmin> {
		const list = await this.server.call<CouponTemplateList>("GET", "/app-api/merchant/coupons?shopId=1", {
			token: caller.accessToken,
		});
		return savedTemplate(list.data.templates, id);
	}

	claim(caller: Caller, body: Record<string, unknown>, options: { key?: string | null; lang?: string } = {}) {
		const key = options.key === undefined ? this.newKey() : options.key;
		return this.server.call<MyCoupon>("POST", "/app-api/coupon/receive", {
			token: caller.accessToken,
			lang: options.lang,
			headers: key === null ? {} : { "idempotency-key": key },
			body,
		});
	}

	/** Claims a template, which must succeed. */
	async claimed(caller: Caller, templateId: number): Promise<MyCoupon> {
		const answer = await this.claim(caller, { templateId });
		if (answer.code !== 0) throw new Error(`claiming template ${templateId} failed: ${answer.code} ${answer.msg}`);
		return answer.data;
	}

	center(caller?: Caller, query = "", lang = "en") {
		return this.server.call<CouponOffer[]>("GET", `/app-api/coupon/center${query}`, {
			token: caller?.accessToken,
			lang,
		});
	}

	mine(caller: Caller, status = 0, lang = "en") {
		return this.server.call<PageResult<MyCoupon>>("GET", `/app-api/coupon/my?status=${status}`, {
			token: caller.accessToken,
			lang,
		});
	}

	async count(caller: Caller): Promise<number> {
		const answer = await this.server.call<CouponCount>("GET", "/app-api/coupon/count", { token: caller.accessToken });
		if (answer.code !== 0) throw new Error(`coupon count failed: ${answer.code} ${answer.msg}`);
		return answer.data.count;
	}

	forCart(caller: Caller, body: Record<string, unknown>, lang = "en") {
		return this.server.call<CouponsForCart>("POST", "/app-api/coupon/for-cart", {
			token: caller.accessToken,
			lang,
			body: { shopId: 1, orderType: "takein", ...body },
		});
	}

	/** A new member of the tenant; each test file passes its own phone prefix. */
	member(phonePrefix: string) {
		return this.server.signIn(`${phonePrefix}${String(1000 + ++this.members)}`);
	}

	/** The coupon's row as stored. */
	couponRow(id: number) {
		return this.server.deps.db.selectFrom("member_coupon").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
	}

	templateRow(id: number) {
		return this.server.deps.db.selectFrom("coupon_template").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
	}
}

/** The template a save answered about, in the list it answers: by id, or the newest for a new one. */
export function savedTemplate(list: CouponTemplateAdmin[], id?: number): CouponTemplateAdmin {
	const found = id === undefined ? list.reduce((a, b) => (b.id > a.id ? b : a)) : list.find((t) => t.id === id);
	if (!found) throw new Error(`coupon template ${id} is not in the list`);
	return found;
}
