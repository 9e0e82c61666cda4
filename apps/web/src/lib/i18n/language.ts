import {
	DEFAULT_LANGUAGE,
	DEFAULT_LANGUAGE_LABEL,
	type LanguageItem,
	resolveLanguage,
	SUPPORTED_LANGUAGES,
} from "@bayon/contract";
import { api } from "../api-client";
import { appStore } from "../store";
import { applyLanguage, loadLocale } from "./index";

export const LANGUAGE_LIST_PATH = "/system/language/page";

/** Used when the server's list cannot be loaded. */
export const FALLBACK_LANGUAGES: LanguageItem[] = [
	{ code: DEFAULT_LANGUAGE, name: DEFAULT_LANGUAGE_LABEL },
	{ code: "en", name: "English" },
	{ code: "km", name: "ខ្មែរ" },
];

function isLanguageList(value: unknown): value is LanguageItem[] {
	return (
		Array.isArray(value) &&
		value.every((item) => item && typeof item.code === "string" && typeof item.name === "string")
	);
}

/** The server's language list (spec §7 `system/language/page`), or null when unavailable. */
export async function fetchLanguages(): Promise<LanguageItem[] | null> {
	try {
		const data = await api.get<unknown>(LANGUAGE_LIST_PATH, undefined, {
			login: false,
			toast: false,
		});
		// Accept both a bare list and a page `{list}` so a paged answer does not break start-up.
		const list = isLanguageList(data)
			? data
			: data && typeof data === "object" && "list" in data && isLanguageList(data.list)
				? data.list
				: null;
		return list && list.length > 0 ? list : null;
	} catch {
		return null;
	}
}

/**
 * Spec §4 "language at start":
 * 1. the server list is loaded;
 * 2. if no manual choice exists, the manual flag is set and the device language is used;
 * 3–5. underscores become hyphens, anything with "zh" becomes zh-CN, and the code is looked
 *      up in the list, falling back to zh-CN (`resolveLanguage` from the contract).
 */
export async function initLanguage(
	deviceLanguage: string = globalThis.navigator?.language ?? "",
): Promise<LanguageItem> {
	const state = appStore.getState();
	const candidate = state.languageManual ? state.language.code : deviceLanguage;

	// Download the likely locale while the list loads; it is almost always the one used.
	const provisional = resolveLanguage(candidate, SUPPORTED_LANGUAGES);
	loadLocale(provisional).catch(() => undefined);

	const serverList = await fetchLanguages();
	const list = serverList ?? FALLBACK_LANGUAGES;
	const code = resolveLanguage(
		candidate,
		list.map((item) => item.code),
	);
	const item = list.find((entry) => entry.code === code) ?? {
		code,
		name: code === DEFAULT_LANGUAGE ? DEFAULT_LANGUAGE_LABEL : code,
	};

	appStore.setState({ language: item, languageManual: true, languages: list });
	await applyLanguage(item.code);
	return item;
}

/** The user picked a language in the switcher. */
export async function chooseLanguage(item: LanguageItem): Promise<void> {
	appStore.setState({ language: item, languageManual: true });
	await applyLanguage(item.code);
}
