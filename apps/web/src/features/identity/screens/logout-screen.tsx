import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useI18n } from "../../../lib/i18n";
import { Paths, TabPaths } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { forgetPersonalData } from "../../../lib/session";
import { showToast } from "../../../lib/toast";
import { LoadingState } from "../../../ui/states";
import { signOutOnServer } from "../api";

export function isWechatBrowser(userAgent: string = navigator.userAgent): boolean {
	return /MicroMessenger/i.test(userAgent);
}

/**
 * login/logout: ends the session on the server, then forgets the member, tokens and the rest
 * of their data on this device (forgetPersonalData) even when that call fails; goes to the home tab inside WeChat, otherwise to the login page.
 */
export default function LogoutScreen() {
	const { t } = useI18n();
	const navigate = useNavigate();
	const started = useRef(false);

	useEffect(() => {
		if (started.current) return;
		started.current = true;
		signOutOnServer()
			.catch(() => undefined)
			.finally(() => {
				forgetPersonalData();
				// Their orders, addresses, balance…: nothing cached for the next person.
				queryClient.clear();
				showToast(t("logout.done"));
				navigate(isWechatBrowser() ? TabPaths.home : Paths.login, { replace: true });
			});
	}, [navigate, t]);

	return <LoadingState label={t("logout.progress")} />;
}
