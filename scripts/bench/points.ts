import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../apps/api/src/db/schema.js";
import { postLedgerTxn } from "../../apps/api/src/features/wallet/ledger.js";
import { createBenchShop } from "./bench-shop.js";
import { signIn } from "./sign-in.js";

/** Mall items each redemption phase walks (a member redeems each item once, spec §9). */
const ITEMS_PER_PHASE = 500;
const ITEM_STOCK = 1_000_000;
const ITEM_PRICE = 10;
/** Lines of the bill member's points ledger, read a page at a time. */
export const POINTS_BILL_ENTRIES = 10_000;
const DEEP_PAGE_FROM_OLDEST = 30;

interface Scenario {
	name: string;
	path: string;
	headers?: Record<string, string>;
}
interface Measurement {
	requestsPerSecond: number;
	p50Ms: number;
	p99Ms: number;
	bytesPerResponse: number;
	errors: number;
}

interface RedemptionPhase {
	name: string;
	redeemed: number;
	perSecond: number;
	elapsedSeconds: number;
	p50Ms: number;
	p99Ms: number;
	failures: number;
}

export interface PointsBenchResult {
	members: number;
	phases: RedemptionPhase[];
	bill: Array<{ name: string } & Measurement>;
	invariants: Array<{ name: string; holds: boolean; detail: string }>;
}

/**
 * The points mall under load (issue 13): `members` members who earned their points with a real
 * order (placed, paid and completed through the API) redeem mall items for `seconds`, first all
 * walking the items in the same order (members racing for one item wait on its row lock), then
 * each starting somewhere else (little contention). Then a member's points bill of 10,000 lines
 * (written set-based as cancelled redemptions, each a spend and a give-back) is read, first page
 * and a deep page, with the caller's load generator. The points ledger and stock invariants are
 * checked afterwards, not assumed.
 */
export async function benchPoints(args: PointsBenchArgs): Promise<PointsBenchResult> {
	const { db, url } = args;
	const { shopId, hamperId } = await setUpPointsShop(db);
	const staffToken = await signInStaff(args, shopId);
	const members: BenchMember[] = [];
	for (let i = 0; i < args.members; i++) {
		const mobile = `137${String(20_000_000 + i)}`;
		const token = await signIn(url, args.dataDir, mobile);
		const member = await db.selectFrom("member").select("id").where("mobile", "=", mobile).executeTakeFirstOrThrow();
		members.push({ id: member.id, token });
	}
	// Everyone earns the real way, at once: a paid order of ten hampers, completed by the shop.
	await Promise.all(members.map((member) => earnPoints(args, member, staffToken, { shopId, hamperId })));

	const itemIds = await shelveItems(db);
	const hot = itemIds.slice(0, ITEMS_PER_PHASE);
	const spread = itemIds.slice(ITEMS_PER_PHASE);
	const phases = [
		await redemptionPhase(
			args,
			members,
			shopId,
			"same items in the same order",
			(_member, step) => hot[step] as number,
		),
		await redemptionPhase(
			args,
			members,
			shopId,
			"each member starting elsewhere",
			(member, step) => spread[(member * 7 + step) % ITEMS_PER_PHASE] as number,
		),
	];

	const { bill, pages } = await readBill(args, members[0] as BenchMember, shopId);
	const invariants = await checkInvariants(db, itemIds);
	invariants.push({
		name: "both measured bill pages are 20 lines",
		holds: pages.every((page) => page.code === 0 && page.data.entries.length === 20),
		detail: pages.map((page) => `code ${page.code}, ${page.data?.entries?.length} lines`).join("; "),
	});
	return { members: members.length, phases, bill, invariants };
}

interface PointsBenchArgs {
	db: Kysely<DB>;
	url: string;
	dataDir: string;
	members: number;
	seconds: number;
	measure: (scenario: Scenario, seconds: number) => Promise<Measurement>;
}

interface BenchMember {
	id: number;
	token: string;
}

/** The bench shop, open around the clock, selling a $100.00 hamper; the tenant earns 100 points a dollar. */
async function setUpPointsShop(db: Kysely<DB>): Promise<{ shopId: number; hamperId: number }> {
	const shopId = await createBenchShop(db, {
		code: "bench-points",
		name: JSON.stringify({ "zh-CN": "积分压测店", en: "Points bench shop" }),
		address: JSON.stringify({ "zh-CN": "1号" }),
		phone: "0",
		hours: () => ({ opens_at: "00:00", closes_at: "00:00" }),
	});
	const category = await db
		.insertInto("menu_category")
		.values({ shop_id: shopId, code: "gifts", name: JSON.stringify({ "zh-CN": "礼品" }) })
		.returning("id")
		.executeTakeFirstOrThrow();
	// $100.00 a hamper; ten of them at 100 points a dollar earn 100,000 points.
	const hamper = await db
		.insertInto("menu_item")
		.values({
			shop_id: shopId,
			category_id: category.id,
			code: "hamper",
			name: JSON.stringify({ "zh-CN": "礼篮", en: "Hamper" }),
			description: JSON.stringify({}),
			price: 10_000,
			original_price: null,
			stock: null,
			image: null,
		})
		.returning("id")
		.executeTakeFirstOrThrow();
	const now = new Date();
	await db
		.insertInto("points_rule")
		.values({ tenant_id: 1, points_per_unit: 100, updated_at: now })
		.onConflict((oc) => oc.column("tenant_id").doUpdateSet({ points_per_unit: 100, updated_at: now }))
		.execute();
	return { shopId, hamperId: hamper.id };
}

const headers = (token: string) => ({
	"content-type": "application/json",
	"tenant-id": "1",
	"x-lang": "en",
	authorization: `Bearer ${token}`,
});

async function post(url: string, token: string, path: string, body: unknown, extra: Record<string, string> = {}) {
	return (await (
		await fetch(`${url}/app-api${path}`, {
			method: "POST",
			headers: { ...headers(token), ...extra },
			body: JSON.stringify(body),
		})
	).json()) as { code: number; msg: string; data: { id: number } };
}

/** The shop's owner, signed in: they accept and complete the members' orders. */
async function signInStaff(args: PointsBenchArgs, shopId: number): Promise<string> {
	const { db } = args;
	const staffMobile = "13700000000";
	const staffToken = await signIn(args.url, args.dataDir, staffMobile);
	const staffMember = await db
		.selectFrom("member")
		.select("id")
		.where("mobile", "=", staffMobile)
		.executeTakeFirstOrThrow();
	await db.insertInto("shop_staff").values({ shop_id: shopId, member_id: staffMember.id, role: "owner" }).execute();
	return staffToken;
}

/** A member earns their points the real way: balance granted, ten hampers ordered and paid, the order completed by the shop. */
async function earnPoints(
	{ db, url }: PointsBenchArgs,
	member: BenchMember,
	staffToken: string,
	shop: { shopId: number; hamperId: number },
): Promise<void> {
	await db.transaction().execute((trx) =>
		postLedgerTxn(trx, {
			tenantId: 1,
			kind: "wallet_grant",
			idempotencyKey: `bench-points-grant:${member.id}`,
			orderId: null,
			now: new Date(),
			moves: [
				{ account: { kind: "external_funds", tenantId: 1 }, amount: -100_000 },
				{ account: { kind: "member_wallet", tenantId: 1, memberId: member.id }, amount: 100_000 },
			],
		}),
	);
	const order = await post(
		url,
		member.token,
		"/order/create",
		{ shopId: shop.shopId, orderType: "takein", lines: [{ itemId: shop.hamperId, quantity: 10, optionIds: [] }] },
		{ "idempotency-key": randomUUID() },
	);
	if (order.code !== 0) throw new Error(`order failed: ${order.code} ${order.msg}`);
	const steps: Array<[string, string, unknown]> = [
		[member.token, "/order/pay", { orderId: order.data.id, payMethod: "balance" }],
		[staffToken, "/merchant/order/action", { orderId: order.data.id, action: "accept" }],
		[staffToken, "/merchant/order/action", { orderId: order.data.id, action: "ready" }],
		[staffToken, "/merchant/order/action", { orderId: order.data.id, action: "complete" }],
	];
	for (const [token, path, body] of steps) {
		const answer = await post(url, token, path, body);
		if (answer.code !== 0) throw new Error(`${path} failed: ${answer.code} ${answer.msg}`);
	}
}

/** Two sets of items, one per phase, on the shelf with plenty of stock, pickup at the bench shop; their ids in order. */
async function shelveItems(db: Kysely<DB>): Promise<number[]> {
	await sql`
		INSERT INTO points_item (tenant_id, name, description, points_price, stock, allow_pickup, allow_delivery, sort, created_at, updated_at)
		SELECT 1, jsonb_build_object('zh-CN', '压测礼品' || i, 'en', 'Bench gift ' || i), '{"zh-CN": ""}', ${ITEM_PRICE}, ${ITEM_STOCK},
			true, false, 1000 + i, now(), now()
		FROM generate_series(1, ${2 * ITEMS_PER_PHASE}::int) AS i ORDER BY i`.execute(db);
	return (
		await db
			.selectFrom("points_item")
			.select("id")
			.where("stock", "=", ITEM_STOCK)
			.where("points_price", "=", ITEM_PRICE)
			.orderBy("id")
			.execute()
	).map((row) => row.id);
}

/** Every member redeems the items `itemFor` names, one after the other, until the deadline. */
async function redemptionPhase(
	args: PointsBenchArgs,
	members: BenchMember[],
	shopId: number,
	name: string,
	itemFor: (memberIndex: number, step: number) => number,
): Promise<RedemptionPhase> {
	const latencies: number[] = [];
	let failures = 0;
	const startedAt = performance.now();
	const deadline = Date.now() + args.seconds * 1000;
	await Promise.all(
		members.map(async (member, memberIndex) => {
			for (let step = 0; step < ITEMS_PER_PHASE && Date.now() < deadline; step++) {
				const started = performance.now();
				const answer = await post(
					args.url,
					member.token,
					"/score-order/submit",
					{ itemId: itemFor(memberIndex, step), fulfilment: "pickup", shopId },
					{ "idempotency-key": randomUUID() },
				);
				if (answer.code === 0) latencies.push(performance.now() - started);
				else failures++;
			}
		}),
	);
	const elapsedSeconds = (performance.now() - startedAt) / 1000;
	latencies.sort((a, b) => a - b);
	const at = (q: number) =>
		Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN) * 10) / 10;
	return {
		name,
		redeemed: latencies.length,
		perSecond: Math.round((latencies.length / elapsedSeconds) * 10) / 10,
		elapsedSeconds: Math.round(elapsedSeconds * 100) / 100,
		p50Ms: at(0.5),
		p99Ms: at(0.99),
		failures,
	};
}

/** The bill member's points bill, first page and a deep page, measured; then each read once more to count its lines. */
async function readBill(args: PointsBenchArgs, billMember: BenchMember, shopId: number) {
	const billQueries = await writeBill(args.db, billMember.id, shopId);
	const billHeaders = { "tenant-id": "1", "x-lang": "en", authorization: `Bearer ${billMember.token}` };
	const bill: PointsBenchResult["bill"] = [];
	for (const [name, query] of [
		[`GET points/bill, ${POINTS_BILL_ENTRIES} lines, first page`, billQueries.firstPage],
		[`GET points/bill, ${POINTS_BILL_ENTRIES} lines, deep page`, billQueries.deepPage],
	] as const) {
		const scenario = { name, path: `/app-api/points/bill?${query}`, headers: billHeaders };
		await args.measure(scenario, 2);
		bill.push({ name, ...(await args.measure(scenario, args.seconds)) });
	}
	const pages = await Promise.all(
		[billQueries.firstPage, billQueries.deepPage].map(
			async (query) =>
				(await (await fetch(`${args.url}/app-api/points/bill?${query}`, { headers: billHeaders })).json()) as {
					code: number;
					data: { entries: unknown[] };
				},
		),
	);
	return { bill, pages };
}

/**
 * The bill member's ledger grows to POINTS_BILL_ENTRIES lines, set-based: cancelled redemptions
 * of one item, each a spend and its give-back, so the balance ends where it was and every
 * line's balance_after is the running sum as postPoints writes it.
 */
async function writeBill(db: Kysely<DB>, memberId: number, shopId: number) {
	const pairs = Math.ceil(Math.max(0, POINTS_BILL_ENTRIES - (await entryCount(db, memberId))) / 2);
	await db.transaction().execute(async (trx) => {
		const item = await trx
			.insertInto("points_item")
			.values({
				tenant_id: 1,
				name: JSON.stringify({ "zh-CN": "账单礼品", en: "Bill gift" }),
				description: JSON.stringify({ "zh-CN": "" }),
				points_price: ITEM_PRICE,
				stock: 0,
				on_shelf: false,
				created_at: new Date(),
				updated_at: new Date(),
			})
			.returning("id")
			.executeTakeFirstOrThrow();
		const { points } = await trx
			.selectFrom("member")
			.select("points")
			.where("id", "=", memberId)
			.forUpdate()
			.executeTakeFirstOrThrow();
		await sql`
			INSERT INTO points_redemption (tenant_id, member_id, item_id, item_name, points_price, fulfilment, shop_id,
				status, idempotency_key, pickup_code, created_at, cancelled_at)
			SELECT 1, ${memberId}, ${item.id}, '{"zh-CN": "账单礼品", "en": "Bill gift"}', ${ITEM_PRICE}, 'pickup', ${shopId},
				'cancelled', 'bench-bill-' || k, 'BENCH' || ${item.id}::text || 'X' || k, now(), now()
			FROM generate_series(1, ${pairs}::int) AS k ORDER BY k`.execute(trx);
		await sql`
			INSERT INTO points_entry (tenant_id, member_id, kind, amount, balance_after, redemption_id, created_at)
			SELECT 1, ${memberId}, e.kind, e.amount, e.balance_after, r.id, now()
			FROM points_redemption r
			CROSS JOIN LATERAL (VALUES
				(0, 'redeemed', ${-ITEM_PRICE}::bigint, ${points - ITEM_PRICE}::bigint),
				(1, 'redemption_returned', ${ITEM_PRICE}::bigint, ${points}::bigint)
			) AS e(side, kind, amount, balance_after)
			WHERE r.item_id = ${item.id}
			ORDER BY r.id, e.side`.execute(trx);
	});
	// The tables just grew a hundredfold: fresh statistics, as autovacuum would keep them.
	await sql`ANALYZE points_entry, points_redemption, points_item, customer_order`.execute(db);
	const oldest = await db
		.selectFrom("points_entry")
		.select("id")
		.where("member_id", "=", memberId)
		.orderBy("id", "asc")
		.limit(DEEP_PAGE_FROM_OLDEST)
		.execute();
	return { firstPage: "pageSize=20", deepPage: `pageSize=20&cursor=${oldest.at(-1)?.id ?? 0}` };
}

async function entryCount(db: Kysely<DB>, memberId: number): Promise<number> {
	const row = await db
		.selectFrom("points_entry")
		.select((eb) => eb.fn.countAll<string>().as("n"))
		.where("member_id", "=", memberId)
		.executeTakeFirstOrThrow();
	return Number(row.n);
}

async function checkInvariants(db: Kysely<DB>, itemIds: number[]) {
	const check = async (name: string, query: ReturnType<typeof sql>) => {
		const rows = (await query.execute(db)).rows as unknown[];
		return {
			name,
			holds: rows.length === 0,
			detail: rows.length === 0 ? "ok" : `${rows.length} violation(s), e.g. ${JSON.stringify(rows[0])}`,
		};
	};
	return [
		await check(
			"every member's points are the sum of their ledger lines",
			sql`SELECT m.id FROM member m LEFT JOIN points_entry e ON e.member_id = m.id GROUP BY m.id, m.points
				HAVING m.points <> coalesce(sum(e.amount), 0)`,
		),
		await check(
			"every line's balance_after is the member's running sum",
			sql`SELECT id FROM (SELECT id, balance_after, sum(amount) OVER (PARTITION BY member_id ORDER BY id) AS running
				FROM points_entry) x WHERE balance_after <> running`,
		),
		await check(
			"every live redemption was paid for once",
			sql`SELECT r.id FROM points_redemption r LEFT JOIN points_entry e ON e.redemption_id = r.id AND e.kind = 'redeemed'
				WHERE r.status <> 'cancelled' GROUP BY r.id HAVING count(e.id) <> 1`,
		),
		await check(
			"stock + live redemptions = the stock put on the shelf, never below zero",
			sql`SELECT i.id FROM points_item i WHERE i.id = ANY(${itemIds}) AND (i.stock < 0 OR i.stock +
				(SELECT count(*) FROM points_redemption r WHERE r.item_id = i.id AND r.status <> 'cancelled') <> ${ITEM_STOCK}
				OR i.redeemed_count <> ${ITEM_STOCK} - i.stock)`,
		),
		await check(
			"at most one live redemption per member and item",
			sql`SELECT member_id, item_id FROM points_redemption WHERE status <> 'cancelled'
				GROUP BY member_id, item_id HAVING count(*) > 1`,
		),
	];
}

/** The figures as run.ts prints them; false when an invariant broke. */
export function reportPointsBench(result: PointsBenchResult, pad: (value: string, width: number) => string): boolean {
	console.log(
		`\npoints mall: ${result.members} members redeeming at once (POST /score-order/submit, each a different item each time, ${ITEMS_PER_PHASE} items per phase):`,
	);
	for (const phase of result.phases)
		console.log(
			`  ${pad(phase.name, 34)} ${phase.redeemed} redeemed, ${phase.perSecond}/s over ${phase.elapsedSeconds} s, p50 ${phase.p50Ms} ms, p99 ${phase.p99Ms} ms, ${phase.failures} failures`,
		);
	for (const row of result.bill)
		console.log(
			`  ${pad(row.name, 52)} ${row.requestsPerSecond.toFixed(0)} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, ${row.bytesPerResponse} bytes, ${row.errors} errors`,
		);
	for (const invariant of result.invariants)
		console.log(`  ${invariant.holds ? "ok  " : "FAIL"} ${invariant.name}: ${invariant.detail}`);
	return result.invariants.every((invariant) => invariant.holds);
}
