import { z } from "zod";
import { idField, queryIdField } from "./common.js";

/**
 * The Telegram bot (issue 15, decision 024): news in the member's own chat, reminders with
 * Confirm and Cancel, and a shop's staff group that hears what needs attention.
 */

/** What a member can turn off, one switch each on the mine tab; `/stop` turns all off. */
export const NOTICE_CATEGORIES = ["orders", "refunds", "bookings", "reminders", "balance", "withdrawals"] as const;
export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];

/** Messages to a member's private chat. */
export const MEMBER_NOTICE_KINDS = [
	"orderPaid",
	"orderAccepted",
	"orderReady",
	"orderDelivering",
	"orderDelivered",
	"refundApproved",
	"refundRejected",
	"bookingConfirmed",
	"bookingRejected",
	"bookingReminder24h",
	"bookingReminder2h",
	"bookingNoShow",
	"rechargeCredited",
	"withdrawalApproved",
	"withdrawalRejected",
	"withdrawalPaid",
] as const;
export type MemberNoticeKind = (typeof MEMBER_NOTICE_KINDS)[number];

/** Messages to a shop's staff group. */
export const SHOP_NOTICE_KINDS = ["shopNewOrder", "shopNewBooking", "shopBellCall", "shopRefundRequested"] as const;
export type ShopNoticeKind = (typeof SHOP_NOTICE_KINDS)[number];

export type NoticeKind = MemberNoticeKind | ShopNoticeKind;

/** Which switch silences a member's message. */
export const NOTICE_CATEGORY_OF: Record<MemberNoticeKind, NoticeCategory> = {
	orderPaid: "orders",
	orderAccepted: "orders",
	orderReady: "orders",
	orderDelivering: "orders",
	orderDelivered: "orders",
	refundApproved: "refunds",
	refundRejected: "refunds",
	bookingConfirmed: "bookings",
	bookingRejected: "bookings",
	bookingNoShow: "bookings",
	bookingReminder24h: "reminders",
	bookingReminder2h: "reminders",
	rechargeCredited: "balance",
	withdrawalApproved: "withdrawals",
	withdrawalRejected: "withdrawals",
	withdrawalPaid: "withdrawals",
};

/** How long the owner's link for adding the bot to a group works. */
export const BOT_GROUP_LINK_MINUTES = 30;

// ---------------------------------------------------------------------------------------------
// The member's settings (mine tab)

/**
 * `GET /member/notice-settings`: whether the bot can reach the member, and each switch.
 * `reach`: `on` (messages arrive), `notLinked` (the member never signed in through Telegram),
 * `notAllowed` (they did, but did not let the bot write to them: open the bot and press Start),
 * `blocked` (they blocked the bot: Telegram refused a message; /stop only turns every switch off), `botOff` (this server has no bot).
 */
export interface NoticeSettings {
	reach: "on" | "notLinked" | "notAllowed" | "blocked" | "botOff";
	/** The bot's @username, for the "open the bot" link; null while unknown or off. */
	botUsername: string | null;
	/** Every category this member can receive (withdrawals only for shop owners), in order. */
	categories: Array<{ category: NoticeCategory; enabled: boolean }>;
}

/** `PUT /member/notice-settings`: one switch at a time, so two devices never undo each other. */
export const SaveNoticeSettingInput = z.strictObject({
	category: z.enum(NOTICE_CATEGORIES, { error: "fieldInvalid" }),
	enabled: z.boolean({ error: "fieldInvalid" }),
});
export type SaveNoticeSettingInput = z.infer<typeof SaveNoticeSettingInput>;

// ---------------------------------------------------------------------------------------------
// The shop's staff group (owner)

/** `GET /merchant/telegram-group?shopId=`: the group linked to the shop, if any. */
export interface ShopTelegramGroup {
	shopId: number;
	/** False when this server has no bot: the page says so instead of offering a link. */
	botOn: boolean;
	botUsername: string | null;
	group: {
		title: string | null;
		linkedAt: string;
		/** The bot was removed from the group or cannot write there any more. */
		reachable: boolean;
	} | null;
}
export const ShopTelegramGroupQuery = z.object({ shopId: queryIdField });
export type ShopTelegramGroupQuery = z.infer<typeof ShopTelegramGroupQuery>;

/** `POST /merchant/telegram-group/link`: a one-time link that adds the bot to a group for this shop. */
export const CreateTelegramGroupLinkInput = z.strictObject({ shopId: idField });
export type CreateTelegramGroupLinkInput = z.infer<typeof CreateTelegramGroupLinkInput>;
export interface TelegramGroupLink {
	/** `https://t.me/<bot>?startgroup=<token>`: opens Telegram's "add to group" with the token. */
	url: string;
	expiresAt: string;
}

/** `POST /merchant/telegram-group/unlink`: the group stops hearing the shop. */
export const UnlinkTelegramGroupInput = z.strictObject({ shopId: idField });
export type UnlinkTelegramGroupInput = z.infer<typeof UnlinkTelegramGroupInput>;
