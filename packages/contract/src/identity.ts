import { z } from "zod";
import { mobileField, oneLineText } from "./common.js";
import { Limits } from "./constants.js";
import type { ShopRole } from "./shop-staff/roles.js";

/** What a code is sent for; a code is only accepted for the scene it was sent for. */
export const SmsScene = {
	MemberLogin: 1,
	/** A fresh code to the signed-in owner's own phone before adding a bank card or withdrawing (issue 14). */
	MoneyStepUp: 2,
} as const;
export type SmsScene = (typeof SmsScene)[keyof typeof SmsScene];

export const SendSmsCodeInput = z.strictObject({
	mobile: mobileField,
	scene: z.literal(SmsScene.MemberLogin, { error: "fieldInvalid" }).default(SmsScene.MemberLogin),
});
export type SendSmsCodeInput = z.infer<typeof SendSmsCodeInput>;

/** Answer of send-sms-code: when the user may ask for another code. */
export interface SmsCodeSent {
	resendAfterSeconds: number;
}

export const smsCodeField = oneLineText("smsCodeFormat")
	.trim()
	.regex(new RegExp(`^\\d{${Limits.smsCodeLength}}$`), { error: "smsCodeFormat" });

export const SmsLoginInput = z.strictObject({
	mobile: mobileField,
	code: smsCodeField,
});
export type SmsLoginInput = z.infer<typeof SmsLoginInput>;

/** A signed-in session. `expiresTime` is when the access token expires (epoch ms). */
export interface AuthSession {
	userId: number;
	accessToken: string;
	refreshToken: string;
	expiresTime: number;
}

export const RefreshTokenInput = z.object({
	refreshToken: oneLineText("sessionExpired").min(1, { error: "sessionExpired" }).max(200),
});

export const UserType = { User: "user", MerchantOwner: "merchant_owner", MerchantStaff: "merchant_staff" } as const;
export type UserType = (typeof UserType)[keyof typeof UserType];

export const Gender = { Unknown: 0, Male: 1, Female: 2 } as const;

export interface MerchantShopRef {
	shopId: number;
	shopName: string;
	/** A manager is a MerchantStaff userType (spec enumeration) whose role allows more (shop-roles.ts). */
	role: ShopRole;
}

/** Answer of member/user/get-info. Money and points are integers (money in minor units). */
export interface MemberInfo {
	id: number;
	nickname: string;
	avatar: string | null;
	mobile: string;
	gender: 0 | 1 | 2;
	birthday: string | null;
	balance: number;
	points: number;
	couponCount: number;
	userType: UserType;
	isMerchant: boolean;
	merchantShops: MerchantShopRef[];
	telegramLinked: boolean;
	/** Reviews withdrawals of every shop (issue 14): the mine page shows the platform's entry. */
	isPlatformOperator: boolean;
	/**
	 * Administers the business (issue 27): the only one who changes what every shop of the tenant
	 * shares and that touches money (recharge packages, VIP cards, coupons, the points mall and
	 * rule, the second currency's rate). Other owners and managers see those pages read-only.
	 */
	isBusinessAdmin: boolean;
}

/** Avatars must be images uploaded through infra/file/upload. */
export const UPLOADED_FILE_URL = /^\/uploads\/[a-z0-9-]{8,64}\.(webp|gif)$/;

export const UpdateProfileInput = z.strictObject(
	{
		nickname: oneLineText("nicknameLength")
			.trim()
			.min(1, { error: "nicknameLength" })
			.max(Limits.nicknameMaxLength, { error: "nicknameLength" })
			.optional(),
		avatar: oneLineText("avatarInvalid").regex(UPLOADED_FILE_URL, { error: "avatarInvalid" }).optional(),
		gender: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: "fieldInvalid" }).optional(),
		birthday: oneLineText("birthdayInvalid")
			.regex(/^\d{4}-\d{2}-\d{2}$/, { error: "birthdayInvalid" })
			.refine(isPastCalendarDate, { error: "birthdayInvalid" })
			.nullable()
			.optional(),
	},
	// Unknown keys such as `mobile` are refused: the phone changes only with a fresh code.
	{ error: (issue) => (issue.code === "unrecognized_keys" ? "fieldNotAllowed" : undefined) },
);
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

function isPastCalendarDate(value: string): boolean {
	const date = new Date(`${value}T00:00:00Z`);
	if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
	return date.getUTCFullYear() >= 1900 && date.getTime() <= Date.now();
}

/**
 * Spec §3 messaging-user fields, posted at start inside Telegram, plus the raw initData
 * string. Only what the verified initData proves is trusted; the loose fields are kept
 * for compatibility with the original client and ignored when they disagree.
 */
export const TelegramUserInput = z.object({
	initData: oneLineText("telegramInvalid").min(1, { error: "telegramInvalid" }).max(8192),
	chat_id: z.union([oneLineText(), z.number()]).optional(),
	user_name: oneLineText().max(256).optional(),
	query_id: oneLineText().max(256).optional(),
	last_name: oneLineText().max(256).optional(),
	first_name: oneLineText().max(256).optional(),
	language_code: oneLineText().max(32).optional(),
	allows_write_to_pm: z.boolean().optional(),
	photo_url: oneLineText().max(2048).optional(),
	auth_date: z.union([oneLineText(), z.number()]).optional(),
	signature: oneLineText().max(512).optional(),
	hash: oneLineText().max(256).optional(),
	version: oneLineText().max(32).optional(),
	platform: oneLineText().max(64).optional(),
});
export type TelegramUserInput = z.infer<typeof TelegramUserInput>;

/** Answer of /api/v1/addUser: a session when the Telegram identity is linked to a member. */
export interface TelegramAddUserResult {
	telegramUserId: string;
	linked: boolean;
	session: AuthSession | null;
}

export interface TelegramSyncUserResult {
	telegramUserId: string;
	linked: true;
}
