import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { formatMoney, resolveLanguage, SUPPORTED_LANGUAGES } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../http/deps.js";
import { languageOf } from "../../http/language.js";
import type { GatewayPaymentReport, GatewayRefundResult, PaymentGateway } from "./gateway.js";

const SIGNATURE_HEADER = "x-sandbox-signature";
/** Callback attempts after the payer decides: now, then after 1, 3, 10 and 30 seconds. */
const CALLBACK_DELAYS_MS = [0, 1_000, 3_000, 10_000, 30_000];

/**
 * A stand-in for a hosted gateway, served by this very server under /sandbox-pay so the
 * whole payment path can be tried and tested offline: a checkout page where the payer
 * approves or declines, its own transaction ids, a signed server-to-server callback that is
 * retried until acknowledged, a status query and refunds. Never offered in production.
 */
export function createSandboxGateway(deps: AppDeps): PaymentGateway & {
	routes(app: FastifyInstance): Promise<void>;
	/** The callback the gateway sends for a decided payment: body and signature header. */
	signedCallback(paymentId: string): Promise<{ body: string; headers: Record<string, string> } | null>;
	/**
	 * Test-only, like a real sandbox's outage switch: while on, every call we make to the
	 * gateway (checkout, status, refund) fails as if it could not be reached, so the paths
	 * that retry can be tried through the real code.
	 */
	simulateOutage(on: boolean): void;
} {
	const secret = createHmac("sha256", "sandbox-gateway").update(deps.config.tokenSecret).digest("hex");
	const sign = (body: string) => createHmac("sha256", secret).update(body).digest("hex");

	const report = (row: {
		id: string;
		amount: number;
		status: string;
		provider_txn_id: string | null;
	}): GatewayPaymentReport | null =>
		row.status === "pending" || !row.provider_txn_id
			? null
			: {
					paymentId: row.id,
					providerTxnId: row.provider_txn_id,
					amount: row.amount,
					status: row.status === "approved" ? "succeeded" : "declined",
				};

	async function signedCallback(paymentId: string) {
		const row = await deps.db
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
			headers: { "content-type": "application/json", [SIGNATURE_HEADER]: sign(body) },
		};
	}

	async function deliverCallback(paymentId: string, attempt = 0): Promise<void> {
		const callback = await signedCallback(paymentId);
		if (!callback) return;
		try {
			const response = await fetch(callback.url, { method: "POST", headers: callback.headers, body: callback.body });
			if (response.status === 200 && (await response.text()).trim() === "success") return;
		} catch {
			// Our endpoint may be restarting: try again below, like a real gateway would.
		}
		const delay = CALLBACK_DELAYS_MS[attempt + 1];
		if (delay !== undefined)
			setTimeout(() => void deliverCallback(paymentId, attempt + 1).catch(() => {}), delay).unref();
	}

	let outage = false;
	const reachable = () => {
		if (outage) throw new Error("sandbox gateway unreachable (simulated outage)");
	};

	return {
		name: "sandbox",
		signedCallback,
		isAvailable: () => deps.config.env !== "production",
		simulateOutage(on) {
			outage = on;
		},

		async startCheckout(args) {
			reachable();
			await deps.db
				.insertInto("sandbox_gateway_txn")
				.values({
					id: args.paymentId,
					merchant_reference: args.paymentId,
					amount: args.amount,
					currency: args.currency,
					language: args.language,
					description: args.description,
					status: "pending",
					provider_txn_id: null,
					notify_url: args.notifyUrl,
					return_url: args.returnUrl,
					created_at: deps.clock.now(),
				})
				.execute();
			return { redirectUrl: `/sandbox-pay/checkout/${args.paymentId}` };
		},

		verifyCallback(headers, rawBody) {
			const given = Array.isArray(headers[SIGNATURE_HEADER]) ? headers[SIGNATURE_HEADER][0] : headers[SIGNATURE_HEADER];
			if (!given || !/^[0-9a-f]{64}$/.test(given)) return null;
			if (!timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(sign(rawBody), "hex"))) return null;
			try {
				const parsed = JSON.parse(rawBody) as GatewayPaymentReport;
				const valid =
					typeof parsed.paymentId === "string" &&
					typeof parsed.providerTxnId === "string" &&
					Number.isSafeInteger(parsed.amount) &&
					(parsed.status === "succeeded" || parsed.status === "declined");
				return valid ? parsed : null;
			} catch {
				return null;
			}
		},

		async queryPayment(paymentId) {
			reachable();
			const row = await deps.db
				.selectFrom("sandbox_gateway_txn")
				.selectAll()
				.where("id", "=", paymentId)
				.executeTakeFirst();
			return row ? report(row) : null;
		},

		async refund(args): Promise<GatewayRefundResult> {
			reachable();
			if (!Number.isSafeInteger(args.amount) || args.amount <= 0)
				return { status: "failed", failureReason: "invalid_amount" };
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
		},

		async routes(app) {
			app.get<{ Params: { id: string } }>("/sandbox-pay/checkout/:id", async (request, reply) => {
				const row = await deps.db
					.selectFrom("sandbox_gateway_txn")
					.selectAll()
					.where("id", "=", request.params.id)
					.executeTakeFirst()
					.catch(() => undefined);
				if (!row) return reply.code(404).type("text/plain").send("Unknown payment");
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
				async (request, reply) => {
					const decision =
						request.body?.decision === "approve"
							? "approved"
							: request.body?.decision === "decline"
								? "declined"
								: null;
					if (!decision) return reply.code(400).type("text/plain").send("decision must be approve or decline");
					const decided = await deps.db
						.updateTable("sandbox_gateway_txn")
						.set({
							status: decision,
							provider_txn_id: `sbx_${randomBytes(12).toString("hex")}`,
							decided_at: deps.clock.now(),
						})
						.where("id", "=", request.params.id)
						.where("status", "=", "pending")
						.returning(["return_url"])
						.executeTakeFirst()
						.catch(() => undefined);
					const row =
						decided ??
						(await deps.db
							.selectFrom("sandbox_gateway_txn")
							.select("return_url")
							.where("id", "=", request.params.id)
							.executeTakeFirst()
							.catch(() => undefined));
					if (!row) return reply.code(404).type("text/plain").send("Unknown payment");
					if (decided) void deliverCallback(request.params.id).catch(() => {});
					return reply.redirect(row.return_url, 303);
				},
			);
		},
	};
}

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
	const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
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
