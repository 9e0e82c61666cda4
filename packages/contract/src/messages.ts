import type { LanguageCode } from "./i18n.js";
import en from "./messages/en.js";
import { fillPlaceholders } from "./messages/fill.js";
import km from "./messages/km.js";
import zhCN, { type MessageKey } from "./messages/zh-CN.js";

export type { MessageKey } from "./messages/zh-CN.js";
/** One language's messages, as each of messages/zh-CN.ts, en.ts and km.ts exports it. */
export type MessageTable = Readonly<Record<MessageKey, string>>;

/**
 * Every user-facing message that both the server and the web app may show, in all three
 * languages, keyed by message. The texts live in one module per language (messages/*.ts) so
 * the web app can download only its reader's language; the server, which answers in any of
 * them, uses this combined view. Texts with {name} placeholders are filled by formatMessage.
 */
export const messages: Readonly<Record<MessageKey, Readonly<Record<LanguageCode, string>>>> = combine({
	"zh-CN": zhCN,
	en,
	km,
});

function combine(tables: Record<LanguageCode, MessageTable>) {
	const byKey = {} as Record<MessageKey, Record<LanguageCode, string>>;
	for (const key of Object.keys(zhCN) as MessageKey[]) {
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
