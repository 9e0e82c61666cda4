import { useEffect } from "react";
import { useMatches } from "react-router";
import { useI18n } from "../lib/i18n";
import type { UiKey } from "../lib/i18n/locales/zh-CN";

export interface RouteHandle {
	titleKey: UiKey;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
	return typeof handle === "object" && handle !== null && "titleKey" in handle;
}

/** The current route's translated title; also kept in `document.title`. */
export function useRouteTitle(): string {
	const { t } = useI18n();
	const matches = useMatches();
	const handle = [...matches].reverse().find((match) => isRouteHandle(match.handle))?.handle;
	const title = isRouteHandle(handle) ? t(handle.titleKey) : "";
	const appName = t("app.name");
	useEffect(() => {
		document.title = title ? `${title} · ${appName}` : appName;
	}, [title, appName]);
	return title;
}
