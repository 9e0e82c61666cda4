import {
	formatMoney,
	type LanguageCode,
	localize,
	MEMBER_NOTICE_KINDS,
	type MemberNoticeKind,
	type NoticeKind,
	resolveLanguage,
	SHOP_NOTICE_KINDS,
} from "@bayon/contract";
import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import { sql } from "kysely";
import type { AppDeps } from "../../../http/deps.js";
import { findTenant } from "../../tenancy/service.js";
import { acceptOrderData, cancelBookingData, confirmBookingData } from "./callback-data.js";
import { type BotTextKey, botText } from "./texts.js";

/**
 * Turns an outbox row into what Telegram shows (decision 024): the text in the chat's language,
 * made now from the subject as it is now, and its buttons. Texts are HTML (a bold title); every
 * value from the database is escaped.
 */

export interface OutboxMessage {
	id: number;
	tenantId: number;
	chatId: number;
	memberId: number | null;
	shopId: number | null;
	kind: string;
	subjectId: number;
}

export type ChatKind = "private" | "group";

export interface RenderedMessage {
	/** HTML (parse_mode "HTML"). */
	text: string;
	replyMarkup: InlineKeyboardMarkup | undefined;
}

type RenderDeps = Pick<AppDeps, "db" | "database" | "config">;

/**
 * The web app's pages the buttons open (apps/web/src/lib/paths.ts; each screen reads these
 * queries). Every address names the tenant and, when the message is about a shop, that shop
 * (issue 27: the wallet button opened whichever shop the app had chosen last): the merchant
 * pages switch to the shop named, or say it is not the reader's, never show another one.
 */
const SUB = "/pages/components/pages";
export interface PageScope {
	tenantId: number;
	shopId: number;
}
const scoped = (path: string, scope: { tenantId: number; shopId?: number }) => {
	const query = new URLSearchParams();
	query.set("tenant", String(scope.tenantId));
	if (scope.shopId !== undefined) query.set("shopId", String(scope.shopId));
	return `${path}${path.includes("?") ? "&" : "?"}${query}`;
};
export const BOT_PAGES = {
	orderDetail: (orderId: number, scope: PageScope) => scoped(`${SUB}/orders/detail?id=${orderId}`, scope),
	bookingDetail: (reservationId: number, scope: PageScope) => scoped(`${SUB}/due/detail?id=${reservationId}`, scope),
	balance: (scope: { tenantId: number }) => scoped(`${SUB}/balance/balance`, scope),
	wallet: (scope: PageScope) => scoped(`${SUB}/merchant/wallet`, scope),
	merchantOrderDetail: (orderId: number, scope: PageScope) =>
		scoped(`${SUB}/merchant/orderDetail?id=${orderId}`, scope),
	merchantReservations: (scope: PageScope) => scoped("/pages/merchant/reservations", scope),
	merchantBell: (scope: PageScope) => scoped(`${SUB}/merchant/bell`, scope),
	merchantOrders: (scope: PageScope) => scoped(`${SUB}/merchant/order`, scope),
} as const;

const MEMBER_KINDS: readonly string[] = MEMBER_NOTICE_KINDS;
const SHOP_KINDS: readonly string[] = SHOP_NOTICE_KINDS;

export function isNoticeKind(kind: string): kind is NoticeKind {
	return MEMBER_KINDS.includes(kind) || SHOP_KINDS.includes(kind);
}

/**
 * The chat's language (decision 024): a member's is the app's language they last used with
 * Telegram, else their Telegram client's if we speak it, else zh-CN; a group speaks the language
 * of the owner who linked it.
 */
export async function chatLanguage(
	db: RenderDeps["db"],
	message: OutboxMessage,
	chat: ChatKind,
): Promise<LanguageCode> {
	let raw: string | null | undefined;
	if (chat === "group") {
		const group = await db
			.selectFrom("shop_bot_group")
			.select("language")
			.where("chat_id", "=", message.chatId)
			.$if(message.shopId !== null, (qb) => qb.where("shop_id", "=", message.shopId as number))
			.orderBy("linked_at", "desc")
			.executeTakeFirst();
		raw = group?.language;
	} else {
		const found = await sql<{ chosen: string | null; client: string | null }>`
			SELECT (SELECT language FROM member_notice_settings WHERE member_id = ${message.memberId}) AS chosen,
				(SELECT language_code FROM telegram_identity
					WHERE tenant_id = ${message.tenantId} AND telegram_user_id = ${message.chatId}) AS client
		`.execute(db);
		const row = found.rows[0];
		raw = row?.chosen ?? row?.client;
	}
	// resolveLanguage answers one of ours: a client language we do not speak reads as zh-CN.
	return resolveLanguage(raw) as LanguageCode;
}

/**
 * The message for `message` in `lang`, or null when there is nothing worth saying any more: the
 * subject is gone, or a reminder's booking was cancelled (or otherwise ended) before it left.
 */
export async function renderBotMessage(
	deps: RenderDeps,
	message: OutboxMessage,
	chat: ChatKind,
	lang: LanguageCode,
): Promise<RenderedMessage | null> {
	const kind = message.kind;
	if (!isNoticeKind(kind)) throw new Error(`bot message ${message.id}: unknown kind ${kind}`);
	const page = pageButtons(deps.config.publicUrl, chat, lang);
	switch (kind) {
		case "orderPaid":
		case "orderAccepted":
		case "orderReady":
		case "orderDelivering":
		case "orderDelivered":
		case "refundApproved":
		case "refundRejected":
		case "shopNewOrder":
		case "shopRefundRequested":
			return renderOrder(deps, message, kind, lang, page);
		case "bookingConfirmed":
		case "bookingRejected":
		case "bookingReminder24h":
		case "bookingReminder2h":
		case "bookingNoShow":
		case "shopNewBooking":
			return renderBooking(deps, message, kind, lang, page);
		case "rechargeCredited":
			return renderRecharge(deps, message, lang, page);
		case "withdrawalApproved":
		case "withdrawalRejected":
		case "withdrawalPaid":
			return renderWithdrawal(deps, message, kind, lang, page);
		case "shopBellCall":
			return renderBellCall(deps, message, lang, page);
	}
}

// ---------------------------------------------------------------------------------------------

type PageButton = (labelKey: BotTextKey, path: string) => InlineKeyboardButton | null;

/**
 * A button opening the web app's page: a Mini App (`web_app`) in a private chat, a plain link in
 * a group (Telegram allows web_app buttons only in private chats). None without PUBLIC_URL:
 * Telegram needs an absolute https address.
 */
function pageButtons(publicUrl: string | undefined, chat: ChatKind, lang: LanguageCode): PageButton {
	return (labelKey, path) => {
		if (!publicUrl) return null;
		const url = `${publicUrl}${path}`;
		const text = botText(lang, labelKey);
		return chat === "private" ? { text, web_app: { url } } : { text, url };
	};
}

function keyboard(rows: Array<Array<InlineKeyboardButton | null>>): InlineKeyboardMarkup | undefined {
	const kept = rows
		.map((row) => row.filter((button): button is InlineKeyboardButton => button !== null))
		.filter((row) => row.length > 0);
	return kept.length > 0 ? { inline_keyboard: kept } : undefined;
}

function escapeHtml(value: string): string {
	return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Escapes every value before it goes into the HTML. */
function say(lang: LanguageCode, key: BotTextKey, params: Record<string, string | number> = {}): string {
	const escaped: Record<string, string | number> = {};
	for (const [name, value] of Object.entries(params))
		escaped[name] = typeof value === "string" ? escapeHtml(value) : value;
	return botText(lang, key, escaped);
}

/** Title in bold, the sentence, then "Label: value" lines (values escaped). */
function compose(
	lang: LanguageCode,
	title: string,
	body: string | null,
	details: Array<[BotTextKey, string | null | undefined]>,
): string {
	const lines = [`<b>${title}</b>`];
	if (body) lines.push(body);
	const detailLines = details
		.filter((detail): detail is [BotTextKey, string] => Boolean(detail[1]))
		.map(([label, value]) => `${botText(lang, label)}${botText(lang, "label.separator")}${escapeHtml(value)}`);
	if (detailLines.length > 0) lines.push("", ...detailLines);
	return lines.join("\n");
}

async function currencyOf(deps: RenderDeps, tenantId: number) {
	const tenant = await findTenant(deps as AppDeps, tenantId);
	if (!tenant) throw new Error(`tenant ${tenantId} not found`);
	return tenant.currency;
}

const pickupText = (pickupNumber: number) => String(pickupNumber).padStart(3, "0");

function partyText(lang: LanguageCode, count: number): string {
	return botText(lang, count === 1 ? "party_one" : "party", { count });
}

/** A booking's time as the shop's clock shows it, with the weekday, in the chat's language. */
export function formatBookingTime(instant: Date, lang: LanguageCode, timeZone: string): string {
	const locale = { "zh-CN": "zh-CN", en: "en-GB", km: "km-KH" }[lang];
	try {
		const day = new Intl.DateTimeFormat(locale, {
			timeZone,
			weekday: "short",
			year: "numeric",
			month: "short",
			day: "numeric",
		}).format(instant);
		const time = new Intl.DateTimeFormat("en-GB", {
			timeZone,
			hour: "2-digit",
			minute: "2-digit",
			hourCycle: "h23",
		}).format(instant);
		return `${day} ${time}`;
	} catch {
		return instant.toISOString().slice(0, 16).replace("T", " ");
	}
}

// ---------------------------------------------------------------------------------------------

async function renderOrder(
	deps: RenderDeps,
	message: OutboxMessage,
	kind: Extract<NoticeKind, `order${string}` | `refund${string}` | "shopNewOrder" | "shopRefundRequested">,
	lang: LanguageCode,
	page: PageButton,
): Promise<RenderedMessage | null> {
	const order = await deps.db
		.selectFrom("customer_order as o")
		.innerJoin("shop as s", "s.id", "o.shop_id")
		.leftJoin("dining_table as t", "t.id", "o.table_id")
		.select([
			"o.id",
			"o.order_no",
			"o.order_type",
			"o.status",
			"o.pickup_number",
			"o.total",
			"o.refund_reason",
			"o.refund_decision_note",
			"o.shop_id",
			"s.name as shop_name",
			"t.number as table_number",
		])
		.where("o.id", "=", message.subjectId)
		.where("o.tenant_id", "=", message.tenantId)
		.executeTakeFirst();
	if (!order) return null;
	const currency = await currencyOf(deps, message.tenantId);
	const scope = { tenantId: message.tenantId, shopId: order.shop_id };
	const shop = localize(order.shop_name, lang);
	const total = formatMoney(order.total, currency);
	const pickup = pickupText(order.pickup_number);
	const table = order.table_number ? botText(lang, "table", { number: order.table_number }) : null;
	const type = botText(lang, `orderType.${order.order_type}`);
	// The pickup number matters when the food is ready (and to the staff); earlier news leaves it
	// out so "ready, number 42" is the message that carries it. A delivery has none to show.
	const numbered =
		order.order_type !== "takeout" &&
		(kind === "orderReady" || kind === "shopNewOrder" || kind === "shopRefundRequested");
	const common: Array<[BotTextKey, string | null]> = [
		["label.orderNo", order.order_no],
		["label.pickup", numbered ? pickup : null],
		["label.table", order.order_type === "desk" ? table : null],
		["label.type", type],
		["label.total", total],
	];

	if (kind === "shopNewOrder" || kind === "shopRefundRequested") {
		const isNew = order.status === "new";
		const title =
			kind === "shopNewOrder" ? say(lang, "shopNewOrder.title", { pickup }) : say(lang, "shopRefundRequested.title");
		const body =
			kind === "shopNewOrder"
				? say(lang, isNew ? "shopNewOrder.body" : "shopNewOrder.bodyTaken")
				: say(lang, "shopRefundRequested.body");
		const details: Array<[BotTextKey, string | null]> =
			kind === "shopRefundRequested" ? [...common, ["label.reason", order.refund_reason]] : common;
		return {
			text: compose(lang, title, body, details),
			replyMarkup: keyboard([
				[
					kind === "shopNewOrder" && isNew
						? { text: botText(lang, "button.acceptOrder"), callback_data: acceptOrderData(order.id) }
						: null,
				],
				[page("button.openOrder", BOT_PAGES.merchantOrderDetail(order.id, scope))],
			]),
		};
	}

	const [titleKey, bodyKey] = memberOrderKeys(kind, order.order_type);
	const details: Array<[BotTextKey, string | null]> =
		kind === "refundRejected" ? [...common, ["label.reason", order.refund_decision_note]] : common;
	return {
		text: compose(lang, say(lang, titleKey), say(lang, bodyKey, { shop, pickup, amount: total }), details),
		replyMarkup: keyboard([[page("button.viewOrder", BOT_PAGES.orderDetail(order.id, scope))]]),
	};
}

function memberOrderKeys(
	kind: Extract<MemberNoticeKind, `order${string}` | `refund${string}`>,
	orderType: "takein" | "takeout" | "desk",
): [BotTextKey, BotTextKey] {
	if (kind === "orderReady") {
		const how = orderType === "takein" ? "pickup" : orderType === "desk" ? "table" : "delivery";
		return [`orderReady.${how}.title`, `orderReady.${how}.body`];
	}
	return [`${kind}.title`, `${kind}.body`];
}

const ACTIVE_BOOKING = ["pending", "confirmed"];

async function renderBooking(
	deps: RenderDeps,
	message: OutboxMessage,
	kind: Extract<NoticeKind, `booking${string}` | "shopNewBooking">,
	lang: LanguageCode,
	page: PageButton,
): Promise<RenderedMessage | null> {
	const booking = await deps.db
		.selectFrom("reservation as r")
		.innerJoin("shop as s", "s.id", "r.shop_id")
		.select([
			"r.id",
			"r.code",
			"r.status",
			"r.party",
			"r.starts_at",
			"r.guest_name",
			"r.reject_reason",
			"r.guest_confirmed_at",
			"r.shop_id",
			"s.name as shop_name",
			"s.timezone",
		])
		.where("r.id", "=", message.subjectId)
		.where("r.tenant_id", "=", message.tenantId)
		.executeTakeFirst();
	if (!booking) return null;
	const isReminder = kind === "bookingReminder24h" || kind === "bookingReminder2h";
	// "Your table is tomorrow" about a booking cancelled since helps no one.
	if (isReminder && !ACTIVE_BOOKING.includes(booking.status)) return null;
	const scope = { tenantId: message.tenantId, shopId: booking.shop_id };
	const shop = localize(booking.shop_name, lang);
	const when = formatBookingTime(new Date(booking.starts_at), lang, booking.timezone);
	const party = partyText(lang, booking.party);

	if (kind === "shopNewBooking") {
		const body = say(lang, booking.status === "pending" ? "shopNewBooking.bodyPending" : "shopNewBooking.body", {
			name: booking.guest_name,
		});
		return {
			text: compose(lang, say(lang, "shopNewBooking.title"), body, [
				["label.guest", booking.guest_name],
				["label.when", when],
				["label.party", party],
				["label.code", booking.code],
			]),
			replyMarkup: keyboard([[page("button.openReservations", BOT_PAGES.merchantReservations(scope))]]),
		};
	}

	const details: Array<[BotTextKey, string | null]> = [
		["label.when", when],
		["label.party", party],
		["label.code", booking.code],
	];
	if (kind === "bookingRejected") details.push(["label.reason", booking.reject_reason ?? null]);
	const answers: Array<InlineKeyboardButton | null> = isReminder
		? [
				booking.guest_confirmed_at
					? null
					: { text: botText(lang, "button.confirmBooking"), callback_data: confirmBookingData(booking.id) },
				{ text: botText(lang, "button.cancelBooking"), callback_data: cancelBookingData(booking.id) },
			]
		: [];
	return {
		text: compose(lang, say(lang, `${kind}.title`), say(lang, `${kind}.body`, { shop }), details),
		replyMarkup: keyboard([answers, [page("button.viewBooking", BOT_PAGES.bookingDetail(booking.id, scope))]]),
	};
}

async function renderRecharge(
	deps: RenderDeps,
	message: OutboxMessage,
	lang: LanguageCode,
	page: PageButton,
): Promise<RenderedMessage | null> {
	const recharge = await deps.db
		.selectFrom("recharge")
		.select(["id", "member_id", "pay_amount", "bonus_amount"])
		.where("id", "=", message.subjectId)
		.where("tenant_id", "=", message.tenantId)
		.executeTakeFirst();
	if (!recharge) return null;
	// The wallet's balance right after this recharge's last posting (its bonus, when it had one).
	const after = await deps.db
		.selectFrom("ledger_entry as e")
		.innerJoin("ledger_txn as x", "x.id", "e.txn_id")
		.innerJoin("ledger_account as a", "a.id", "e.account_id")
		.select("e.balance_after")
		.where("x.recharge_id", "=", recharge.id)
		.where("a.kind", "=", "member_wallet")
		.orderBy("e.id", "desc")
		.executeTakeFirst();
	const currency = await currencyOf(deps, message.tenantId);
	const credited = formatMoney(recharge.pay_amount + recharge.bonus_amount, currency);
	return {
		text: compose(lang, say(lang, "rechargeCredited.title"), say(lang, "rechargeCredited.body", { amount: credited }), [
			["label.paid", formatMoney(recharge.pay_amount, currency)],
			["label.bonus", recharge.bonus_amount > 0 ? formatMoney(recharge.bonus_amount, currency) : null],
			["label.balance", after?.balance_after == null ? null : formatMoney(after.balance_after, currency)],
		]),
		replyMarkup: keyboard([[page("button.viewBalance", BOT_PAGES.balance({ tenantId: message.tenantId }))]]),
	};
}

async function renderWithdrawal(
	deps: RenderDeps,
	message: OutboxMessage,
	kind: Extract<MemberNoticeKind, `withdrawal${string}`>,
	lang: LanguageCode,
	page: PageButton,
): Promise<RenderedMessage | null> {
	const withdrawal = await deps.db
		.selectFrom("shop_withdrawal as w")
		.innerJoin("shop as s", "s.id", "w.shop_id")
		.select(["w.id", "w.shop_id", "w.amount", "w.reject_reason", "s.name as shop_name"])
		.where("w.id", "=", message.subjectId)
		.where("w.tenant_id", "=", message.tenantId)
		.executeTakeFirst();
	if (!withdrawal) return null;
	const currency = await currencyOf(deps, message.tenantId);
	const shop = localize(withdrawal.shop_name, lang);
	return {
		text: compose(lang, say(lang, `${kind}.title`), say(lang, `${kind}.body`, { shop }), [
			["label.amount", formatMoney(withdrawal.amount, currency)],
			["label.reason", kind === "withdrawalRejected" ? withdrawal.reject_reason : null],
		]),
		replyMarkup: keyboard([
			[page("button.openWallet", BOT_PAGES.wallet({ tenantId: message.tenantId, shopId: withdrawal.shop_id }))],
		]),
	};
}

async function renderBellCall(
	deps: RenderDeps,
	message: OutboxMessage,
	lang: LanguageCode,
	page: PageButton,
): Promise<RenderedMessage | null> {
	const call = await deps.db
		.selectFrom("table_call as c")
		.innerJoin("dining_table as t", "t.id", "c.table_id")
		.select(["c.kind", "t.number", "t.shop_id"])
		.where("c.id", "=", message.subjectId)
		.where("c.tenant_id", "=", message.tenantId)
		.executeTakeFirst();
	if (!call) return null;
	const table = botText(lang, "table", { number: call.number });
	return {
		text: compose(
			lang,
			say(lang, call.kind === "bill" ? "shopBellCall.bill" : "shopBellCall.waiter", { table }),
			say(lang, "shopBellCall.body"),
			[],
		),
		replyMarkup: keyboard([
			[page("button.openTables", BOT_PAGES.merchantBell({ tenantId: message.tenantId, shopId: call.shop_id }))],
		]),
	};
}

/**
 * One message for a staff group's waiting order news (decision 024, "A group's backlog"): when
 * the group's `shopNewOrder` messages waited longer than delivery's fold threshold, they go as
 * this one digest, a line per order (pickup number, order number, type, total; the shop when
 * the group serves several), and a link to the orders page of the first order's shop. Null
 * when none of the orders exists any more.
 */
export async function renderOrderDigest(
	deps: RenderDeps,
	args: { tenantId: number; orderIds: number[] },
	lang: LanguageCode,
): Promise<RenderedMessage | null> {
	if (args.orderIds.length === 0) return null;
	const orders = await deps.db
		.selectFrom("customer_order as o")
		.innerJoin("shop as s", "s.id", "o.shop_id")
		.select(["o.id", "o.order_no", "o.order_type", "o.pickup_number", "o.total", "o.shop_id", "s.name as shop_name"])
		.where("o.id", "in", args.orderIds)
		.where("o.tenant_id", "=", args.tenantId)
		.orderBy("o.id")
		.execute();
	const first = orders[0];
	if (!first) return null;
	const currency = await currencyOf(deps, args.tenantId);
	const severalShops = new Set(orders.map((order) => order.shop_id)).size > 1;
	const lines = orders.map((order) =>
		[
			order.order_type === "takeout" ? null : `#${pickupText(order.pickup_number)}`,
			order.order_no,
			botText(lang, `orderType.${order.order_type}`),
			formatMoney(order.total, currency),
			severalShops ? localize(order.shop_name, lang) : null,
		]
			.filter((part): part is string => part !== null)
			.map(escapeHtml)
			.join(" · "),
	);
	const page = pageButtons(deps.config.publicUrl, "group", lang);
	return {
		text: [
			`<b>${say(lang, "shopOrderDigest.title", { count: orders.length })}</b>`,
			say(lang, "shopOrderDigest.body"),
			"",
			...lines,
		].join("\n"),
		replyMarkup: keyboard([
			[page("button.openOrders", BOT_PAGES.merchantOrders({ tenantId: args.tenantId, shopId: first.shop_id }))],
		]),
	};
}
