import { randomUUID } from "node:crypto";
import { COUNTER_PURPOSES, ErrorCode, KHQR_CURRENCIES, PAY_RAILS, type PaymentCheckout } from "@bayon/contract";
import type { Selectable } from "kysely";
import { z } from "zod";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import type { SignedInContext } from "../../http/request-context.js";
import { availableGateway, FIRST_CHECK_AFTER_SECONDS, openCheckout } from "../payments/attempts/attempts.js";
import { askRailNow, presentCheckout } from "../payments/checkout/routes.js";
import { counterShop } from "../venues/staff/staff-access.js";
import { lockPayable } from "./takings.js";

type PaymentRow = Selectable<DB["payment"]>;

const idField = z.number({ error: "fieldInvalid" }).int({ error: "fieldInvalid" }).positive({ error: "fieldInvalid" });

/**
 * `POST /merchant/counter/scan-to-pay`: the customer pays an order or a table's bill by scanning
 * a code on the staff's screen (WeChat Native, Alipay precreate, KHQR), for the amount the sheet
 * showed. `railCurrency` (KHQR only) makes the code out in the shop's second currency (riel).
 */
export const ScanToPayInput = z.strictObject({
	shopId: idField,
	purpose: z.enum(COUNTER_PURPOSES, { error: "fieldInvalid" }),
	purposeId: idField,
	amount: idField,
	payMethod: z.enum(PAY_RAILS, { error: "fieldInvalid" }),
	railCurrency: z.enum(KHQR_CURRENCIES, { error: "fieldInvalid" }).optional(),
});

/** `POST /merchant/counter/scan-to-pay/check`: has the customer paid the code on the screen? */
export const ScanToPayCheckInput = z.strictObject({
	shopId: idField,
	paymentId: z.uuid({ error: "fieldInvalid" }),
});

/** The code at the counter: where the till page goes back to once it is decided. */
const TILL_PATH = "/pages/merchant/till";

/**
 * Starts a rail's payment for what the counter is taking, with the scene "counter" (the rail's
 * code for a customer to scan: WeChat Native, Alipay precreate, KHQR). Under the order's or the
 * bill's lock it must still be unpaid and owe what the sheet showed (CounterAmountChanged
 * otherwise); the pending payment names the order's customer as payer (a table bill: nobody,
 * as at the till). It is decided as any gateway payment is: by the rail's callback, the checks
 * the staff's screen makes, the reconciliation job; its purpose books it (no till taking: the
 * money goes to the platform, not the drawer).
 */
export async function startScanToPay(
	deps: AppDeps,
	ctx: SignedInContext,
	fields: z.output<typeof ScanToPayInput>,
	origin: string,
): Promise<PaymentCheckout> {
	const shop = await counterShop(deps, ctx, fields.shopId);
	const gateway = await availableGateway(deps, ctx, fields.payMethod, "counter");
	if (fields.railCurrency && fields.payMethod !== "khqr") throw new BusinessError(ErrorCode.PayMethodUnavailable);
	const paymentId = randomUUID();
	const started = await deps.db.transaction().execute(async (trx) => {
		const now = deps.clock.now();
		const payable = await lockPayable(
			trx,
			ctx,
			{ shopId: shop.id, purpose: fields.purpose, purposeId: fields.purposeId },
			now,
		);
		if (payable.due === 0) throw new BusinessError(ErrorCode.NothingDueAtCounter);
		if (payable.due !== fields.amount) throw new BusinessError(ErrorCode.CounterAmountChanged);
		const order = fields.purpose === "order" ? payable.orders[0] : undefined;
		await trx
			.insertInto("payment")
			.values({
				id: paymentId,
				tenant_id: ctx.tenant.id,
				purpose: fields.purpose,
				purpose_id: fields.purposeId,
				payer_member_id: order?.member_id ?? null,
				provider: gateway.name,
				amount: payable.due,
				status: "pending",
				provider_txn_id: null,
				created_at: now,
				updated_at: now,
				next_check_at: new Date(now.getTime() + FIRST_CHECK_AFTER_SECONDS * 1000),
			})
			.execute();
		if (order)
			await trx.updateTable("customer_order").set({ payment_status: "paying" }).where("id", "=", order.id).execute();
		return {
			due: payable.due,
			label: order ? `#${order.order_no}` : `${shop.name}`,
			expiresAt: order?.expires_at ? new Date(order.expires_at) : undefined,
		};
	});
	await openCheckout(deps, gateway, ctx, {
		paymentId,
		amount: started.due,
		...(started.expiresAt ? { expiresAt: started.expiresAt } : {}),
		...(fields.railCurrency ? { railCurrency: fields.railCurrency } : {}),
		description: `Bayon ${started.label}`,
		origin,
		returnPath: TILL_PATH,
		scene: "counter",
	});
	return presentCheckout(await shopPayment(deps, ctx, shop.id, paymentId), TILL_PATH);
}

/**
 * Where the code on the counter's screen stands, after asking the rail when it is still pending
 * (KHQR tells nobody: this is how the staff's screen finds the customer paid). At most one
 * question to the rail per payment every 2 s, whatever the screens do.
 */
export async function checkScanToPay(
	deps: AppDeps,
	ctx: SignedInContext,
	fields: z.output<typeof ScanToPayCheckInput>,
): Promise<PaymentCheckout> {
	const shop = await counterShop(deps, ctx, fields.shopId);
	const payment = await shopPayment(deps, ctx, shop.id, fields.paymentId);
	if (!(await askRailNow(deps, payment))) return presentCheckout(payment, TILL_PATH);
	return presentCheckout(await shopPayment(deps, ctx, shop.id, payment.id), TILL_PATH);
}

/** A rail's payment for an order or a bill of this shop; anything else is "not found". */
async function shopPayment(
	deps: AppDeps,
	ctx: SignedInContext,
	shopId: number,
	paymentId: string,
): Promise<PaymentRow> {
	const payment = await deps.db
		.selectFrom("payment")
		.selectAll()
		.where("id", "=", paymentId)
		.where("tenant_id", "=", ctx.tenant.id)
		.where("provider", "in", [...PAY_RAILS])
		.executeTakeFirst();
	if (!payment) throw new BusinessError(ErrorCode.NotFound);
	const owner =
		payment.purpose === "order"
			? await deps.db
					.selectFrom("customer_order")
					.select("shop_id")
					.where("id", "=", payment.purpose_id)
					.executeTakeFirst()
			: payment.purpose === "table_bill"
				? await deps.db
						.selectFrom("table_bill")
						.select("shop_id")
						.where("id", "=", payment.purpose_id)
						.executeTakeFirst()
				: undefined;
	if (owner?.shop_id !== shopId) throw new BusinessError(ErrorCode.NotFound);
	return payment;
}
