import { DEFAULT_TENANT_ID, type MerchantShopRef } from "@bayon/contract";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { useMemberInfo } from "../../features/identity/api";
import { uiLanguageFor, useI18n } from "../../lib/i18n";
import { loadStaffMessages, staffMessagesLoaded } from "../../lib/i18n/messages";
import { useLiveUpdates } from "../../lib/live-updates";
import { Paths, withQuery } from "../../lib/paths";
import { selectMerchantShop, useAppState } from "../../lib/store";
import { LockIcon } from "../../ui/icons";
import { StaffShopProvider } from "../../ui/staff/staff-shop";
import { useMerchantText } from "../../ui/staff/strings";
import { ErrorState, LoadingState } from "../../ui/states";
import { useSignInFirst } from "./sign-in-first";
import "../../ui/staff/merchant.css";

/**
 * Every merchant page sits behind this (the router puts it around each staff route; the page
 * reads the shop with `ui/staff/staff-shop.tsx`): a signed-in member with the merchant flag (checked
 * again against fresh member info) sees the page, everyone else a "merchants only" screen
 * with a way back. The server refuses their calls anyway; this is the honest face of it.
 */
export function MerchantGuard({ children }: { children: (shop: MerchantShopRef) => ReactNode }) {
	const member = useAppState((s) => s.member);
	const isMerchant = useAppState((s) => s.isMerchant);
	const shop = useAppState((s) => s.merchantShop);
	const info = useMemberInfo();
	useSignInFirst(member);
	// Added, re-roled or removed by an owner (the server's `staff.changed`): read the roles again,
	// so a removed member's page turns to "merchants only" at once. Also whenever the socket
	// (re)connects: a change made before it was listening would otherwise go unheard.
	useLiveUpdates(
		(message) => {
			if (message.type === "staff.changed") void info.refetch();
		},
		() => void info.refetch(),
		Boolean(member),
	);

	// A link names its shop (the bot's buttons, issue 27): the page opens that shop, switching
	// the merchant area to it, or says it is not the reader's; it never shows another shop.
	const location = useLocation();
	const linked = linkedShop(location.search);
	const linkedShopId = linked?.shopId ?? null;
	const linkedIsMine = Boolean(
		linked?.tenantMatches && member?.merchantShops?.some((mine) => mine.shopId === linked.shopId),
	);
	useEffect(() => {
		if (linkedShopId !== null && linkedIsMine && shop?.shopId !== linkedShopId) selectMerchantShop(linkedShopId);
	}, [linkedShopId, linkedIsMine, shop?.shopId]);

	const staffTexts = useStaffMessages(Boolean(member && isMerchant && shop));

	if (linked && member && !linkedIsMine) {
		// Perhaps made staff there a moment ago: wait for the fresh answer once.
		if (linked.tenantMatches && info.isPending) return <LoadingState />;
		return <MerchantsOnly signedIn />;
	}
	if (linked && member && shop?.shopId !== linked.shopId) return <LoadingState />;
	if (member && isMerchant && shop) {
		if (staffTexts.state === "ready") return <StaffShopProvider value={shop}>{children(shop)}</StaffShopProvider>;
		if (staffTexts.state === "failed") return <ErrorState onRetry={staffTexts.retry} />;
		return <LoadingState />;
	}
	// A stored non-merchant may have just been made staff: wait for the fresh answer once.
	if (member && info.isPending) return <LoadingState />;
	// Signed out (or expired): on the way to the login page, which brings them back.
	if (!member) return <LoadingState />;
	return <MerchantsOnly signedIn />;
}

/** The shop (and tenant) a link names with `?shopId=` (and `tenant=`), or null when it names none. */
function linkedShop(search: string): { shopId: number; tenantMatches: boolean } | null {
	const params = new URLSearchParams(search);
	const shopId = Number(params.get("shopId"));
	if (!params.has("shopId") || !Number.isSafeInteger(shopId) || shopId <= 0) return null;
	const tenant = params.get("tenant");
	return { shopId, tenantMatches: tenant === null || tenant === String(DEFAULT_TENANT_ID) };
}

/**
 * The merchant area's own messages in the reader's language (decision 019: customers never
 * download them). Loaded before a merchant page renders, so its validation reads right.
 */
function useStaffMessages(wanted: boolean) {
	const { lang } = useI18n();
	const code = uiLanguageFor(lang);
	const [attempt, setAttempt] = useState(0);
	const [result, setResult] = useState<{ lang: string; failed: boolean } | null>(null);
	const ready = staffMessagesLoaded(code);
	// biome-ignore lint/correctness/useExhaustiveDependencies: a retry (a new attempt) downloads again.
	useEffect(() => {
		if (!wanted || ready) return;
		let current = true;
		loadStaffMessages(code).then(
			() => current && setResult({ lang: code, failed: false }),
			() => current && setResult({ lang: code, failed: true }),
		);
		return () => {
			current = false;
		};
	}, [wanted, ready, code, attempt]);
	const state = ready ? "ready" : result?.lang === code && result.failed ? "failed" : "loading";
	const retry = () => {
		setResult(null);
		setAttempt((n) => n + 1);
	};
	return { state, retry } as const;
}

function MerchantsOnly({ signedIn }: { signedIn: boolean }) {
	const { mt, t } = useMerchantText();
	const location = useLocation();
	return (
		<section className="status-page" data-testid="merchant-only">
			<LockIcon className="status-page__icon" />
			<h2 className="status-page__title">{mt("guard.title")}</h2>
			<p className="status-page__body">{mt("guard.body")}</p>
			{!signedIn && (
				<Link
					to={withQuery(Paths.login, { redirect: `${location.pathname}${location.search}` })}
					className="button button--primary"
					data-testid="merchant-only-sign-in"
				>
					{mt("guard.signIn")}
				</Link>
			)}
			<Link to={Paths.home} replace className="button button--ghost" data-testid="merchant-only-home">
				{t("common.goHome")}
			</Link>
		</section>
	);
}
