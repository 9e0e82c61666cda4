import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../apps/api/src/db/schema.js";
import { linkShopGroup } from "../../apps/api/test/telegram-members.js";
import { createTeaShop, grantBalance } from "./bench-shop.js";
import { moneyBackingInvariant } from "./money-backing.js";
import { signIn } from "./sign-in.js";

/** Orders placed before the measured ones, by every customer at once. */
const WARM_UP_SECONDS = 2;

export interface OrderBenchResult {
	customers: number;
	/** How long customers started new orders. */
	seconds: number;
	/** From the first order's start to the last order's end: the orders in flight at the deadline finish after it. */
	elapsedSeconds: number;
	ordersPaid: number;
	/** Orders paid per second of elapsedSeconds. */
	perSecond: number;
	p50Ms: number;
	p99Ms: number;
	failures: number;
	invariants: Array<{ name: string; holds: boolean; detail: string }>;
}

/**
 * After a 2 s warm-up, 50 customers each place and pay orders (create + pay from balance, one after the other)
 * for a fixed time against the real server; the rate is over the real elapsed time, which
 * includes the orders still finishing after the deadline. A shop open around the clock with one item of
 * tracked stock keeps every order contending on the same rows. Afterwards the money and
 * stock invariants of security-and-money B3 are checked.
 */
export async function benchOrders(args: OrderBenchArgs): Promise<OrderBenchResult> {
	const { db } = args;
	const suffix = args.telegram ? "-telegram" : "";
	const initialStock = 1_000_000;
	const shop = await createTeaShop(db, {
		code: `bench-orders${suffix}`,
		name: JSON.stringify({ "zh-CN": "压测店", en: "Bench shop" }),
		stock: initialStock,
	});
	const tokens = await signInCustomers(args, shop.shopId);

	// Warm-up, as every route above gets: the order path's code is JIT-cold on its first
	// orders (its p99 then near a second), and each customer's first order makes their
	// accounts. Its orders are not counted in the figures; the invariants below check them too.
	const warmUpFailures = await orderUntil(args.url, shop, tokens, Date.now() + WARM_UP_SECONDS * 1000, []);
	const latencies: number[] = [];
	const startedAt = performance.now();
	const failures =
		warmUpFailures + (await orderUntil(args.url, shop, tokens, Date.now() + args.seconds * 1000, latencies));
	const elapsedSeconds = (performance.now() - startedAt) / 1000;
	latencies.sort((a, b) => a - b);
	const at = (q: number) =>
		Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN) * 10) / 10;
	const invariants = await orderInvariants(db, shop, initialStock, args.telegram === true);
	return {
		customers: args.customers,
		seconds: args.seconds,
		elapsedSeconds: Math.round(elapsedSeconds * 100) / 100,
		ordersPaid: latencies.length,
		perSecond: Math.round((latencies.length / elapsedSeconds) * 10) / 10,
		p50Ms: at(0.5),
		p99Ms: at(0.99),
		failures,
		invariants,
	};
}

interface OrderBenchArgs {
	db: Kysely<DB>;
	url: string;
	dataDir: string;
	customers: number;
	seconds: number;
	/**
	 * Every customer's Telegram chat and the shop's staff group open to the bot (issue 15), so
	 * each paid order queues two bot messages in its transaction, which the server's delivery
	 * loop sends meanwhile. Another shop and other customers than the run without it.
	 */
	telegram?: boolean;
}

type BenchShop = Awaited<ReturnType<typeof createTeaShop>>;
type Invariant = OrderBenchResult["invariants"][number];

/** Signs the customers in with balance to spend (and, with Telegram, their chats and the shop's group open to the bot). */
async function signInCustomers(args: OrderBenchArgs, shopId: number): Promise<string[]> {
	const { db } = args;
	const now = new Date();
	if (args.telegram) {
		await linkShopGroup(db, { shopId, chatId: -1_009_000_000_000, language: "zh-CN", now });
	}
	const tokens: string[] = [];
	for (let i = 0; i < args.customers; i++) {
		// A second run must not ask for codes to the first run's phones (one code a minute each).
		const mobile = `139${String((args.telegram ? 20_000_000 : 10_000_000) + i).slice(-8)}`;
		const token = await signIn(args.url, args.dataDir, mobile);
		const member = await db.selectFrom("member").select("id").where("mobile", "=", mobile).executeTakeFirstOrThrow();
		if (args.telegram) {
			const telegramUserId = 7_990_000_000 + i;
			await db
				.insertInto("telegram_identity")
				.values({
					tenant_id: 1,
					telegram_user_id: telegramUserId,
					member_id: member.id,
					allows_write_to_pm: true,
					last_auth_date: now,
					linked_at: now,
					updated_at: now,
				})
				.execute();
			await db
				.insertInto("bot_chat")
				.values({ chat_id: telegramUserId, kind: "private", created_at: now, updated_at: now })
				.execute();
		}
		await grantBalance(db, member.id, 1_000_000, `bench-grant:${member.id}`);
		tokens.push(token);
	}
	return tokens;
}

const headers = (token: string) => ({
	"content-type": "application/json",
	"tenant-id": "1",
	authorization: `Bearer ${token}`,
});

/** Each customer places and pays orders one after the other until the deadline; the failures are counted. */
async function orderUntil(
	url: string,
	{ shopId, itemId }: BenchShop,
	tokens: string[],
	deadline: number,
	latencies: number[],
): Promise<number> {
	let failures = 0;
	await Promise.all(
		tokens.map(async (token) => {
			while (Date.now() < deadline) {
				const started = performance.now();
				const created = (await (
					await fetch(`${url}/app-api/order/create`, {
						method: "POST",
						headers: { ...headers(token), "idempotency-key": randomUUID() },
						body: JSON.stringify({
							shopId,
							orderType: "takein",
							lines: [{ itemId, quantity: 1, optionIds: [] }],
						}),
					})
				).json()) as { code: number; data: { id: number } };
				if (created.code !== 0) {
					failures++;
					continue;
				}
				const paid = (await (
					await fetch(`${url}/app-api/order/pay`, {
						method: "POST",
						headers: headers(token),
						body: JSON.stringify({ orderId: created.data.id, payMethod: "balance" }),
					})
				).json()) as { code: number };
				if (paid.code !== 0) failures++;
				else latencies.push(performance.now() - started);
			}
		}),
	);
	return failures;
}

/** One invariant: it holds when the query finds no row. */
async function check(db: Kysely<DB>, name: string, query: ReturnType<typeof sql>): Promise<Invariant> {
	const rows = (await query.execute(db)).rows as unknown[];
	return {
		name,
		holds: rows.length === 0,
		detail: rows.length === 0 ? "ok" : `${rows.length} violation(s), e.g. ${JSON.stringify(rows[0])}`,
	};
}

/** The money and stock invariants of security-and-money B3, checked after the run. */
async function orderInvariants(
	db: Kysely<DB>,
	{ shopId, itemId }: BenchShop,
	initialStock: number,
	telegram: boolean,
): Promise<Invariant[]> {
	const stock = await db.selectFrom("menu_item").select("stock").where("id", "=", itemId).executeTakeFirstOrThrow();
	const sold = await db
		.selectFrom("order_line as l")
		.innerJoin("customer_order as o", "o.id", "l.order_id")
		.select((eb) => eb.fn.sum<string>("l.quantity").as("n"))
		.where("l.item_id", "=", itemId)
		.where("o.status", "not in", ["cancelled", "rejected"])
		.executeTakeFirstOrThrow();
	return [
		...(telegram
			? [
					await check(
						db,
						"every paid order queued its customer's and its shop group's message once",
						sql`SELECT o.id FROM customer_order o LEFT JOIN bot_message m ON m.subject_id = o.id AND m.kind IN ('orderPaid', 'shopNewOrder') WHERE o.shop_id = ${shopId} AND o.payment_status = 'paid' GROUP BY o.id HAVING count(m.id) <> 2`,
					),
				]
			: []),
		await check(
			db,
			"every ledger transaction sums to zero",
			sql`SELECT txn_id FROM ledger_entry GROUP BY txn_id HAVING sum(amount) <> 0`,
		),
		await check(
			db,
			"every balance equals the sum of its entries",
			sql`SELECT a.id FROM ledger_account a LEFT JOIN ledger_entry e ON e.account_id = a.id GROUP BY a.id, a.balance HAVING a.balance <> coalesce(sum(e.amount), 0)`,
		),
		await check(
			db,
			"no wallet below zero",
			sql`SELECT id FROM ledger_account WHERE kind = 'member_wallet' AND balance < 0`,
		),
		await check(
			db,
			"no order paid twice",
			sql`SELECT order_id FROM ledger_txn WHERE kind = 'order_payment' GROUP BY order_id HAVING count(*) > 1`,
		),
		await check(
			db,
			"no order both paid and cancelled",
			sql`SELECT id FROM customer_order WHERE payment_status = 'paid' AND status IN ('cancelled', 'rejected')`,
		),
		await check(
			db,
			"paid orders match their payments",
			sql`SELECT o.id FROM customer_order o LEFT JOIN ledger_txn t ON t.order_id = o.id AND t.kind = 'order_payment' WHERE o.payment_status = 'paid' AND t.id IS NULL`,
		),
		await moneyBackingInvariant(db),
		{
			name: "stock + units sold = initial stock",
			holds: (stock.stock ?? 0) + Number(sold.n ?? 0) === initialStock,
			detail: `${stock.stock} left + ${sold.n ?? 0} sold, started with ${initialStock}`,
		},
	];
}
