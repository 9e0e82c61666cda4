import { ErrorCode, type PayMethodsAnswer, type PaymentCheckout, PaymentCheckoutParams } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Selectable } from "kysely";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import { ok } from "../../../http/envelope.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { type RequestContext, signedIn } from "../../../http/request-context.js";
import { methodState, payerScene, takesCurrency } from "../attempts/attempts.js";
import { askGatewayAbout, PAYMENT_IN_DOUBT_COLUMNS } from "../attempts/in-doubt.js";
import { RAILS } from "../rails/index.js";
import { availableGateways } from "../registry.js";

/**
 * Our checkout page's calls (decision 031): the payment as the page shows it (a code to scan,
 * WeChat's in-app sheet), a "has it been paid?" that asks the rail (KHQR tells nobody: this is
 * how a waiting customer's payment is found), and the ways to pay offered to this payer here.
 */
export async function checkoutRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();
	r.get("/pay/checkout/:paymentId", { schema: { params: PaymentCheckoutParams } }, async (request) =>
		ok(presentCheckout(await ownPayment(deps, signedIn(request), request.params.paymentId))),
	);
	r.post("/pay/checkout/:paymentId/check", { schema: { params: PaymentCheckoutParams } }, async (request) => {
		const ctx = signedIn(request);
		const payment = await ownPayment(deps, ctx, request.params.paymentId);
		if (!(await askRailNow(deps, payment))) return ok(presentCheckout(payment));
		return ok(presentCheckout(await ownPayment(deps, ctx, payment.id)));
	});
	r.get("/pay/methods", async (request) => ok(await payMethods(deps, request.ctx)));
}

type PaymentRow = Selectable<DB["payment"]>;

/** The caller's own payment; someone else's is "not found", like one that does not exist. */
async function ownPayment(deps: AppDeps, ctx: SignedInContext, paymentId: string): Promise<PaymentRow> {
	const payment = await deps.db
		.selectFrom("payment")
		.selectAll()
		.where("id", "=", paymentId)
		.where("tenant_id", "=", ctx.tenant.id)
		.where("payer_member_id", "=", ctx.member.id)
		.executeTakeFirst();
	if (!payment || payment.provider === "cash" || payment.provider === "card_terminal")
		throw new BusinessError(ErrorCode.NotFound);
	return payment;
}

/** A payment as a checkout page (the payer's, or the staff's at the counter) shows it. */
export function presentCheckout(payment: PaymentRow, fallbackReturnPath = "/"): PaymentCheckout {
	return {
		paymentId: payment.id,
		provider: payment.provider as PaymentCheckout["provider"],
		status: payment.status,
		amount: payment.amount,
		railAmount: payment.rail_amount ?? payment.amount,
		railCurrency: payment.rail_currency ?? payment.currency ?? "",
		presentation: payment.checkout,
		returnPath: payment.return_path ?? fallbackReturnPath,
		expiresAt: payment.rail_expires_at ? new Date(payment.rail_expires_at).toISOString() : null,
	};
}

/**
 * Asks the rail about a pending payment now, for a page that is watching it, and applies the
 * answer as a callback would. At most every QUESTION_EVERY_MS per payment, whoever asks (two
 * tabs, the payer and the staff, a fast loop): a rail's query limits are the platform's. A rail
 * that cannot answer leaves it pending (the page asks again, the job too). Answers whether it
 * asked, so the caller reads the payment again.
 */
export async function askRailNow(deps: AppDeps, payment: PaymentRow): Promise<boolean> {
	if (payment.status !== "pending" || !claimQuestion(payment.id, deps.clock.now().getTime())) return false;
	const inDoubt = await deps.db
		.selectFrom("payment")
		.select(PAYMENT_IN_DOUBT_COLUMNS)
		.where("id", "=", payment.id)
		.where("status", "=", "pending")
		.executeTakeFirst();
	if (inDoubt) await askGatewayAbout(deps, inDoubt);
	return true;
}

const QUESTION_EVERY_MS = 2_000;
const lastAsked = new Map<string, number>();
function claimQuestion(paymentId: string, now: number): boolean {
	const last = lastAsked.get(paymentId);
	if (last !== undefined && now - last < QUESTION_EVERY_MS) return false;
	lastAsked.set(paymentId, now);
	// Bounded: forget questions older than the window (they no longer hold anything back).
	if (lastAsked.size > 10_000)
		for (const [id, at] of lastAsked) if (now - at >= QUESTION_EVERY_MS) lastAsked.delete(id);
	return true;
}

/**
 * The rails a tenant can take its currency through, as they stand for this payer: offered, or
 * the spec's hint of where they work (§5: "open in WeChat browser for WeChat pay", "open in
 * ordinary browser for Alipay"). KHQR comes first where the shop prices in riel or dollars.
 */
export async function payMethods(deps: AppDeps, ctx: RequestContext): Promise<PayMethodsAnswer> {
	const scene = payerScene(ctx.userAgent);
	const ledger = ctx.tenant.currency;
	const methods: PayMethodsAnswer["methods"] = [];
	for (const gateway of await availableGateways(deps, ctx.tenant.id)) {
		if (gateway.name === "sandbox") {
			methods.push({ method: "sandbox", state: "ready", currencies: [ledger.code] });
			continue;
		}
		if (!takesCurrency(gateway, ledger.code)) continue;
		const rail = RAILS[gateway.name];
		const currencies =
			gateway.name === "khqr" && ledger.second && rail.currencies.includes(ledger.second.code)
				? [ledger.code, ledger.second.code]
				: [ledger.code];
		methods.push({ method: gateway.name, state: methodState(gateway, scene), currencies });
	}
	const khqrFirst = methods.findIndex((method) => method.method === "khqr");
	if (khqrFirst > 0) methods.unshift(...methods.splice(khqrFirst, 1));
	return { scene, methods };
}
