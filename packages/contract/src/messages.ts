import type { LanguageCode } from "./i18n.js";
import en from "./messages/en.js";
import { fillPlaceholders } from "./messages/fill.js";
import km from "./messages/km.js";
import staffEn from "./messages/staff-en.js";
import staffKm from "./messages/staff-km.js";
import staffZhCN, { type StaffMessageKey } from "./messages/staff-zh-CN.js";
import zhCN, { type SharedMessageKey } from "./messages/zh-CN.js";

export type { StaffMessageKey } from "./messages/staff-zh-CN.js";
export type { SharedMessageKey } from "./messages/zh-CN.js";
/** Every message key: those a customer may see, and the merchant area's own. */
export type MessageKey = SharedMessageKey | StaffMessageKey;
/** One language's customer messages, as each of messages/zh-CN.ts, en.ts and km.ts exports it. */
export type MessageTable = Readonly<Record<SharedMessageKey, string>>;
/** One language's merchant-area messages (messages/staff-*.ts). */
export type StaffMessageTable = Readonly<Record<StaffMessageKey, string>>;

/**
 * Every user-facing message that both the server and the web app may show, in all three
 * languages, keyed by message. The texts live in one module per language (messages/*.ts) so
 * the web app can download only its reader's language; the server, which answers in any of
 * them, uses this combined view. Texts with {name} placeholders are filled by formatMessage.
 */
export const messages: Readonly<Record<MessageKey, Readonly<Record<LanguageCode, string>>>> = combine({
	"zh-CN": { ...zhCN, ...staffZhCN },
	en: { ...en, ...staffEn },
	km: { ...km, ...staffKm },
});

function combine(tables: Record<LanguageCode, Readonly<Record<MessageKey, string>>>) {
	const byKey = {} as Record<MessageKey, Record<LanguageCode, string>>;
	for (const key of Object.keys(tables["zh-CN"]) as MessageKey[]) {
		byKey[key] = { "zh-CN": tables["zh-CN"][key], en: tables.en[key], km: tables.km[key] };
	}
	return byKey;
}

export function isMessageKey(key: string): key is MessageKey {
	return Object.hasOwn(messages, key);
}

/** The message in the language asked for (zh-CN when unknown), with {placeholders} filled. */
export function formatMessage(key: MessageKey, lang: string, params: Record<string, string | number> = {}): string {
	const entry: Record<string, string> = messages[key];
	const text = entry[lang] ?? entry["zh-CN"] ?? key;
	return fillPlaceholders(text, params);
}
