/// <reference path="../../apps/api/src/features/payments/rails/khqr/bakong-khqr.d.ts" />
// The Bank SDK's types (the api project includes them; this project reaches the SDK through the fake).
import { randomUUID } from "node:crypto";
import type { KhqrRailSettings, PaymentCheckout } from "@bayon/contract";
import { sql } from "kysely";
import type { Database } from "../../apps/api/src/db/database.js";
import { writeRailSettings } from "../../apps/api/src/features/payments/rail-settings/store.js";
import { khqrRail } from "../../apps/api/src/features/payments/rails/khqr/index.js";
import { forgetRailGateways } from "../../apps/api/src/features/payments/registry.js";
import type { AppDeps } from "../../apps/api/src/http/deps.js";
import { startFakeBakong } from "../../apps/api/test/fakes/bakong.js";
import { createTeaShop } from "./bench-shop.js";
import { moneyBackingInvariant } from "./money-backing.js";
import { signIn } from "./sign-in.js";

/** As the order bench: a warm-up before each measured load, its calls not counted. */
const WARM_UP_SECONDS = 2;
/** The checkout route asks the rail about one payment at most this often (payments/checkout/routes.ts). */
const QUESTION_EVERY_MS = 2_000;
const CHECK_PATH = "/v1/check_transaction_by_md5";
/** KHQR orders placed one at a time after the loads, to count their SQL statements. */
const TRIP_ORDERS = 10;

interface Figures {
	count: number;
	elapsedSeconds: number;
	perSecond: number;
	p50Ms: number;
	p99Ms: number;
	failures: number;
}

interface CheckFigures extends Figures {
	bakongQuestions: number;
	answeredPending: number;
}

export interface RailsBenchResult {
	customers: number;
	seconds: number;
	currency: string;
	/** 1. create + pay by KHQR (the answer: our checkout page). */
	orders: Figures;
	/**
	 * 2. the waiting page's "has it been paid?" over those payments, all still unpaid: each
	 * customer going round all its own payments (each asked again after about 2 s: most checks
	 * ask Bakong), then each polling only its last one as fast as it is answered (the 2 s
	 * limit answers almost all from the database).
	 */
	checks: Record<"round" | "one", CheckFigures>;
	/** Unpaid payments the checks went over. */
	unpaid: number;
	mostQuestionsOfOnePayment: number;
	/** 3. the bank pays every code, then one check each finds it. */
	found: {
		payments: number;
		bankSeconds: number;
		rounds: number;
		checks: number;
		seconds: number;
		bakongQuestions: number;
		paid: number;
	};
	deepLinks: number;
	/** SQL statements sent per call (median, min, max), one customer alone, as order-round-trips.ts counts them. */
	trips: Record<
		"create" | "pay" | "checkAsking" | "checkFromDb" | "checkFound",
		{ median: number; min: number; max: number }
	>;
	tripOrders: number;
	invariants: Array<{ name: string; holds: boolean; detail: string }>;
}

/**
 * The payment rails' figures (decision 031): what paying by a rail adds to an order, what the
 * waiting page's polling costs, and how fast paid codes are found. KHQR, against a local Bakong
 * (apps/api/test/fakes/bakong.ts) in this process, set up for the demo tenant (dollars) as the
 * platform operator would; its own shop and customers. The load generator and the fake share
 * this process and its cores with the server.
 */
export async function benchRails(args: RailsBenchArgs): Promise<RailsBenchResult> {
	const db = args.database.db;
	const tenant = await db.selectFrom("tenant").select("currency_code").where("id", "=", 1).executeTakeFirstOrThrow();
	if (!khqrRail.currencies.includes(tenant.currency_code as never))
		throw new Error(`rails bench: the demo tenant keeps ${tenant.currency_code}, which KHQR does not take`);

	const bakong = await startFakeBakong();
	try {
		await setUpKhqr(args, bakong);
		const { shopId, itemId } = await createTeaShop(db, {
			code: "bench-rails",
			name: JSON.stringify({ "zh-CN": "压测店（KHQR）", en: "Bench shop (KHQR)" }),
			// Tracked, as the balance-paid order bench's item: the same hot stock row in each order.
			stock: 1_000_000,
		});
		const tokens: string[] = [];
		for (let i = 0; i < args.customers; i++)
			tokens.push(await signIn(args.url, args.dataDir, `139${String(30_000_000 + i).slice(-8)}`));
		const run: RailsRun = { args, bakong, tokens, shopId, itemId };

		// 1. Each customer places an order and starts paying it by KHQR, one after the other.
		const { orders, payments } = await placeKhqrOrders(run);
		const allPayments = payments.flat();

		// 2. The waiting page's check: each customer going round its own unpaid payments, then
		// each polling only its last one as fast as it is answered.
		const round = await measureChecks(run, payments, (own, n) => own[n % own.length] as string);
		const one = await measureChecks(run, payments, (own) => own[own.length - 1] as string);
		const checksEnded = Date.now();
		const perPayment = new Map<string, number>();
		for (const call of bakong.calls)
			if (call.path === CHECK_PATH)
				perPayment.set(String(call.body.md5), (perPayment.get(String(call.body.md5)) ?? 0) + 1);

		// 3. Every payer's bank app pays its code (as the page shows it), then each page checks once.
		const found = await findPaidCodes(run, payments, allPayments, checksEnded);

		// 4. SQL round trips, one customer alone after the loads (order-round-trips.ts's way).
		const { tripCounts, tripPayments } = await countTrips(run);
		const spread = (counts: number[]) => {
			const sorted = [...counts].sort((a, b) => a - b);
			return {
				median: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
				min: sorted[0] ?? Number.NaN,
				max: sorted.at(-1) ?? Number.NaN,
			};
		};
		const everyPayment = [...allPayments, ...tripPayments];
		const invariants = await railsInvariants(run, {
			everyPayment,
			allShown: found.shown === allPayments.length,
		});
		return {
			customers: args.customers,
			seconds: args.seconds,
			currency: tenant.currency_code,
			orders,
			checks: { round, one },
			unpaid: allPayments.length,
			mostQuestionsOfOnePayment: Math.max(0, ...perPayment.values()),
			found: {
				payments: allPayments.length,
				bankSeconds: Math.round(found.bankSeconds * 100) / 100,
				rounds: found.rounds,
				checks: found.checks,
				seconds: Math.round(found.seconds * 100) / 100,
				bakongQuestions: found.bakongQuestions,
				paid: allPayments.length - found.unpaid,
			},
			deepLinks: bakong.calls.filter((call) => call.path === "/v1/generate_deeplink_by_qr").length,
			trips: {
				create: spread(tripCounts.create),
				pay: spread(tripCounts.pay),
				checkAsking: spread(tripCounts.checkAsking),
				checkFromDb: spread(tripCounts.checkFromDb),
				checkFound: spread(tripCounts.checkFound),
			},
			tripOrders: TRIP_ORDERS,
			invariants,
		};
	} finally {
		await bakong.close();
	}
}

interface RailsBenchArgs {
	database: Database;
	deps: AppDeps;
	url: string;
	dataDir: string;
	customers: number;
	seconds: number;
}

type FakeBakong = Awaited<ReturnType<typeof startFakeBakong>>;

/** What every step of the run uses: the bench's arguments, the fake Bakong, the customers and the shop. */
interface RailsRun {
	args: RailsBenchArgs;
	bakong: FakeBakong;
	tokens: string[];
	shopId: number;
	itemId: number;
}

/** The demo tenant's KHQR settings, as the platform operator would enter them, pointing at the fake Bakong. */
async function setUpKhqr({ database, deps }: RailsBenchArgs, bakong: FakeBakong): Promise<void> {
	// Before the tenant's KHQR gateway is made (lazily, then kept 30 s): forgotten below.
	deps.config.railEndpoints.bakongApi = bakong.url;
	const settings: KhqrRailSettings = {
		bakongAccountId: "bayon@aclb",
		merchantName: "Bayon Cafe",
		merchantCity: "Phnom Penh",
		token: bakong.token,
		tokenExpiresAt: new Date(Date.now() + 80 * 24 * 3600 * 1000).toISOString(),
		environment: "sit",
	};
	await writeRailSettings(database.db, deps.config, {
		tenantId: 1,
		rail: "khqr",
		settings,
		summary: khqrRail.summary(settings),
		expiresAt: new Date(settings.tokenExpiresAt),
		by: null,
		now: new Date(),
	});
	forgetRailGateways(deps, 1);
}

async function post<T>(url: string, path: string, token: string, body: unknown, extra: Record<string, string> = {}) {
	return (await (
		await fetch(`${url}${path}`, {
			method: "POST",
			headers: { "content-type": "application/json", "tenant-id": "1", authorization: `Bearer ${token}`, ...extra },
			body: JSON.stringify(body),
		})
	).json()) as { code: number; msg: string; data: T };
}

/** Places an order of the bench item as this customer, with a fresh idempotency key. */
function createOrder({ args, shopId, itemId }: RailsRun, token: string) {
	return post<{ id: number }>(
		args.url,
		"/app-api/order/create",
		token,
		{ shopId, orderType: "takein", lines: [{ itemId, quantity: 1, optionIds: [] }] },
		{ "idempotency-key": randomUUID() },
	);
}

/** Starts paying an order by KHQR; the payment's id read from the checkout page it answers. */
async function payByKhqr({ args }: RailsRun, token: string, orderId: number | undefined) {
	const paid = await post<{ redirectUrl: string | null }>(args.url, "/app-api/order/pay", token, {
		orderId,
		payMethod: "khqr",
	});
	const paymentId = /^\/pay\/checkout\/([0-9a-f-]{36})$/.exec(paid.data?.redirectUrl ?? "")?.[1];
	return { paid, paymentId };
}

/** The waiting page's "has it been paid?" for one payment. */
function checkPayment({ args }: RailsRun, token: string, paymentId: string) {
	return post<PaymentCheckout>(args.url, `/app-api/pay/checkout/${paymentId}/check`, token, {});
}

const bakongQuestions = (bakong: FakeBakong) => bakong.calls.filter((call) => call.path === CHECK_PATH).length;

/** Step 1: every customer orders and starts paying by KHQR until the deadline, after a warm-up; each one's payment ids. */
async function placeKhqrOrders(run: RailsRun): Promise<{ orders: Figures; payments: string[][] }> {
	const payments: string[][] = run.tokens.map(() => []);
	const orderUntil = async (deadline: number, latencies: number[]) => {
		let failures = 0;
		await Promise.all(
			run.tokens.map(async (token, customer) => {
				while (Date.now() < deadline) {
					const started = performance.now();
					const created = await createOrder(run, token);
					if (created.code !== 0) {
						failures++;
						continue;
					}
					const { paid, paymentId } = await payByKhqr(run, token, created.data.id);
					if (paid.code !== 0 || !paymentId) {
						failures++;
						continue;
					}
					latencies.push(performance.now() - started);
					payments[customer]?.push(paymentId);
				}
			}),
		);
		return failures;
	};
	const orderWarmUpFailures = await orderUntil(Date.now() + WARM_UP_SECONDS * 1000, []);
	const orderLatencies: number[] = [];
	const started = performance.now();
	const orderFailures = orderWarmUpFailures + (await orderUntil(Date.now() + run.args.seconds * 1000, orderLatencies));
	return { orders: figures(orderLatencies, (performance.now() - started) / 1000, orderFailures), payments };
}

/** Every customer checks its own payments (the one `pick` names each time) until the deadline. */
async function checkUntil(
	run: RailsRun,
	payments: string[][],
	deadline: number,
	latencies: number[],
	pick: (own: string[], n: number) => string,
) {
	let failures = 0;
	let answeredPending = 0;
	await Promise.all(
		run.tokens.map(async (token, customer) => {
			const own = payments[customer] ?? [];
			for (let n = 0; own.length > 0 && Date.now() < deadline; n++) {
				const begun = performance.now();
				const answer = await checkPayment(run, token, pick(own, n));
				if (answer.code !== 0) failures++;
				else {
					latencies.push(performance.now() - begun);
					if (answer.data.status === "pending") answeredPending++;
				}
			}
		}),
	);
	return { failures, answeredPending };
}

/** Step 2: one way of checking, warmed up then measured, with the questions it sent Bakong. */
async function measureChecks(
	run: RailsRun,
	payments: string[][],
	pick: (own: string[], n: number) => string,
): Promise<CheckFigures> {
	const warmUp = await checkUntil(run, payments, Date.now() + WARM_UP_SECONDS * 1000, [], pick);
	const questionsBefore = bakongQuestions(run.bakong);
	const latencies: number[] = [];
	const begun = performance.now();
	const measured = await checkUntil(run, payments, Date.now() + run.args.seconds * 1000, latencies, pick);
	return {
		...figures(latencies, (performance.now() - begun) / 1000, warmUp.failures + measured.failures),
		bakongQuestions: bakongQuestions(run.bakong) - questionsBefore,
		answeredPending: measured.answeredPending,
	};
}

/** The bank pays every code the page shows (a KHQR in the payment's checkout). */
function bankPays(bakong: FakeBakong, shown: Array<{ checkout: unknown }>): void {
	for (const payment of shown) {
		const presentation = payment.checkout as { kind: string; qrText?: string } | null;
		if (presentation?.kind === "qr" && presentation.qrText) bakong.scanAndPay(presentation.qrText);
	}
}

/** Step 3: the bank pays every code, then each page checks its payments in rounds until all are found (at most 5). */
async function findPaidCodes(run: RailsRun, payments: string[][], allPayments: string[], checksEnded: number) {
	const shown = await run.args.database.db
		.selectFrom("payment")
		.select(["id", "checkout"])
		.where("id", "in", allPayments.length > 0 ? allPayments : ["00000000-0000-0000-0000-000000000000"])
		.execute();
	const bankStarted = performance.now();
	bankPays(run.bakong, shown);
	const bankSeconds = (performance.now() - bankStarted) / 1000;
	const questionsBeforeFound = bakongQuestions(run.bakong);
	let unpaid = payments.map((own) => [...own]);
	let rounds = 0;
	let checks = 0;
	let seconds = 0;
	// A check within 2 s of the page's last question is answered from the database: wait that out.
	await sleep(Math.max(0, checksEnded + QUESTION_EVERY_MS + 50 - Date.now()));
	while (unpaid.some((own) => own.length > 0) && rounds < 5) {
		if (rounds > 0) await sleep(QUESTION_EVERY_MS + 50);
		rounds++;
		const roundStarted = performance.now();
		unpaid = await Promise.all(
			run.tokens.map(async (token, customer) => {
				const left: string[] = [];
				for (const paymentId of unpaid[customer] ?? []) {
					checks++;
					const answer = await checkPayment(run, token, paymentId);
					if (answer.code !== 0 || answer.data.status !== "succeeded") left.push(paymentId);
				}
				return left;
			}),
		);
		seconds += (performance.now() - roundStarted) / 1000;
	}
	return {
		shown: shown.length,
		bankSeconds,
		rounds,
		checks,
		seconds,
		bakongQuestions: bakongQuestions(run.bakong) - questionsBeforeFound,
		unpaid: unpaid.flat().length,
	};
}

/** Step 4: the SQL statements of each call, one customer alone: TRIP_ORDERS orders paid by KHQR, checked, paid, found. */
async function countTrips(run: RailsRun) {
	const { database } = run.args;
	const tripCounts = { create: [], pay: [], checkAsking: [], checkFromDb: [], checkFound: [] } as Record<
		keyof RailsBenchResult["trips"],
		number[]
	>;
	const counted = async <T>(into: number[], call: () => Promise<T>) => {
		const before = database.statementsSent();
		const answer = await call();
		into.push(database.statementsSent() - before);
		return answer;
	};
	const alone = run.tokens[0] as string;
	const tripPayments: string[] = [];
	for (let i = 0; i < TRIP_ORDERS; i++) {
		const created = await counted(tripCounts.create, () => createOrder(run, alone));
		const { paid, paymentId } = await counted(tripCounts.pay, () => payByKhqr(run, alone, created.data?.id));
		if (created.code !== 0 || paid.code !== 0 || !paymentId)
			throw new Error(`rails bench: a KHQR order alone failed: ${created.msg} / ${paid.msg}`);
		tripPayments.push(paymentId);
	}
	const checkAlone = (paymentId: string) => checkPayment(run, alone, paymentId);
	for (const paymentId of tripPayments) await counted(tripCounts.checkAsking, () => checkAlone(paymentId));
	for (const paymentId of tripPayments) await counted(tripCounts.checkFromDb, () => checkAlone(paymentId));
	bankPays(
		run.bakong,
		await database.db.selectFrom("payment").select(["id", "checkout"]).where("id", "in", tripPayments).execute(),
	);
	await sleep(QUESTION_EVERY_MS + 50);
	for (const paymentId of tripPayments) await counted(tripCounts.checkFound, () => checkAlone(paymentId));
	return { tripCounts, tripPayments };
}

/** The money invariants after the run, and that every code the bank paid ended succeeded. */
async function railsInvariants(
	{ args, shopId }: RailsRun,
	of: { everyPayment: string[]; allShown: boolean },
): Promise<RailsBenchResult["invariants"]> {
	const db = args.database.db;
	const check = async (name: string, query: ReturnType<typeof sql>) => {
		const rows = (await query.execute(db)).rows as unknown[];
		return {
			name,
			holds: rows.length === 0,
			detail: rows.length === 0 ? "ok" : `${rows.length} violation(s), e.g. ${JSON.stringify(rows[0])}`,
		};
	};
	const paidRows = await db
		.selectFrom("payment")
		.select((eb) => eb.fn.countAll<string>().as("n"))
		.where("id", "in", of.everyPayment)
		.where("status", "=", "succeeded")
		.executeTakeFirstOrThrow();
	const paid = Number(paidRows.n);
	return [
		{
			name: "every KHQR payment the bank paid is succeeded",
			holds: paid === of.everyPayment.length && of.allShown,
			detail: `${paid} of ${of.everyPayment.length}`,
		},
		await check(
			"every order of the KHQR shop is paid, by one succeeded KHQR payment",
			sql`SELECT o.id FROM customer_order o LEFT JOIN payment p ON p.purpose = 'order' AND p.purpose_id = o.id AND p.provider = 'khqr' AND p.status = 'succeeded' WHERE o.shop_id = ${shopId} GROUP BY o.id, o.payment_status HAVING o.payment_status <> 'paid' OR count(p.id) <> 1`,
		),
		await check(
			"every ledger transaction sums to zero",
			sql`SELECT txn_id FROM ledger_entry GROUP BY txn_id HAVING sum(amount) <> 0`,
		),
		await check(
			"every balance equals the sum of its entries",
			sql`SELECT a.id FROM ledger_account a LEFT JOIN ledger_entry e ON e.account_id = a.id GROUP BY a.id, a.balance HAVING a.balance <> coalesce(sum(e.amount), 0)`,
		),
		await check(
			"no order paid twice",
			sql`SELECT order_id FROM ledger_txn WHERE kind = 'order_payment' GROUP BY order_id HAVING count(*) > 1`,
		),
		await check(
			"paid orders match their payments",
			sql`SELECT o.id FROM customer_order o LEFT JOIN ledger_txn t ON t.order_id = o.id AND t.kind = 'order_payment' WHERE o.payment_status = 'paid' AND t.id IS NULL`,
		),
		await moneyBackingInvariant(db),
	];
}

/** Prints the rails part beside the balance-paid order figures of the same run; false when an invariant fails. */
export function reportRailsBench(
	rails: RailsBenchResult,
	balance: { perSecond: number; p50Ms: number; p99Ms: number },
	pad: (value: string, width: number) => string,
): boolean {
	const { orders, checks, found } = rails;
	console.log(
		`\npayment rails (decision 031): KHQR for the demo tenant (${rails.currency}), against a local Bakong in this process, ${rails.customers} customers at once, ${rails.seconds} s per load after a ${WARM_UP_SECONDS} s warm-up`,
	);
	console.log(pad("", 52), pad("per s", 10), pad("p50 ms", 8), pad("p99 ms", 8), pad("count", 8), "failures");
	console.log(
		pad("  orders: create + pay by KHQR", 52),
		pad(String(orders.perSecond), 10),
		pad(String(orders.p50Ms), 8),
		pad(String(orders.p99Ms), 8),
		pad(String(orders.count), 8),
		orders.failures,
	);
	console.log(
		pad("  orders: create + pay from balance (above)", 52),
		pad(String(balance.perSecond), 10),
		pad(String(balance.p50Ms), 8),
		pad(String(balance.p99Ms), 8),
	);
	const checkRows = [
		["  check: each its own payments in turn", checks.round],
		["  check: each its last payment, back to back", checks.one],
	] as const;
	for (const [label, row] of checkRows)
		console.log(
			pad(label, 52),
			pad(String(row.perSecond), 10),
			pad(String(row.p50Ms), 8),
			pad(String(row.p99Ms), 8),
			pad(String(row.count), 8),
			row.failures,
		);
	console.log(
		`  KHQR orders ${orders.perSecond}/s = ${((orders.perSecond / balance.perSecond) * 100).toFixed(0)} % of the balance-paid rate measured earlier in this run (same shape: one tracked item; paying by KHQR opens a pending payment and writes it again before and after the Bank's SDK makes the code (round trips below), and posts nothing to the ledger until the payment is found; ${rails.deepLinks} deep links asked, the bench's client being a desktop).`,
	);
	for (const [label, row] of checkRows)
		console.log(
			`  ${label.trim()}: ${row.count} checks (POST /app-api/pay/checkout/:id/check) over ${rails.unpaid} unpaid payments, ${row.answeredPending} answered pending; the fake Bakong was asked ${row.bakongQuestions} times meanwhile (${(row.bakongQuestions / Math.max(0.001, row.elapsedSeconds)).toFixed(0)}/s), so ${row.count - Math.min(row.count, row.bakongQuestions)} answered from the database alone`,
		);
	console.log(
		`  the server asks Bakong at most once per payment every ${QUESTION_EVERY_MS / 1000} s: at most ${rails.mostQuestionsOfOnePayment} questions of one payment over both check loads (2 × (${WARM_UP_SECONDS} + ${rails.seconds}) s)`,
	);
	console.log(
		`  paid and found: the bank paid all ${found.payments} codes in ${found.bankSeconds} s; then ${found.rounds} round(s) of one check each (${found.checks} checks, ${Math.round(found.checks / Math.max(0.001, found.seconds))}/s, each asking Bakong and posting the payment) found ${found.paid} paid in ${found.seconds} s; Bakong asked ${found.bakongQuestions} times`,
	);
	const trip = (t: { median: number; min: number; max: number }) => `${t.median} (${t.min}–${t.max})`;
	console.log(
		`  SQL round trips (statements sent, BEGIN and COMMIT included, median of ${rails.tripOrders} KHQR orders by one customer alone): create ${trip(rails.trips.create)}, pay by KHQR ${trip(rails.trips.pay)}; a check asking Bakong (not paid) ${trip(rails.trips.checkAsking)}, answered from the database ${trip(rails.trips.checkFromDb)}, finding it paid ${trip(rails.trips.checkFound)}`,
	);
	for (const invariant of rails.invariants)
		console.log(`  ${invariant.holds ? "ok  " : "FAIL"} ${invariant.name}: ${invariant.detail}`);
	return rails.invariants.every((invariant) => invariant.holds);
}

function figures(latencies: number[], elapsedSeconds: number, failures: number): Figures {
	latencies.sort((a, b) => a - b);
	const at = (q: number) =>
		Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN) * 10) / 10;
	return {
		count: latencies.length,
		elapsedSeconds: Math.round(elapsedSeconds * 100) / 100,
		perSecond: Math.round((latencies.length / elapsedSeconds) * 10) / 10,
		p50Ms: at(0.5),
		p99Ms: at(0.99),
		failures,
	};
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
