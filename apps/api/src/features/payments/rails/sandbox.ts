import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { formatMoney, resolveLanguage, SUPPORTED_LANGUAGES } from "@bayon/contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Selectable } from "kysely";
import type { DB } from "../../../db/schema.js";
import type { AppDeps } from "../../../http/deps.js";
import { languageOf } from "../../../http/language.js";
import { escapeHtml } from "../../../lib/html.js";
import type {
	CheckoutArgs,
	CheckoutStart,
	GatewayCallback,
	GatewayPaymentReport,
	GatewayRefundResult,
	PaymentGateway,
} from "../gateway.js";

const SIGNATURE_HEADER = "x-sandbox-signature";
/**
 * When the callback of a decided payment is sent again until our server acknowledges it,
 * like a hosted gateway's schedule: soon at first, then spread over about a day, so a
 * restart of our server or an outage of its database is outlasted. After the last attempt
 * the gateway gives up and our reconciliation job must ask (it would anyway).
 */
export const CALLBACK_DELAYS_MS = [
	0,
	1_000,
	5_000,
	15_000,
	30_000,
	60_000,
	3 * 60_000,
	10 * 60_000,
	20 * 60_000,
	30 * 60_000,
	3_600_000,
	3 * 3_600_000,
	6 * 3_600_000,
	12 * 3_600_000,
];
/** One callback attempt waits this long for our answer before counting as failed. */
const CALLBACK_TIMEOUT_MS = 10_000;
/**
 * Transactions the gateway keeps in memory: those started here (so their checkout page still
 * works while the database is away) and decisions its database has not taken yet. Bounded:
 * the oldest remembered ones are forgotten first; past the limit of unsaved decisions the
 * gateway answers "busy" instead of deciding.
 */
const MEMORY_LIMIT = 10_000;

type TxnRow = Omit<Selectable<DB["sandbox_gateway_txn"]>, "merchant_reference" | "created_at" | "decided_at">;

/**
 * A stand-in for a hosted gateway, served by this very server under /sandbox-pay so the
 * whole payment path can be tried and tested offline: a checkout page where the payer
 * approves or declines, its own transaction ids, a signed server-to-server callback that is
 * retried until acknowledged, a status query and refunds. Never offered in production.
 *
 * A real gateway does not go down with our database; this one keeps its records in it. So
 * that a payer can still pay while our database is away (and the tests can show the money
 * is not lost), the gateway keeps a decision it could not store in memory and stores it
 * before telling anyone about it: callbacks and status answers only ever report stored
 * decisions, so two servers can never report two different transactions for one payment.
 */
export function createSandboxGateway(deps: AppDeps): SandboxGateway {
	const sandbox: Sandbox = {
		deps,
		secret: createHmac("sha256", "sandbox-gateway").update(deps.config.tokenSecret).digest("hex"),
		remembered: new Map(),
		unsaved: new Map(),
		deliveries: new Map(),
		callbackDelaysMs: CALLBACK_DELAYS_MS,
		stopped: false,
		outage: false,
	};
	return {
		name: "sandbox",
		signedCallback: (paymentId) => signedCallback(sandbox, paymentId),
		isAvailable: () => deps.config.env !== "production",
		simulateOutage(on) {
			sandbox.outage = on;
		},
		useCallbackSchedule(delaysMs) {
			sandbox.callbackDelaysMs = delaysMs;
		},
		stop() {
			sandbox.stopped = true;
			for (const timer of sandbox.deliveries.values()) if (timer) clearTimeout(timer);
			sandbox.deliveries.clear();
		},
		startCheckout: (args) => startCheckout(sandbox, args),
		verifyCallback: (headers, rawBody) => verifyCallback(sandbox, headers, rawBody),
		queryPayment: (paymentId) => queryPayment(sandbox, paymentId),
		refund: (args) => refund(sandbox, args),
		routes: async (app) => sandboxRoutes(sandbox, app),
	};
}

/** The sandbox with its pages and the test-only switches. */
export type SandboxGateway = PaymentGateway & {
	routes(app: FastifyInstance): Promise<void>;
	/** The callback the gateway sends for a decided payment: URL, body and signature header. */
	signedCallback(paymentId: string): Promise<{ url: string; body: string; headers: Record<string, string> } | null>;
	/**
	 * Test-only, like a real sandbox's outage switch: while on, every call we make to the
	 * gateway (checkout, status, refund) fails as if it could not be reached, so the paths
	 * that retry can be tried through the real code.
	 */
	simulateOutage(on: boolean): void;
	/** Test-only: a shorter callback schedule (milliseconds before each attempt), so retries happen within a test. */
	useCallbackSchedule(delaysMs: readonly number[]): void;
	/** Stops sending callbacks (the server is closing). */
	stop(): void;
};

/** One sandbox gateway's state: its signing secret, what it keeps in memory, its callback deliveries and switches. */
interface Sandbox {
	deps: AppDeps;
	secret: string;
	remembered: Map<string, TxnRow>;
	unsaved: Map<string, TxnRow & { decided_at: Date }>;
	/** Payments whose callback is being delivered, with the timer of the next attempt. */
	deliveries: Map<string, ReturnType<typeof setTimeout> | null>;
	callbackDelaysMs: readonly number[];
	stopped: boolean;
	outage: boolean;
}

const sign = (sandbox: Sandbox, body: string) => createHmac("sha256", sandbox.secret).update(body).digest("hex");

const report = (row: TxnRow): GatewayPaymentReport | null =>
	row.status === "pending" || !row.provider_txn_id
		? null
		: {
				paymentId: row.id,
				providerTxnId: row.provider_txn_id,
				amount: row.amount,
				status: row.status === "approved" ? "succeeded" : "declined",
			};

function remember({ remembered }: Sandbox, row: TxnRow) {
	remembered.delete(row.id);
	remembered.set(row.id, row);
	if (remembered.size > MEMORY_LIMIT) remembered.delete(remembered.keys().next().value as string);
}

function reachable(sandbox: Sandbox) {
	if (sandbox.outage) throw new Error("sandbox gateway unreachable (simulated outage)");
}

/** The transaction as stored, or as remembered when the database cannot be read (then it throws if unknown). */
async function findTxn({ deps, unsaved, remembered }: Sandbox, id: string): Promise<TxnRow | undefined> {
	let stored: TxnRow | undefined;
	try {
		stored = await deps.db.selectFrom("sandbox_gateway_txn").selectAll().where("id", "=", id).executeTakeFirst();
	} catch (error) {
		const known = unsaved.get(id) ?? remembered.get(id);
		if (known) return known;
		throw error;
	}
	return stored && stored.status === "pending" ? (unsaved.get(id) ?? stored) : stored;
}

/** Stores a decision kept in memory; throws while the database is away. */
async function storeDecision({ deps, unsaved, remembered }: Sandbox, id: string): Promise<void> {
	const decision = unsaved.get(id);
	if (!decision) return;
	// Only a pending transaction takes it: if another server stored a decision meanwhile,
	// that one stands (nothing was told about this one yet).
	await deps.db
		.updateTable("sandbox_gateway_txn")
		.set({ status: decision.status, provider_txn_id: decision.provider_txn_id, decided_at: decision.decided_at })
		.where("id", "=", id)
		.where("status", "=", "pending")
		.execute();
	unsaved.delete(id);
	remembered.delete(id);
}

async function signedCallback(sandbox: Sandbox, paymentId: string) {
	await storeDecision(sandbox, paymentId);
	const row = await sandbox.deps.db
		.selectFrom("sandbox_gateway_txn")
		.selectAll()
		.where("id", "=", paymentId)
		.executeTakeFirst();
	const outcome = row ? report(row) : null;
	if (!row || !outcome) return null;
	const body = JSON.stringify(outcome);
	return {
		url: row.notify_url,
		body,
		headers: { "content-type": "application/json", [SIGNATURE_HEADER]: sign(sandbox, body) },
	};
}

/**
 * Sends a decided payment's callback until our server answers "success": any other
 * answer, a timeout, a thrown error, or a failure of the gateway's own database read is
 * retried on the schedule, and each miss is logged. One delivery per payment at a time.
 */
function deliverCallback(sandbox: Sandbox, paymentId: string): void {
	if (sandbox.stopped || sandbox.deliveries.has(paymentId)) return;
	sandbox.deliveries.set(paymentId, null);
	void attemptCallback(sandbox, paymentId, 0);
}

/** One attempt of a callback's delivery; a miss schedules the next one, or gives up after the last. */
async function attemptCallback(sandbox: Sandbox, paymentId: string, index: number): Promise<void> {
	const { deps, deliveries } = sandbox;
	let problem: string;
	try {
		const callback = await signedCallback(sandbox, paymentId);
		if (!callback) {
			deliveries.delete(paymentId);
			return;
		}
		const response = await fetch(callback.url, {
			method: "POST",
			headers: callback.headers,
			body: callback.body,
			signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
		});
		const answer = (await response.text()).trim();
		if (response.status === 200 && answer === "success") {
			deliveries.delete(paymentId);
			if (index > 0) deps.log.info({ paymentId, attempts: index + 1 }, "sandbox gateway: callback acknowledged");
			return;
		}
		problem = `HTTP ${response.status}: ${answer.slice(0, 200)}`;
	} catch (error) {
		problem = error instanceof Error ? error.message : String(error);
	}
	const delay = sandbox.callbackDelaysMs[index + 1];
	if (sandbox.stopped || delay === undefined) {
		deliveries.delete(paymentId);
		if (!sandbox.stopped)
			deps.log.error(
				{ paymentId, attempts: index + 1, problem },
				"sandbox gateway: callback never acknowledged, giving up; the reconciliation job must ask",
			);
		return;
	}
	deps.log.warn(
		{ paymentId, attempt: index + 1, problem, retryInMs: delay },
		"sandbox gateway: callback not acknowledged, will retry",
	);
	const timer = setTimeout(() => void attemptCallback(sandbox, paymentId, index + 1), delay);
	timer.unref();
	deliveries.set(paymentId, timer);
}

async function startCheckout(sandbox: Sandbox, args: CheckoutArgs): Promise<CheckoutStart> {
	reachable(sandbox);
	const row = {
		id: args.paymentId,
		amount: args.amount,
		currency: args.currency,
		language: args.language,
		description: args.description,
		status: "pending" as const,
		provider_txn_id: null,
		notify_url: args.notifyUrl,
		return_url: args.returnUrl,
	};
	await sandbox.deps.db
		.insertInto("sandbox_gateway_txn")
		.values({ ...row, merchant_reference: args.paymentId, created_at: sandbox.deps.clock.now() })
		.execute();
	remember(sandbox, row);
	return { channel: "hosted", redirectUrl: `/sandbox-pay/checkout/${args.paymentId}` };
}

function verifyCallback(
	sandbox: Sandbox,
	headers: Record<string, string | string[] | undefined>,
	rawBody: string,
): GatewayCallback | null {
	const given = Array.isArray(headers[SIGNATURE_HEADER]) ? headers[SIGNATURE_HEADER][0] : headers[SIGNATURE_HEADER];
	if (!given || !/^[0-9a-f]{64}$/.test(given)) return null;
	if (!timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(sign(sandbox, rawBody), "hex"))) return null;
	try {
		const parsed = JSON.parse(rawBody) as GatewayPaymentReport;
		const valid =
			typeof parsed.paymentId === "string" &&
			typeof parsed.providerTxnId === "string" &&
			Number.isSafeInteger(parsed.amount) &&
			(parsed.status === "succeeded" || parsed.status === "declined");
		return valid ? { type: "payment", report: parsed } : null;
	} catch {
		return null;
	}
}

async function queryPayment(sandbox: Sandbox, paymentId: string): Promise<GatewayPaymentReport | null> {
	reachable(sandbox);
	await storeDecision(sandbox, paymentId);
	const row = await sandbox.deps.db
		.selectFrom("sandbox_gateway_txn")
		.selectAll()
		.where("id", "=", paymentId)
		.executeTakeFirst();
	return row ? report(row) : null;
}

async function refund(sandbox: Sandbox, args: Parameters<PaymentGateway["refund"]>[0]): Promise<GatewayRefundResult> {
	reachable(sandbox);
	if (!Number.isSafeInteger(args.amount) || args.amount <= 0)
		return { status: "failed", failureReason: "invalid_amount" };
	const { deps } = sandbox;
	return deps.db.transaction().execute(async (trx) => {
		// Refunds of one transaction wait for each other here, so two can never both
		// fit under what was captured, and a repeated refund id finds the first one.
		const txn = await trx
			.selectFrom("sandbox_gateway_txn")
			.selectAll()
			.where("provider_txn_id", "=", args.providerTxnId)
			.forUpdate()
			.executeTakeFirst();
		if (!txn || txn.id !== args.paymentId) return { status: "failed", failureReason: "unknown_transaction" };
		const earlier = await trx
			.selectFrom("sandbox_gateway_refund")
			.selectAll()
			.where("refund_id", "=", args.refundId)
			.executeTakeFirst();
		if (earlier)
			return earlier.txn_id === txn.id && earlier.amount === args.amount
				? { status: "succeeded", providerRefundId: earlier.provider_refund_id }
				: { status: "failed", failureReason: "refund_id_reused" };
		if (txn.status !== "approved") return { status: "failed", failureReason: "transaction_not_captured" };
		const { refunded } = await trx
			.selectFrom("sandbox_gateway_refund")
			.select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.lit(0)).as("refunded"))
			.where("txn_id", "=", txn.id)
			.executeTakeFirstOrThrow();
		if (Number(refunded) + args.amount > txn.amount)
			return { status: "failed", failureReason: "amount_exceeds_captured" };
		const providerRefundId = `sbxr_${randomBytes(12).toString("hex")}`;
		await trx
			.insertInto("sandbox_gateway_refund")
			.values({
				refund_id: args.refundId,
				txn_id: txn.id,
				amount: args.amount,
				reason: args.reason,
				provider_refund_id: providerRefundId,
				created_at: deps.clock.now(),
			})
			.execute();
		return { status: "succeeded", providerRefundId };
	});
}

/** The gateway's own pages: the checkout page and the payer's decision. */
function sandboxRoutes(sandbox: Sandbox, app: FastifyInstance): void {
	app.get<{ Params: { id: string } }>("/sandbox-pay/checkout/:id", async (request, reply) => {
		const row = await txnOf(sandbox, request.params.id, reply);
		if (!row) return reply;
		// The payer's language as the app sent it when the payment started: the browser
		// opening this page only sends the device's Accept-Language.
		const lang = row.language ? resolveLanguage(row.language, SUPPORTED_LANGUAGES) : languageOf(request);
		const amount = formatMoney(row.amount, {
			code: row.currency,
			symbol: row.currency === "USD" ? "$" : row.currency,
			decimals: 2,
			rate: 1,
			symbolPosition: "before",
		});
		return reply
			.type("text/html; charset=utf-8")
			.header("cache-control", "no-store")
			.send(checkoutPage({ id: row.id, description: row.description, amount, status: row.status, lang }));
	});
	app.post<{ Params: { id: string }; Body: { decision?: string } }>(
		"/sandbox-pay/checkout/:id/decide",
		(request, reply) => decide(sandbox, request.params.id, request.body?.decision, reply),
	);
}

/** The transaction behind a checkout URL; answers 404 or 503 itself when there is none to show. */
async function txnOf(sandbox: Sandbox, id: string, reply: FastifyReply): Promise<TxnRow | null> {
	const found = UUID.test(id)
		? await findTxn(sandbox, id).catch((error: unknown) => {
				sandbox.deps.log.warn({ err: error, paymentId: id }, "sandbox gateway: its database cannot be read");
				return "unavailable" as const;
			})
		: undefined;
	if (found === "unavailable") {
		await reply.code(503).header("retry-after", "5").type("text/plain").send("Gateway busy, try again shortly");
		return null;
	}
	if (!found) {
		await reply.code(404).type("text/plain").send("Unknown payment");
		return null;
	}
	return found;
}

/** The payer approves or declines: stored (or held in memory while the database is away), then the callback goes out. */
async function decide(sandbox: Sandbox, id: string, pressed: string | undefined, reply: FastifyReply) {
	const { deps, unsaved } = sandbox;
	const decision = pressed === "approve" ? ("approved" as const) : pressed === "decline" ? ("declined" as const) : null;
	if (!decision) return reply.code(400).type("text/plain").send("decision must be approve or decline");
	const row = await txnOf(sandbox, id, reply);
	if (!row) return reply;
	// A second press finds the first decision (stored, or held in memory) and changes nothing.
	if (row.status !== "pending" || unsaved.has(row.id)) return reply.redirect(row.return_url, 303);
	const decided = {
		...row,
		status: decision,
		provider_txn_id: `sbx_${randomBytes(12).toString("hex")}`,
		decided_at: deps.clock.now(),
	};
	if (unsaved.size >= MEMORY_LIMIT)
		return reply.code(503).header("retry-after", "5").type("text/plain").send("Gateway busy, try again shortly");
	unsaved.set(row.id, decided);
	try {
		await storeDecision(sandbox, row.id);
	} catch (error) {
		deps.log.warn(
			{ err: error, paymentId: row.id, decision },
			"sandbox gateway: its database is away; the payer's decision is kept in memory until it can be stored",
		);
	}
	deliverCallback(sandbox, row.id);
	return reply.redirect(row.return_url, 303);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const pageText = {
	title: { "zh-CN": "沙箱支付", en: "Sandbox payment", km: "ការបង់ប្រាក់សាកល្បង" },
	explain: {
		"zh-CN": "这是测试用的支付网关，不会产生真实扣款。",
		en: "This is a test payment gateway: no real money moves.",
		km: "នេះជាច្រកបង់ប្រាក់សម្រាប់សាកល្បង៖ គ្មានការកាត់ប្រាក់ពិតប្រាកដទេ។",
	},
	approve: { "zh-CN": "确认支付", en: "Approve payment", km: "យល់ព្រមបង់ប្រាក់" },
	decline: { "zh-CN": "拒绝", en: "Decline", km: "បដិសេធ" },
	done: { "zh-CN": "该笔支付已处理", en: "This payment has been decided", km: "ការបង់ប្រាក់នេះត្រូវបានសម្រេចរួចហើយ" },
} as const;

function checkoutPage(args: { id: string; description: string; amount: string; status: string; lang: string }): string {
	const t = (key: keyof typeof pageText) => pageText[key][args.lang as "en"] ?? pageText[key]["zh-CN"];
	const actions =
		args.status === "pending"
			? `<form method="post" action="/sandbox-pay/checkout/${escapeHtml(args.id)}/decide">
				<button name="decision" value="approve" data-testid="sandbox-approve">${t("approve")}</button>
				<button name="decision" value="decline" data-testid="sandbox-decline" class="secondary">${t("decline")}</button>
			</form>`
			: `<p>${t("done")}</p>`;
	return `<!doctype html><html lang="${escapeHtml(args.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t("title")}</title><style>
body{font-family:system-ui,'Noto Sans CJK SC','Noto Sans Khmer',sans-serif;background:#f4f4f4;margin:0;padding:24px;color:#222}
main{max-width:420px;margin:auto;background:#fff;border-radius:16px;padding:24px;box-shadow:0 2px 12px #0001}
h1{font-size:20px;margin:0 0 4px}.amount{font-size:36px;font-weight:700;margin:16px 0}.muted{color:#777;font-size:14px}
button{display:block;width:100%;padding:14px;margin-top:12px;border:0;border-radius:999px;font-size:16px;font-weight:600;background:#fae358;cursor:pointer}
button.secondary{background:#eee}
</style></head><body><main><h1>${t("title")}</h1><p class="muted">${t("explain")}</p>
<p>${escapeHtml(args.description)}</p><div class="amount" data-testid="sandbox-amount">${escapeHtml(args.amount)}</div>${actions}</main></body></html>`;
}
