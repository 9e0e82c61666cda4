import type { LanguageCode, MessageKey, MessageTable } from "@bayon/contract";
import { fillPlaceholders } from "@bayon/contract/messages/fill";
import zhCN from "@bayon/contract/messages/zh-CN";

/**
 * The contract's shared messages (validation and server texts) in the web app, one language at
 * a time: the combined catalogue holds every message in all three languages, and a reader only
 * ever needs one (decision 019). zh-CN, the default and the fallback, comes with the app; en and
 * km are their own chunks, loaded with the language's locale before the interface switches.
 */
const loaders: Record<LanguageCode, () => Promise<{ default: MessageTable }>> = {
	"zh-CN": () => Promise.resolve({ default: zhCN }),
	en: () => import("@bayon/contract/messages/en"),
	km: () => import("@bayon/contract/messages/km"),
};

const tables = new Map<string, MessageTable>([["zh-CN", zhCN]]);
const loading = new Map<LanguageCode, Promise<void>>();

/** Downloads a language's message table once (retried after a failure). */
export function loadMessages(lang: LanguageCode): Promise<void> {
	let promise = loading.get(lang);
	if (!promise) {
		promise = loaders[lang]().then((module) => {
			tables.set(lang, module.default);
		});
		promise.catch(() => loading.delete(lang));
		loading.set(lang, promise);
	}
	return promise;
}

export function isMessageKey(key: string): key is MessageKey {
	return Object.hasOwn(zhCN, key);
}

/**
 * The message in the language asked for, with {placeholders} filled as the server fills them.
 * Reads zh-CN while that language's table is not loaded (or for an unknown language).
 */
export function formatMessage(key: MessageKey, lang: string, params: Record<string, string | number> = {}): string {
	const text = tables.get(lang)?.[key] ?? zhCN[key] ?? key;
	return fillPlaceholders(text, params);
}
