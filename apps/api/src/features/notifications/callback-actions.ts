import { formatMessage, roleAllows } from "@bayon/contract";
import type { Context, Filter } from "grammy";
import type { InlineKeyboardButton } from "grammy/types";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import type { RequestContext } from "../../http/request-context.js";
import type { SignedInMember } from "../identity/service.js";
import { actOnOrder } from "../ordering/merchant.js";
import { announceReservationChange } from "../reservations/records.js";
import { cancelOwnReservation } from "../reservations/service.js";
import { findTenant } from "../tenancy/service.js";
import { staffRoleAt } from "../venues/service.js";
import { parseCallbackData } from "./callback-data.js";
import { repliesIn } from "./replies.js";
import { languageForTelegramUser, memberOfTelegramUser } from "./telegram-users.js";

/**
 * A press of a button under one of the bot's messages (decision 024), checked like an app
 * request: the presser's Telegram id maps to a member of the subject's tenant through
 * telegram_identity; Confirm and Cancel act only for the booking's member, Accept only for the
 * shop's staff with the board permission, through the same code as the app. The outcome is
 * answered to the presser and, when something was reached, added to the pressed message with
 * its action buttons removed. A second press changes nothing and answers the outcome already
 * reached. The press is always answered, so the presser's spinner stops.
 */

type PressContext = Filter<Context, "callback_query:data">;
type TelegramUser = { id: number; first_name: string; language_code?: string | undefined };

interface Outcome {
	/** What the presser is told (a toast; a dialog with `alert`). */
	answer: string;
	alert?: boolean;
	/** The line the pressed message gains, when the subject reached an outcome. */
	line?: string;
}

export async function handleCallbackQuery(deps: AppDeps, ctx: PressContext): Promise<void> {
	const query = ctx.callbackQuery;
	let outcome: Outcome | null = null;
	try {
		const action = parseCallbackData(query.data);
		if (!action) return;
		outcome =
			action.action === "confirmBooking"
				? await confirmBooking(deps, query.from, action.reservationId)
				: action.action === "cancelBooking"
					? await cancelBooking(deps, query.from, action.reservationId)
					: await acceptOrder(deps, ctx, action.orderId);
		if (outcome.line) await showOutcome(deps, ctx, outcome.line);
	} finally {
		await ctx
			.answerCallbackQuery(outcome ? { text: outcome.answer, show_alert: outcome.alert ?? false } : {})
			.catch((error: unknown) => deps.log.warn({ err: error }, "telegram: could not answer a button press"));
	}
}

/** Confirm on a reminder: the staff see that the guest is coming (reservation.guest_confirmed_at). */
async function confirmBooking(deps: AppDeps, from: TelegramUser, reservationId: number): Promise<Outcome> {
	const booking = await findBooking(deps, from, reservationId);
	if ("refused" in booking) return booking.refused;
	const texts = repliesIn(booking.lang);
	const now = deps.clock.now();
	const result = await deps.db.transaction().execute(async (trx) => {
		const row = await trx
			.selectFrom("reservation")
			.select(["status", "starts_at", "guest_confirmed_at"])
			.where("id", "=", reservationId)
			.forUpdate()
			.executeTakeFirstOrThrow();
		if (row.status === "cancelled" || row.status === "late_cancelled") return "cancelled";
		if (row.guest_confirmed_at !== null) return "alreadyConfirmed";
		if (new Date(row.starts_at).getTime() <= now.getTime()) return "started";
		if (row.status !== "confirmed") return "notConfirmable";
		await trx.updateTable("reservation").set({ guest_confirmed_at: now }).where("id", "=", reservationId).execute();
		return "confirmed";
	});
	switch (result) {
		case "confirmed":
			// The staff's booking screens refresh on this and show the guest is coming.
			await announceReservationChange(deps, reservationId, "guestConfirmed");
			return { answer: texts.bookingConfirmed, line: texts.bookingConfirmed };
		case "alreadyConfirmed":
			return { answer: texts.bookingAlreadyConfirmed, line: texts.bookingConfirmed };
		case "cancelled":
			return { answer: texts.bookingAlreadyCancelled, line: texts.bookingAlreadyCancelled };
		case "started":
			return { answer: texts.bookingStarted, alert: true };
		case "notConfirmable":
			return { answer: texts.bookingNotConfirmable, alert: true };
	}
}

/**
 * Cancel on a reminder: the app's own cancel (its cancel window, its deposit rules). A booking
 * already cancelled is answered as it is and cancelOwnReservation itself refunds only once.
 */
async function cancelBooking(deps: AppDeps, from: TelegramUser, reservationId: number): Promise<Outcome> {
	const booking = await findBooking(deps, from, reservationId);
	if ("refused" in booking) return booking.refused;
	const texts = repliesIn(booking.lang);
	if (booking.status === "cancelled" || booking.status === "late_cancelled")
		return { answer: texts.bookingAlreadyCancelled, line: texts.bookingAlreadyCancelled };
	const ctx = await memberContext(deps, booking.tenantId, booking.memberId, booking.lang);
	try {
		const view = await cancelOwnReservation(deps, ctx, { reservationId });
		const line = view.status === "late_cancelled" ? texts.bookingCancelledDepositKept : texts.bookingCancelled;
		return { answer: line, line };
	} catch (error) {
		if (error instanceof BusinessError) return { answer: businessMessage(error, booking.lang), alert: true };
		throw error;
	}
}

/**
 * Accept on a staff group's new-order message: the presser must be staff of the order's shop
 * with the board permission, and the order is accepted through the board's own action.
 */
async function acceptOrder(deps: AppDeps, ctx: PressContext, orderId: number): Promise<Outcome> {
	const from = ctx.callbackQuery.from;
	const order = await deps.db
		.selectFrom("customer_order")
		.select(["tenant_id", "shop_id"])
		.where("id", "=", orderId)
		.executeTakeFirst();
	if (!order) return { answer: repliesIn(await languageForTelegramUser(deps, from)).orderGone, alert: true };
	const presser = await memberOfTelegramUser(deps, order.tenant_id, from);
	const lang = presser?.lang ?? (await languageForTelegramUser(deps, from));
	const texts = repliesIn(lang);
	const memberCtx = presser ? await memberContext(deps, order.tenant_id, presser.memberId, lang) : null;
	const role = memberCtx ? await staffRoleAt(deps, memberCtx, order.shop_id) : null;
	if (!memberCtx || !role || !roleAllows(role, "board")) return { answer: texts.notShopStaff, alert: true };
	const groupTexts = repliesIn(await chatLanguage(deps, ctx, order.shop_id, lang));
	const acceptedAlready = async () => {
		const now = await deps.db
			.selectFrom("customer_order")
			.select("accepted_at")
			.where("id", "=", orderId)
			.executeTakeFirstOrThrow();
		return now.accepted_at !== null;
	};
	if (await acceptedAlready()) return { answer: texts.orderAlreadyAccepted, line: groupTexts.orderAccepted };
	try {
		await actOnOrder(deps, memberCtx, { orderId, action: "accept" });
		return { answer: texts.orderAccepted, line: groupTexts.orderAcceptedBy(from.first_name) };
	} catch (error) {
		if (!(error instanceof BusinessError)) throw error;
		// Someone accepted it on the board (or by another press) in the meantime.
		if (await acceptedAlready()) return { answer: texts.orderAlreadyAccepted, line: groupTexts.orderAccepted };
		return { answer: businessMessage(error, lang), alert: true };
	}
}

type FoundBooking = { refused: Outcome } | { tenantId: number; memberId: number; status: string; lang: string };

/** The booking a press names, when the presser is its member; otherwise the refusal to answer. */
async function findBooking(deps: AppDeps, from: TelegramUser, reservationId: number): Promise<FoundBooking> {
	const booking = await deps.db
		.selectFrom("reservation")
		.select(["tenant_id", "member_id", "status"])
		.where("id", "=", reservationId)
		.executeTakeFirst();
	if (!booking) return { refused: { answer: repliesIn(await languageForTelegramUser(deps, from)).bookingGone } };
	const presser = await memberOfTelegramUser(deps, booking.tenant_id, from);
	if (!presser || booking.member_id === null || presser.memberId !== booking.member_id) {
		const lang = presser?.lang ?? (await languageForTelegramUser(deps, from));
		return { refused: { answer: repliesIn(lang).notYourBooking, alert: true } };
	}
	return { tenantId: booking.tenant_id, memberId: presser.memberId, status: booking.status, lang: presser.lang };
}

/** The context an app request of this member would have: the services check it the same way. */
async function memberContext(
	deps: AppDeps,
	tenantId: number,
	memberId: number,
	lang: string,
): Promise<RequestContext & { member: SignedInMember }> {
	const tenant = await findTenant(deps, tenantId);
	if (!tenant) throw new Error(`tenant ${tenantId} of a Telegram press not found`);
	// No session: the press is authenticated by Telegram's signed webhook and telegram_identity.
	return { tenant, lang, member: { id: memberId, sessionFamilyId: "" }, ip: "telegram" };
}

/** A group speaks the language of the owner who linked it; a private chat its member's. */
async function chatLanguage(deps: AppDeps, ctx: PressContext, shopId: number, fallback: string): Promise<string> {
	const chatId = ctx.callbackQuery.message?.chat.id;
	if (chatId === undefined) return fallback;
	const group = await deps.db
		.selectFrom("shop_bot_group")
		.select("language")
		.where("chat_id", "=", chatId)
		.where("shop_id", "=", shopId)
		.executeTakeFirst();
	return group?.language ?? fallback;
}

function businessMessage(error: BusinessError, lang: string): string {
	return error.translated ?? formatMessage(error.messageKey, lang, error.params);
}

/**
 * The pressed message gains the outcome line and loses its action buttons (a button that opens
 * the app stays). Already showing that line (a second press): left as it is. A failed edit is
 * only logged: the action happened, and the presser was answered.
 */
async function showOutcome(deps: AppDeps, ctx: PressContext, line: string): Promise<void> {
	const message = ctx.callbackQuery.message;
	if (!message || !("text" in message) || typeof message.text !== "string") return;
	if (message.text.endsWith(line)) return;
	const keep: InlineKeyboardButton[][] = (message.reply_markup?.inline_keyboard ?? [])
		.map((row) => row.filter((button) => !("callback_data" in button)))
		.filter((row) => row.length > 0);
	await ctx
		.editMessageText(`${message.text}\n\n${line}`, {
			...(message.entities ? { entities: message.entities } : {}),
			reply_markup: { inline_keyboard: keep },
		})
		.catch((error: unknown) => deps.log.warn({ err: error }, "telegram: could not show a press's outcome"));
}
