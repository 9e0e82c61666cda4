import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../apps/api/src/db/schema.js";
import { createTeaShop, grantBalance, text } from "./bench-shop.js";
import { moneyBackingInvariant } from "./money-backing.js";
import { signIn } from "./sign-in.js";

/** Claims each bench customer makes of the one hot template (its whole quantity is this × customers). */
export const CLAIMS_PER_CUSTOMER = 20;
/** Coupons each customer holds for the order run (more than anyone orders in the bench's seconds). */
const COUPONS_PER_CUSTOMER = 400;
/** The contract's most per member; the order run's coupons come from several templates. */
const PER_MEMBER_LIMIT = 100;
const TEA_PRICE = 150;
const COUPON_OFF = 50;

export interface CouponBenchResult {
	customers: number;
	claims: { total: number; elapsedSeconds: number; perSecond: number; p50Ms: number; p99Ms: number; failures: number };
	/** Orders placed and paid, without and then with a coupon, for `seconds` each. */
	orders: Array<{
		label: string;
		ordersPaid: number;
		elapsedSeconds: number;
		perSecond: number;
		p50Ms: number;
		p99Ms: number;
		failures: number;
	}>;
	seconds: number;
	invariants: Array<{ name: string; holds: boolean; detail: string }>;
}

/**
 * Coupons under load (issue 13), against the real server:
 * - claims: every customer claims the same template at once, CLAIMS_PER_CUSTOMER times each,
 *   until its whole quantity is gone. Each claim locks the template's row, so this is the
 *   worst case: one hot coupon everyone wants.
 * - orders: customers place and pay orders (create + pay from balance, like the orders bench)
 *   for a fixed time, first without a coupon, then each with one of their own coupons ($0.50
 *   off), in the same shop, so the two figures compare the coupon's cost: its lookup when the
 *   cart is priced, its row lock and re-check in the order's transaction, marking it used.
 * The customers' coupons for the order run are written with a few set-based statements (as
 * claims would leave them, templates' counts included) rather than 20,000 claims. Afterwards
 * the invariants are checked, not assumed.
 */
export async function benchCoupons(args: {
	db: Kysely<DB>;
	url: string;
	dataDir: string;
	customers: number;
	seconds: number;
}): Promise<CouponBenchResult> {
	const { db } = args;
	const now = new Date();
	// Untracked stock: the orders contend on nothing but what ordering always shares.
	const { shopId, itemId } = await createTeaShop(db, {
		code: "bench-coupons",
		name: text("Coupon bench shop"),
		address: text("No. 2"),
		stock: null,
		price: TEA_PRICE,
		texts: { category: text("Drinks"), tea: text("Tea") },
	});

	const customers: Array<{ token: string; memberId: number }> = [];
	for (let i = 0; i < args.customers; i++) {
		const mobile = `136${String(20_000_000 + i)}`;
		const token = await signIn(args.url, args.dataDir, mobile);
		const member = await db.selectFrom("member").select("id").where("mobile", "=", mobile).executeTakeFirstOrThrow();
		await grantBalance(db, member.id, 1_000_000, `bench-coupon-grant:${member.id}`);
		customers.push({ token, memberId: member.id });
	}
	const headers = (token: string) => ({
		"content-type": "application/json",
		"tenant-id": "1",
		authorization: `Bearer ${token}`,
	});
	const post = async (path: string, token: string, body: unknown, extra: Record<string, string> = {}) =>
		(await (
			await fetch(`${args.url}/app-api${path}`, {
				method: "POST",
				headers: { ...headers(token), ...extra },
				body: JSON.stringify(body),
			})
		).json()) as { code: number; data: { id: number } };

	// 1. Everyone claims the one hot template until none are left.
	const hotQuantity = CLAIMS_PER_CUSTOMER * customers.length;
	const hot = await insertTemplate(db, { title: "Hot coupon", quantity: hotQuantity, now });
	const claimLatencies: number[] = [];
	let claimFailures = 0;
	const claimsStarted = performance.now();
	await Promise.all(
		customers.map(async (customer) => {
			for (let n = 0; n < CLAIMS_PER_CUSTOMER; n++) {
				const started = performance.now();
				const answer = await post(
					"/coupon/receive",
					customer.token,
					{ templateId: hot },
					{ "idempotency-key": randomUUID() },
				);
				if (answer.code === 0) claimLatencies.push(performance.now() - started);
				else claimFailures++;
			}
		}),
	);
	const claimSeconds = (performance.now() - claimsStarted) / 1000;

	// 2. Coupons for the order run: COUPONS_PER_CUSTOMER each, from templates of PER_MEMBER_LIMIT.
	const couponIds = await giveCoupons(db, customers, now);

	// 3. Orders without, then with a coupon, in the same shop.
	const order = (token: string, couponId?: number) =>
		post(
			"/order/create",
			token,
			{
				shopId,
				orderType: "takein",
				lines: [{ itemId, quantity: 1, optionIds: [] }],
				...(couponId === undefined ? {} : { couponId }),
			},
			{ "idempotency-key": randomUUID() },
		);
	const runOrders = async (label: string, withCoupon: boolean) => {
		const latencies: number[] = [];
		let failures = 0;
		const startedAt = performance.now();
		const deadline = Date.now() + args.seconds * 1000;
		await Promise.all(
			customers.map(async (customer) => {
				const mine = couponIds.get(customer.memberId) ?? [];
				while (Date.now() < deadline) {
					const started = performance.now();
					const couponId = withCoupon ? mine.shift() : undefined;
					if (withCoupon && couponId === undefined) break;
					const created = await order(customer.token, couponId);
					if (created.code !== 0) {
						failures++;
						continue;
					}
					const paid = await post("/order/pay", customer.token, { orderId: created.data.id, payMethod: "balance" });
					if (paid.code !== 0) failures++;
					else latencies.push(performance.now() - started);
				}
			}),
		);
		const elapsedSeconds = (performance.now() - startedAt) / 1000;
		return { label, ...rates(latencies, elapsedSeconds), failures };
	};
	const without = await runOrders("orders without a coupon", false);
	const withCoupon = await runOrders("orders with a coupon", true);

	const invariants = [...(await checkInvariants(db, { hot, hotQuantity, shopId })), await moneyBackingInvariant(db)];
	const claims = rates(claimLatencies, claimSeconds);
	return {
		customers: customers.length,
		claims: {
			total: claims.ordersPaid,
			elapsedSeconds: claims.elapsedSeconds,
			perSecond: claims.perSecond,
			p50Ms: claims.p50Ms,
			p99Ms: claims.p99Ms,
			failures: claimFailures,
		},
		orders: [without, withCoupon],
		seconds: args.seconds,
		invariants,
	};
}

function rates(latencies: number[], elapsedSeconds: number) {
	const sorted = [...latencies].sort((a, b) => a - b);
	const at = (q: number) =>
		Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN) * 10) / 10;
	return {
		ordersPaid: sorted.length,
		elapsedSeconds: Math.round(elapsedSeconds * 100) / 100,
		perSecond: Math.round((sorted.length / elapsedSeconds) * 10) / 10,
		p50Ms: at(0.5),
		p99Ms: at(0.99),
	};
}

/** A listed template of $0.50 off any order at every shop, valid 30 days from claiming. */
async function insertTemplate(
	db: Kysely<DB>,
	args: { title: string; quantity: number; now: Date; claimed?: number },
): Promise<number> {
	const row = await db
		.insertInto("coupon_template")
		.values({
			tenant_id: 1,
			title: text(args.title),
			instructions: JSON.stringify({ "zh-CN": "" }),
			kind: "amount_off",
			amount_off: COUPON_OFF,
			threshold: 0,
			use_type: 0,
			validity_kind: "days",
			valid_days: 30,
			total_quantity: args.quantity,
			claimed_count: args.claimed ?? 0,
			per_member_limit: PER_MEMBER_LIMIT,
			created_at: args.now,
			updated_at: args.now,
		})
		.returning("id")
		.executeTakeFirstOrThrow();
	return row.id;
}

/**
 * COUPONS_PER_CUSTOMER unused coupons for every customer, PER_MEMBER_LIMIT from each of a few
 * templates whose claimed counts say so: what that many claims would have left behind.
 */
async function giveCoupons(
	db: Kysely<DB>,
	customers: Array<{ memberId: number }>,
	now: Date,
): Promise<Map<number, number[]>> {
	const templates = Math.ceil(COUPONS_PER_CUSTOMER / PER_MEMBER_LIMIT);
	const memberIds = customers.map((customer) => customer.memberId);
	for (let t = 0; t < templates; t++) {
		const count = PER_MEMBER_LIMIT * customers.length;
		const templateId = await insertTemplate(db, {
			title: `Order coupon ${t + 1}`,
			quantity: count,
			claimed: count,
			now,
		});
		await sql`
			INSERT INTO member_coupon (tenant_id, template_id, member_id, valid_from, valid_until, claimed_at, idempotency_key)
			SELECT 1, ${templateId}, m.id, ${now}, ${now}::timestamptz + interval '30 days', ${now}, 'bench-' || ${templateId} || '-' || n
			FROM unnest(${sql.val(memberIds)}::bigint[]) AS m(id)
			CROSS JOIN generate_series(1, ${PER_MEMBER_LIMIT}::int) AS n`.execute(db);
	}
	await sql`ANALYZE member_coupon, coupon_template`.execute(db);
	const rows = await db
		.selectFrom("member_coupon")
		.select(["id", "member_id"])
		.where("member_id", "in", memberIds)
		.where("status", "=", "unused")
		.where("idempotency_key", "like", "bench-%")
		.orderBy("id")
		.execute();
	const byMember = new Map<number, number[]>();
	for (const row of rows) byMember.set(row.member_id, [...(byMember.get(row.member_id) ?? []), row.id]);
	return byMember;
}

async function checkInvariants(db: Kysely<DB>, args: { hot: number; hotQuantity: number; shopId: number }) {
	const check = async (name: string, query: ReturnType<typeof sql>) => {
		const rows = (await query.execute(db)).rows as unknown[];
		return {
			name,
			holds: rows.length === 0,
			detail: rows.length === 0 ? "ok" : `${rows.length} violation(s), e.g. ${JSON.stringify(rows[0])}`,
		};
	};
	const hot = await db
		.selectFrom("coupon_template")
		.select("claimed_count")
		.where("id", "=", args.hot)
		.executeTakeFirstOrThrow();
	const hotRows = await db
		.selectFrom("member_coupon")
		.select((eb) => eb.fn.countAll<string>().as("n"))
		.where("template_id", "=", args.hot)
		.executeTakeFirstOrThrow();
	return [
		{
			name: `the hot template gave exactly its ${args.hotQuantity}`,
			holds: hot.claimed_count === args.hotQuantity && Number(hotRows.n) === args.hotQuantity,
			detail: `claimed_count ${hot.claimed_count}, ${hotRows.n} coupons`,
		},
		await check(
			"no member holds more of a template than its per-member limit",
			sql`SELECT c.member_id, c.template_id FROM member_coupon c JOIN coupon_template t ON t.id = c.template_id
				GROUP BY c.member_id, c.template_id, t.per_member_limit HAVING count(*) > t.per_member_limit`,
		),
		await check(
			"every order with a coupon holds it, used, and no coupon serves two orders",
			sql`SELECT o.id FROM customer_order o LEFT JOIN member_coupon c ON c.id = o.coupon_id
				WHERE o.shop_id = ${args.shopId} AND o.coupon_id IS NOT NULL
				AND (c.status IS DISTINCT FROM 'used' OR c.order_id IS DISTINCT FROM o.id)`,
		),
		await check(
			"every used coupon's order names it and took its discount",
			sql`SELECT c.id FROM member_coupon c JOIN customer_order o ON o.id = c.order_id
				WHERE c.status = 'used' AND (o.coupon_id <> c.id OR o.coupon_discount <> ${COUPON_OFF}
					OR o.total <> o.subtotal + o.delivery_fee - o.member_discount - o.coupon_discount)`,
		),
		await check(
			"every ledger transaction sums to zero",
			sql`SELECT txn_id FROM ledger_entry GROUP BY txn_id HAVING sum(amount) <> 0`,
		),
	];
}
