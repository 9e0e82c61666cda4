import { formatMessage, formatMoney, roleAllows } from "@bayon/contract";
import type { Context, Filter } from "grammy";
import type { InlineKeyboardButton, MessageEntity } from "grammy/types";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import { findTenant } from "../../tenancy/service.js";
import { staffRoleAt } from "../../venues/staff/staff-access.js";
import {
	cancelBookingAnywayData,
	cancelBookingData,
	confirmBookingData,
	isCancelAnywayData,
	keepBookingData,
	parseCallbackData,
} from "../messages/callback-data.js";
import { languageOfTelegramUser, repliesIn } from "../messages/replies.js";
import { botText } from "../messages/texts.js";
import { type BookingCancelResult, buttonAction, type PresserContext } from "./button-actions.js";
import { languageForTelegramUser, memberOfTelegramUser } from "./telegram-users.js";

/**
 * A press of a button under one of the bot's messages (decision 024), checked like an app
 * request: the presser's Telegram id maps to a member of the subject's tenant through
 * telegram_identity; Confirm and Cancel act only for the booking's member, Accept only for the
 * shop's staff with the board permission, through the same code as the app. The outcome is
 * answered to the presser and, when something was reached, added to the pressed message with
 * its action buttons removed. A second press changes nothing and answers the outcome already
 * reached. The press is always answered, so the presser's spinner stops.
 *
 * A Cancel that would keep the deposit (a late cancel) cancels nothing: the message shows the
 * app's warning with the amount, and "Cancel anyway" / "Keep my booking" (decision 024).
 */

type PressContext = Filter<Context, "callback_query:data">;
type TelegramUser = { id: number; first_name: string; language_code?: string | undefined };

interface Outcome {
	/** What the presser is told (a toast; a dialog with `alert`). */
	answer: string;
	alert?: boolean;
	/** The line the pressed message gains, when the subject reached an outcome. */
	line?: string;
	/** A question before acting: the pressed message shows it with these buttons instead of its own. */
	warning?: { text: string; buttons: InlineKeyboardButton[] };
	/** The question answered "no": the message loses it and gets these buttons back. */
	restore?: InlineKeyboardButton[];
}

export async function handleCallbackQuery(deps: AppDeps, ctx: PressContext): Promise<void> {
	const query = ctx.callbackQuery;
	let outcome: Outcome | null = null;
	try {
		const action = parseCallbackData(query.data);
		if (!action) return;
		switch (action.action) {
			case "confirmBooking":
				outcome = await confirmBooking(deps, query.from, action.reservationId);
				break;
			case "cancelBooking":
				outcome = await cancelBooking(deps, query.from, action.reservationId, 0);
				break;
			case "cancelBookingAnyway":
				outcome = await cancelBooking(deps, query.from, action.reservationId, action.keptAmount);
				break;
			case "keepBooking":
				outcome = await keepBooking(deps, query.from, action.reservationId);
				break;
			case "acceptOrder":
				outcome = await acceptOrder(deps, ctx, action.orderId);
				break;
		}
		if (outcome.line) await showOutcome(deps, ctx, outcome.line);
		else if (outcome.warning) await showWarning(deps, ctx, outcome.warning);
		else if (outcome.restore) await restoreButtons(deps, ctx, outcome.restore);
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
			await buttonAction("bookingConfirmedByGuest")(deps, reservationId);
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
 * Cancel on a reminder (`keepAtMost` 0), or "Cancel anyway" under the warning (`keepAtMost` the
 * deposit the guest was warned of): the app's own cancel (its cancel window, its deposit rules),
 * told to keep no more of a deposit than the guest has seen named. When it would keep more, the
 * booking stays and the message asks first; a cancel that refunds goes straight through and says
 * how much comes back. A booking already cancelled is answered as it is, and the cancel itself
 * moves money only once.
 */
async function cancelBooking(
	deps: AppDeps,
	from: TelegramUser,
	reservationId: number,
	keepAtMost: number,
): Promise<Outcome> {
	const booking = await findBooking(deps, from, reservationId);
	if ("refused" in booking) return booking.refused;
	const texts = repliesIn(booking.lang);
	if (booking.status === "cancelled" || booking.status === "late_cancelled")
		return { answer: texts.bookingAlreadyCancelled, line: texts.bookingAlreadyCancelled };
	const ctx = await memberContext(deps, booking.tenantId, booking.memberId, booking.lang);
	const money = (amount: number) => formatMoney(amount, ctx.tenant.currency);
	try {
		const result = await buttonAction("cancelOwnBooking")(deps, ctx, reservationId, keepAtMost);
		if ("wouldKeep" in result) {
			const warning = texts.lateCancelWarning(money(result.wouldKeep));
			return {
				answer: warning,
				alert: true,
				warning: {
					text: warning,
					buttons: [
						{ text: texts.cancelAnyway, callback_data: cancelBookingAnywayData(reservationId, result.wouldKeep) },
						{ text: texts.keepBooking, callback_data: keepBookingData(reservationId) },
					],
				},
			};
		}
		const line = cancelledLine(result, texts, money);
		return { answer: line, line };
	} catch (error) {
		if (error instanceof BusinessError) return { answer: businessMessage(error, booking.lang), alert: true };
		throw error;
	}
}

function cancelledLine(
	result: Exclude<BookingCancelResult, { wouldKeep: number }>,
	texts: ReturnType<typeof repliesIn>,
	money: (amount: number) => string,
): string {
	if (!result.changed) return texts.bookingAlreadyCancelled;
	if (result.kept > 0)
		return texts.bookingCancelledDepositKept(money(result.kept), result.refunded > 0 ? money(result.refunded) : null);
	return result.refunded > 0 ? texts.bookingCancelledRefunded(money(result.refunded)) : texts.bookingCancelled;
}

/**
 * "Keep my booking" under the late-cancel warning: nothing changes; the message loses the warning
 * and gets the reminder's own buttons back (Confirm while the guest has not confirmed).
 */
async function keepBooking(deps: AppDeps, from: TelegramUser, reservationId: number): Promise<Outcome> {
	const booking = await findBooking(deps, from, reservationId);
	if ("refused" in booking) return booking.refused;
	const texts = repliesIn(booking.lang);
	if (booking.status === "cancelled" || booking.status === "late_cancelled")
		return { answer: texts.bookingAlreadyCancelled, line: texts.bookingAlreadyCancelled };
	const row = await deps.db
		.selectFrom("reservation")
		.select("guest_confirmed_at")
		.where("id", "=", reservationId)
		.executeTakeFirstOrThrow();
	const lang = languageOfTelegramUser(booking.lang);
	return {
		answer: texts.bookingKept,
		restore: [
			...(row.guest_confirmed_at === null && booking.status === "confirmed"
				? [{ text: botText(lang, "button.confirmBooking"), callback_data: confirmBookingData(reservationId) }]
				: []),
			{ text: botText(lang, "button.cancelBooking"), callback_data: cancelBookingData(reservationId) },
		],
	};
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
		await buttonAction("acceptOrder")(deps, memberCtx, orderId);
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
async function memberContext(deps: AppDeps, tenantId: number, memberId: number, lang: string): Promise<PresserContext> {
	const tenant = await findTenant(deps, tenantId);
	if (!tenant) throw new Error(`tenant ${tenantId} of a Telegram press not found`);
	// No session: the press is authenticated by Telegram's signed webhook and telegram_identity.
	return { tenant, lang, member: { id: memberId, sessionFamilyId: "" }, ip: "telegram", userAgent: "Telegram bot" };
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

type PressedMessage = NonNullable<PressContext["callbackQuery"]["message"]>;

/**
 * The pressed message's text and entities without the late-cancel warning it may show (the last
 * paragraph, there while its keyboard holds "Cancel anyway"); null for a message without text.
 */
function withoutWarning(message: PressedMessage | undefined): { text: string; entities: MessageEntity[] } | null {
	if (!message || !("text" in message) || typeof message.text !== "string") return null;
	const entities = message.entities ?? [];
	const warned = (message.reply_markup?.inline_keyboard ?? []).some((row) =>
		row.some((button) => "callback_data" in button && isCancelAnywayData(button.callback_data)),
	);
	const cut = message.text.lastIndexOf("\n\n");
	if (!warned || cut < 0) return { text: message.text, entities };
	return {
		text: message.text.slice(0, cut),
		entities: entities.filter((entity) => entity.offset + entity.length <= cut),
	};
}

/** The rows of buttons that open a page (no callback): they stay whatever is pressed. */
function pageRows(message: PressedMessage): InlineKeyboardButton[][] {
	return (message.reply_markup?.inline_keyboard ?? [])
		.map((row) => row.filter((button) => !("callback_data" in button)))
		.filter((row) => row.length > 0);
}

async function editPressed(
	deps: AppDeps,
	ctx: PressContext,
	text: string,
	entities: MessageEntity[],
	keyboard: InlineKeyboardButton[][],
): Promise<void> {
	await ctx
		.editMessageText(text, {
			...(entities.length > 0 ? { entities } : {}),
			reply_markup: { inline_keyboard: keyboard },
		})
		.catch((error: unknown) => deps.log.warn({ err: error }, "telegram: could not show a press's outcome"));
}

/**
 * The pressed message gains the outcome line (in place of a warning it showed) and loses its
 * action buttons (a button that opens the app stays). Already showing that line (a second
 * press): left as it is. A failed edit is only logged: the action happened, and the presser was
 * answered.
 */
async function showOutcome(deps: AppDeps, ctx: PressContext, line: string): Promise<void> {
	const message = ctx.callbackQuery.message;
	const base = withoutWarning(message);
	if (!message || !base || base.text.endsWith(line)) return;
	await editPressed(deps, ctx, `${base.text}\n\n${line}`, base.entities, pageRows(message));
}

/** The pressed message shows the warning under its text, with the warning's buttons in place of its own. */
async function showWarning(deps: AppDeps, ctx: PressContext, warning: NonNullable<Outcome["warning"]>): Promise<void> {
	const message = ctx.callbackQuery.message;
	const base = withoutWarning(message);
	if (!message || !base) return;
	await editPressed(deps, ctx, `${base.text}\n\n${warning.text}`, base.entities, [
		warning.buttons,
		...pageRows(message),
	]);
}

/** The pressed message without its warning, with `buttons` back above the page buttons. */
async function restoreButtons(deps: AppDeps, ctx: PressContext, buttons: InlineKeyboardButton[]): Promise<void> {
	const message = ctx.callbackQuery.message;
	const base = withoutWarning(message);
	if (!message || !base) return;
	await editPressed(deps, ctx, base.text, base.entities, [buttons, ...pageRows(message)]);
}
