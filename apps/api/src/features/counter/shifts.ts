import { type CloseShiftInput, ErrorCode, type OpenShiftInput, type ShiftView, type TillView } from "@bayon/contract";
import type { z } from "zod";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import type { SignedInContext } from "../../http/request-context.js";
import { counterShop } from "../venues/staff/staff-access.js";
import { expectedOf, presentShift } from "./present.js";
import { lockOpenShift } from "./takings.js";

/**
 * `POST /merchant/counter/shift/open`: the staff member's shift at this shop's counter opens with
 * the float they counted into the drawer. One open shift per person and shop (a unique index):
 * a second, or a double tap, is refused with ShiftAlreadyOpen.
 */
export async function openShift(
	deps: AppDeps,
	ctx: SignedInContext,
	fields: z.output<typeof OpenShiftInput>,
): Promise<ShiftView> {
	const shop = await counterShop(deps, ctx, fields.shopId);
	const now = deps.clock.now();
	const opened = await deps.db
		.insertInto("counter_shift")
		.values({
			tenant_id: ctx.tenant.id,
			shop_id: shop.id,
			staff_member_id: ctx.member.id,
			opened_at: now,
			float_cash: fields.floatCash,
			float_cash_second: ctx.tenant.currency.second ? fields.floatCashSecond : 0,
		})
		.onConflict((oc) => oc.columns(["shop_id", "staff_member_id"]).where("status", "=", "open").doNothing())
		.returningAll()
		.executeTakeFirst();
	if (!opened) throw new BusinessError(ErrorCode.ShiftAlreadyOpen);
	return presentShift(deps.db, opened);
}

/**
 * `POST /merchant/counter/shift/close`: the staff member counts the drawer (both currencies) and
 * the card terminal's total. Under the shift's lock, so no taking slips in between: what the
 * till expects is read from its takings, and expected, counted and counted − expected are
 * stored with the shift per method. A shift closed meanwhile (a double tap) is ShiftClosed.
 */
export async function closeShift(
	deps: AppDeps,
	ctx: SignedInContext,
	fields: z.output<typeof CloseShiftInput>,
): Promise<ShiftView> {
	const shop = await counterShop(deps, ctx, fields.shopId);
	const closed = await deps.db.transaction().execute(async (trx) => {
		const now = deps.clock.now();
		const shift = await lockOpenShift(trx, shop.id, ctx.member.id);
		if (!shift || shift.id !== fields.shiftId) throw new BusinessError(ErrorCode.ShiftClosed);
		const expected = await expectedOf(trx, shift);
		const countedSecond = ctx.tenant.currency.second ? fields.countedCashSecond : 0;
		return trx
			.updateTable("counter_shift")
			.set({
				status: "closed",
				closed_at: now,
				expected_cash: expected.cash,
				expected_cash_second: expected.cashSecond,
				expected_card: expected.card,
				expected_balance: expected.balance,
				counted_cash: fields.countedCash,
				counted_cash_second: countedSecond,
				counted_card: fields.countedCard,
				difference_cash: fields.countedCash - expected.cash,
				difference_cash_second: countedSecond - expected.cashSecond,
				difference_card: fields.countedCard - expected.card,
				close_note: fields.note,
			})
			.where("id", "=", shift.id)
			.returningAll()
			.executeTakeFirstOrThrow();
	});
	return presentShift(deps.db, closed);
}

/** `GET /merchant/counter/till?shopId=`: the caller's open shift at the shop, and their last five closed. */
export async function readTill(deps: AppDeps, ctx: SignedInContext, shopId: number): Promise<TillView> {
	const shop = await counterShop(deps, ctx, shopId);
	const shifts = await deps.db
		.selectFrom("counter_shift")
		.selectAll()
		.where("shop_id", "=", shop.id)
		.where("staff_member_id", "=", ctx.member.id)
		.orderBy("opened_at", "desc")
		.orderBy("id", "desc")
		.limit(6)
		.execute();
	const open = shifts.find((shift) => shift.status === "open");
	const closed = shifts.filter((shift) => shift.status === "closed").slice(0, 5);
	return {
		open: open ? await presentShift(deps.db, open) : null,
		closed: await Promise.all(closed.map((shift) => presentShift(deps.db, shift))),
	};
}
