import type { LanguageCode, MessageKey, MessageTable, StaffMessageTable } from "@bayon/contract";
import { fillPlaceholders } from "@bayon/contract/messages/fill";

/**
 * The contract's shared messages (validation and server texts) in the web app, one language at
 * a time: the combined catalogue holds every message in all three languages, and a reader only
 * ever needs one (decision 019). Each language's table is its own chunk, loaded with the
 * language's locale before the interface switches (start-up waits for it), so an English or
 * Khmer reader never downloads zh-CN's (decision 025). zh-CN still answers, once loaded, for a
 * language whose table is not.
 *
 * The merchant area's own messages (its editors, the counter) are a table of their own per
 * language, loaded by `loadStaffMessages` when a merchant page opens (MerchantGuard), so a
 * customer never downloads them.
 */
const loaders: Record<LanguageCode, () => Promise<{ default: MessageTable }>> = {
	"zh-CN": () => import("@bayon/contract/messages/zh-CN"),
	en: () => import("@bayon/contract/messages/en"),
	km: () => import("@bayon/contract/messages/km"),
};

const staffLoaders: Record<LanguageCode, () => Promise<{ default: StaffMessageTable }>> = {
	"zh-CN": () => import("@bayon/contract/messages/staff-zh-CN"),
	en: () => import("@bayon/contract/messages/staff-en"),
	km: () => import("@bayon/contract/messages/staff-km"),
};

type AnyTable = Readonly<Partial<Record<MessageKey, string>>>;

const tables = new Map<string, AnyTable>();
const staffTables = new Map<string, AnyTable>();
const loading = new Map<string, Promise<void>>();

function loadOnce<T extends AnyTable>(
	cacheKey: string,
	load: () => Promise<{ default: T }>,
	into: Map<string, AnyTable>,
	lang: string,
) {
	let promise = loading.get(cacheKey);
	if (!promise) {
		promise = load().then((module) => {
			into.set(lang, module.default);
		});
		// A failed download is tried again the next time.
		promise.catch(() => loading.delete(cacheKey));
		loading.set(cacheKey, promise);
	}
	return promise;
}

/** Downloads a language's message table once (retried after a failure). */
export function loadMessages(lang: LanguageCode): Promise<void> {
	return loadOnce(lang, loaders[lang], tables, lang);
}

/** Downloads the merchant area's messages in a language, and zh-CN's as the fallback, once. */
export function loadStaffMessages(lang: LanguageCode): Promise<void> {
	const zh = loadOnce("staff:zh-CN", staffLoaders["zh-CN"], staffTables, "zh-CN");
	return lang === "zh-CN"
		? zh
		: Promise.all([zh, loadOnce(`staff:${lang}`, staffLoaders[lang], staffTables, lang)]).then(() => {});
}

/** Whether the merchant area's messages are here for `lang` (and the zh-CN fallback). */
export function staffMessagesLoaded(lang: string): boolean {
	return staffTables.has("zh-CN") && staffTables.has(lang);
}

/**
 * A key of the customers' table, or of the merchant area's once it is loaded. Every language's
 * table has the same keys (the contract's types refuse a missing or extra one), so any loaded
 * table answers.
 */
export function isMessageKey(key: string): key is MessageKey {
	const [table] = tables.values();
	return Object.hasOwn(table ?? {}, key) || Object.hasOwn(staffTables.get("zh-CN") ?? {}, key);
}

/**
 * The message in the language asked for, with {placeholders} filled as the server fills them.
 * Reads zh-CN, once loaded, while that language's table is not (or for an unknown language).
 */
export function formatMessage(key: MessageKey, lang: string, params: Record<string, string | number> = {}): string {
	const text =
		tables.get(lang)?.[key] ??
		staffTables.get(lang)?.[key] ??
		tables.get("zh-CN")?.[key] ??
		staffTables.get("zh-CN")?.[key] ??
		key;
	return fillPlaceholders(text, params);
}
