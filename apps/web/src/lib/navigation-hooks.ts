import { useCallback } from "react";
import { useNavigate } from "react-router";
import { type TabName, TabPaths } from "./paths";

/** Spec §2: tab pages are opened by switching tabs (replacing the entry), never pushed. */
export function useSwitchTab() {
	const navigate = useNavigate();
	return useCallback((tab: TabName) => navigate(TabPaths[tab], { replace: true }), [navigate]);
}

/** True when this app has an earlier entry in the history stack to go back to. */
export function canGoBack(): boolean {
	const idx = (window.history.state as { idx?: unknown } | null)?.idx;
	return typeof idx === "number" && idx > 0;
}

/** Spec §2: back goes to the previous page, or to the home tab when this is the only page. */
export function useGoBack() {
	const navigate = useNavigate();
	return useCallback(() => {
		if (canGoBack()) navigate(-1);
		else navigate(TabPaths.home, { replace: true });
	}, [navigate]);
}
