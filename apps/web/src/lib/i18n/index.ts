import { DEFAULT_LANGUAGE, isSupportedLanguage, type LanguageCode, type MessageKey } from "@bayon/contract";
import i18next from "i18next";
import { useCallback, useMemo } from "react";
import { initReactI18next, useTranslation } from "react-i18next";
import { type DateLabels, formatCalendarDay, formatList } from "../format";
import type { UiStrings } from "./locales/zh-CN";
import { formatMessage, loadMessages } from "./messages";

export { formatMessage, isMessageKey } from "./messages";

/** Locale files are separate chunks: only the language in use is downloaded. */
const loaders: Record<LanguageCode, () => Promise<{ default: UiStrings }>> = {
	"zh-CN": () => import("./locales/zh-CN"),
	en: () => import("./locales/en"),
	km: () => import("./locales/km"),
};

const loaded = new Map<LanguageCode, Promise<void>>();

/** The shipped translation used for a language code (unknown codes read in zh-CN). */
export function uiLanguageFor(code: string): LanguageCode {
	return isSupportedLanguage(code) ? code : DEFAULT_LANGUAGE;
}

/**
 * Downloads a language's locale file and the contract's messages in it once, and registers the
 * strings with i18next: a language switch waits for both, so no text renders in zh-CN first.
 */
export function loadLocale(code: string): Promise<void> {
	const lang = uiLanguageFor(code);
	let promise = loaded.get(lang);
	if (!promise) {
		promise = Promise.all([loaders[lang](), loadMessages(lang)]).then(([module]) => {
			i18next.addResourceBundle(lang, "translation", module.default, true, true);
		});
		promise.catch(() => loaded.delete(lang));
		loaded.set(lang, promise);
	}
	return promise;
}

let initialised: Promise<unknown> | null = null;

export function initI18n(): Promise<unknown> {
	initialised ??= i18next.use(initReactI18next).init({
		lng: DEFAULT_LANGUAGE,
		fallbackLng: DEFAULT_LANGUAGE,
		resources: {},
		partialBundledLanguages: true,
		keySeparator: false,
		nsSeparator: false,
		interpolation: { escapeValue: false },
		returnNull: false,
	});
	return initialised;
}

/**
 * Switches the interface to a language: loads its strings, retranslates every mounted
 * component and sets `<html lang>`.
 */
export async function applyLanguage(code: string): Promise<void> {
	await initI18n();
	await loadLocale(code);
	const lang = uiLanguageFor(code);
	if (i18next.language !== lang) await i18next.changeLanguage(lang);
	document.documentElement.lang = lang;
}

export { i18next };

/**
 * Translations for a component: `t` for UI strings, `m` for the contract's shared messages
 * (validation and server texts), both in the current language and retranslated live.
 */
export function useI18n() {
	const { t, i18n } = useTranslation();
	const lang = i18n.language;
	const m = useCallback(
		(key: MessageKey, params?: Record<string, string | number>) => formatMessage(key, lang, params),
		[lang],
	);
	return { t, m, lang };
}

/** Translated words for format.ts's dates and relative times, in the current language. */
export function useDateLabels(): DateLabels {
	const { i18n } = useTranslation();
	const lang = i18n.language;
	return useMemo(() => {
		const t = i18n.getFixedT(lang);
		return {
			months: t("date.months").split(","),
			datePattern: t("date.pattern"),
			justNow: t("time.justNow"),
			minutesAgo: t("time.minutesAgo"),
			hoursAgo: t("time.hoursAgo"),
			daysAgo: t("time.daysAgo"),
			weekdays: t("date.weekdays").split(","),
			dayPattern: t("date.dayPattern"),
		};
	}, [i18n, lang]);
}

/** format.ts's formatCalendarDay in the current language: the customers' and the staff's day chips. */
export function useCalendarDay(): (date: string) => { weekday: string; day: string } {
	const { i18n } = useTranslation();
	const lang = i18n.language;
	const labels = useDateLabels();
	return useCallback((date: string) => formatCalendarDay(date, lang, labels), [lang, labels]);
}

/** format.ts's formatList in the current language: "a, b, c" / "a、b、c". */
export function useListFormat(): (items: readonly string[]) => string {
	const { t, i18n } = useTranslation();
	const lang = i18n.language;
	return useCallback((items: readonly string[]) => formatList(items, lang, t("options.separator")), [lang, t]);
}
