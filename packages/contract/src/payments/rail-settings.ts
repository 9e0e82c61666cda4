import { z } from "zod";
import { multiLineText, oneLineText } from "../common.js";

/**
 * The rails' settings, entered by the platform operator (issue 29 part 6, decision 031): the
 * platform collects every payment and pays shops out (decision 023), so the merchant accounts
 * at WeChat Pay, Alipay and Bakong are the platform's. Secrets are stored sealed, never
 * answered whole and never logged; an empty secret field on save keeps the stored one.
 */

const pem = multiLineText("fieldInvalid").pipe(z.string().max(8000, { error: "fieldInvalid" }));
const id = (max: number) =>
	oneLineText("fieldInvalid").pipe(z.string().min(1, { error: "fieldInvalid" }).max(max, { error: "fieldInvalid" }));

/** WeChat Pay API v3, plus the official account whose web sign-in gives the payer's openid (JSAPI). */
export const WechatRailSettings = z.strictObject({
	appId: id(32),
	mchId: id(32),
	/** The merchant API certificate's serial number (the request signature names it). */
	certSerial: id(64),
	privateKey: pem,
	/** 32 characters, decrypts callbacks' `resource`. */
	apiV3Key: oneLineText("fieldInvalid").pipe(z.string().length(32, { error: "railApiV3KeyLength" })),
	/** WeChat Pay's public key and its id ("PUB_KEY_ID_…"), which answers and callbacks are verified with. */
	platformPublicKey: pem,
	platformPublicKeyId: id(64),
	/** The official account's secret: exchanges a sign-in code for the payer's openid. */
	appSecret: id(64),
	/** H5 payment (a phone browser outside WeChat) needs its own approval at WeChat Pay. */
	h5Enabled: z.boolean({ error: "fieldInvalid" }),
});
export type WechatRailSettings = z.infer<typeof WechatRailSettings>;

/** Alipay OpenAPI (RSA2). */
export const AlipayRailSettings = z.strictObject({
	appId: id(32),
	appPrivateKey: pem,
	alipayPublicKey: pem,
	/** The merchant's partner id (2088…): a notify for another seller is refused. */
	sellerId: id(32),
	environment: z.enum(["production", "sandbox"], { error: "fieldInvalid" }),
});
export type AlipayRailSettings = z.infer<typeof AlipayRailSettings>;

/** KHQR through the National Bank of Cambodia's Bakong. */
export const KhqrRailSettings = z.strictObject({
	/** The Bakong account the money goes to, e.g. "bayon@aclb". */
	bakongAccountId: oneLineText("fieldInvalid").pipe(
		z.string().regex(/^[A-Za-z0-9_.-]{1,32}@[A-Za-z0-9_.-]{1,16}$/, { error: "fieldInvalid" }),
	),
	merchantName: id(25),
	merchantCity: id(15),
	/** The Bakong Open API token (renewed by e-mail every 90 days) and when it expires. */
	token: id(4000),
	tokenExpiresAt: oneLineText("railTokenExpiryInvalid").pipe(
		z.iso.datetime({ offset: true, error: "railTokenExpiryInvalid" }),
	),
	environment: z.enum(["production", "sit"], { error: "fieldInvalid" }),
});
export type KhqrRailSettings = z.infer<typeof KhqrRailSettings>;

export interface RailSettingsByRail {
	wechat: WechatRailSettings;
	alipay: AlipayRailSettings;
	khqr: KhqrRailSettings;
}

/** The rails the platform operator sets up (issue 29 part 6). */
export const PaymentRail = z.enum(["wechat", "alipay", "khqr"], { error: "fieldInvalid" });
export type PaymentRail = z.infer<typeof PaymentRail>;

/**
 * The fields of each rail that are never answered: secrets and keys. On save an empty one keeps
 * what is stored (the page never gets them back); the summary shows only their last characters.
 */
export const RAIL_SECRET_FIELDS = {
	wechat: ["privateKey", "apiV3Key", "platformPublicKey", "appSecret"],
	alipay: ["appPrivateKey", "alipayPublicKey"],
	khqr: ["token"],
} as const satisfies { [R in PaymentRail]: readonly (keyof RailSettingsByRail[R])[] };

/** Keys in PEM (or bare base64, as Alipay's key tool gives them): checked for real by the server. */
export const RAIL_KEY_FIELDS = {
	wechat: ["privateKey", "platformPublicKey"],
	alipay: ["appPrivateKey", "alipayPublicKey"],
	khqr: [],
} as const satisfies { [R in PaymentRail]: readonly (keyof RailSettingsByRail[R])[] };

/** A secret on save: empty (or left out) keeps the stored one. A key may span lines (PEM); the others not. */
const keptSecret = oneLineText("fieldInvalid")
	.pipe(z.string().max(4000, { error: "fieldInvalid" }))
	.optional();
const keptKey = multiLineText("fieldInvalid")
	.pipe(z.string().max(8000, { error: "fieldInvalid" }))
	.optional();

/** What the operator's form sends: the rail's settings, its secrets possibly empty. */
export const WechatRailSettingsDraft = WechatRailSettings.extend({
	privateKey: keptKey,
	apiV3Key: keptSecret,
	platformPublicKey: keptKey,
	appSecret: keptSecret,
});
export const AlipayRailSettingsDraft = AlipayRailSettings.extend({
	appPrivateKey: keptKey,
	alipayPublicKey: keptKey,
});
export const KhqrRailSettingsDraft = KhqrRailSettings.extend({ token: keptSecret });

/** `POST /platform/payment-rails/save`: the whole settings of one rail. */
export const SaveRailSettingsInput = z.discriminatedUnion(
	"rail",
	[
		z.strictObject({ rail: z.literal("wechat"), settings: WechatRailSettingsDraft }),
		z.strictObject({ rail: z.literal("alipay"), settings: AlipayRailSettingsDraft }),
		z.strictObject({ rail: z.literal("khqr"), settings: KhqrRailSettingsDraft }),
	],
	{ error: "fieldInvalid" },
);
export type SaveRailSettingsInput = z.input<typeof SaveRailSettingsInput>;

/** `POST /platform/payment-rails/{enable,disable,remove,test}`. */
export const RailActionInput = z.strictObject({ rail: PaymentRail });
export type RailActionInput = z.infer<typeof RailActionInput>;

/** `GET /platform/payment-rails/audit?rail=`: one rail's log, or every rail's. */
export const RailAuditQuery = z.strictObject({ rail: PaymentRail.optional() });

/** The Bakong token runs out within this many days: the page and the daily log say so. */
export const BAKONG_TOKEN_WARN_DAYS = 7;

/**
 * One rail as the operator's page shows it. `summary` holds only what may be shown back: the
 * ids, names and switches as they are, and each secret's or key's last four characters (a
 * key's: of its SHA-256 fingerprint), null when none is stored.
 */
export interface PaymentRailView {
	rail: PaymentRail;
	state: "notSetUp" | "on" | "off";
	summary: Record<string, string | null>;
	updatedAt: string | null;
	/** The operator who saved or switched it last (their nickname), null when unknown. */
	updatedBy: string | null;
	/** KHQR: the Bakong token expires within BAKONG_TOKEN_WARN_DAYS days, or has expired. */
	warning: { kind: "tokenExpiresSoon" | "tokenExpired"; expiresAt: string; days: number } | null;
}

export interface PaymentRailsView {
	rails: PaymentRailView[];
}

export type RailConnectionProblem =
	| "unreachable"
	| "credentials"
	| "signature"
	| "expired"
	| "misconfigured"
	/** The rail's code is not in this server yet, or the stored settings no longer open. */
	| "notAvailable";

/** `POST /platform/payment-rails/test`: the outcome of a harmless call with the saved settings. */
export type RailConnectionResult =
	| { ok: true; message: string }
	| { ok: false; problem: RailConnectionProblem; message: string; detail: string | null };

/** One line of a rail's audit log: who did what when; a save names the fields it changed, never values. */
export interface RailAuditEntry {
	id: number;
	rail: PaymentRail;
	action: "saved" | "enabled" | "disabled" | "removed" | "tested";
	at: string;
	by: string | null;
	fields: string[];
	/** A connection test's outcome ("ok" or its problem). */
	outcome: string | null;
}

export interface RailAuditPage {
	entries: RailAuditEntry[];
}
