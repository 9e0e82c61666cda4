import type { GatewayRail, PaymentDiscrepancyKind } from "../../db/schema.js";
import type { AppDeps } from "../../http/deps.js";

/**
 * Flags a callback we refused although its signature was good (another merchant, amount or
 * currency than the payment we recorded) for the operator's list of differences
 * (payment_discrepancy); a replay of it finds the flag already there.
 */
export async function flagRefusedCallback(
	deps: Pick<AppDeps, "db" | "clock">,
	args: {
		tenantId: number;
		rail: GatewayRail;
		kind: PaymentDiscrepancyKind;
		paymentId: string | null;
		ourAmount?: number | null;
		railAmount?: number | null;
		detail: Record<string, unknown>;
	},
): Promise<void> {
	// Only a payment id we know can be linked (a foreign callback may name anything).
	const known = args.paymentId
		? await deps.db.selectFrom("payment").select("id").where("id", "=", args.paymentId).executeTakeFirst()
		: undefined;
	await deps.db
		.insertInto("payment_discrepancy")
		.values({
			tenant_id: args.tenantId,
			rail: args.rail,
			kind: args.kind,
			payment_id: known?.id ?? null,
			rail_trade_no: null,
			statement_date: null,
			our_amount: args.ourAmount ?? null,
			rail_amount: args.railAmount ?? null,
			detail: JSON.stringify(args.detail),
			found_at: deps.clock.now(),
		})
		// The one-open-flag-per-thing index (migration 0036) makes a replay a no-op.
		.onConflict((oc) => oc.doNothing())
		.execute();
}
