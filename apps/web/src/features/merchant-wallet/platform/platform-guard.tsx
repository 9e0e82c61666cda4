import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { uiLanguageFor, useI18n } from "../../../lib/i18n";
import { loadStaffMessages, staffMessagesLoaded } from "../../../lib/i18n/messages";
import { useLiveUpdates } from "../../../lib/live-updates";
import { Paths, withQuery } from "../../../lib/paths";
import { useAppState } from "../../../lib/store";
import { LockIcon } from "../../../ui/icons";
import { ErrorState, LoadingState } from "../../../ui/states";
import { useMemberInfo } from "../../identity/api";
import { usePlatformText } from "../platform-strings";

/**
 * Every platform operator page (issue 14, decision 023) sits behind this: a signed-in member
 * flagged `isPlatformOperator` (checked again against fresh member info) sees the page;
 * everyone else a refusal page with a way back, never the page. The server refuses their calls
 * anyway (NotPlatformOperator); this is the honest face of it.
 */
export function PlatformGuard({ children }: { children: () => ReactNode }) {
	const member = useAppState((s) => s.member);
	const info = useMemberInfo();
	// No longer an operator (the server's `operator.changed`, issue 27): read the flag again, so
	// the page turns away at once; also whenever the socket (re)connects, in case one was missed.
	useLiveUpdates(
		(message) => {
			if (message.type === "operator.changed") void info.refetch();
		},
		() => void info.refetch(),
		Boolean(member),
	);
	// The merchant area's messages hold the refusal's words and the pages' validation, so they
	// are loaded for whoever opens a platform page.
	const messages = useStaffMessages();

	if (messages.state === "failed") return <ErrorState onRetry={messages.retry} />;
	if (messages.state === "loading") return <LoadingState />;
	if (member?.isPlatformOperator === true) return <>{children()}</>;
	// A stored member may have just been made an operator (or stored before the flag existed):
	// wait for the fresh answer once.
	if (member && info.isPending) return <LoadingState />;
	return <OperatorsOnly signedIn={Boolean(member)} />;
}

/** The merchant area's messages in the reader's language (decision 019), as MerchantGuard loads them. */
function useStaffMessages() {
	const { lang } = useI18n();
	const code = uiLanguageFor(lang);
	const [attempt, setAttempt] = useState(0);
	const [result, setResult] = useState<{ lang: string; failed: boolean } | null>(null);
	const ready = staffMessagesLoaded(code);
	// biome-ignore lint/correctness/useExhaustiveDependencies: a retry (a new attempt) downloads again.
	useEffect(() => {
		if (ready) return;
		let current = true;
		loadStaffMessages(code).then(
			() => current && setResult({ lang: code, failed: false }),
			() => current && setResult({ lang: code, failed: true }),
		);
		return () => {
			current = false;
		};
	}, [ready, code, attempt]);
	const state = ready ? "ready" : result?.lang === code && result.failed ? "failed" : "loading";
	const retry = () => {
		setResult(null);
		setAttempt((n) => n + 1);
	};
	return { state, retry } as const;
}

function OperatorsOnly({ signedIn }: { signedIn: boolean }) {
	const { pt, m, t } = usePlatformText();
	const location = useLocation();
	return (
		<section className="status-page" data-testid="platform-only">
			<LockIcon className="status-page__icon" />
			<h2 className="status-page__title">{pt("guard.title")}</h2>
			<p className="status-page__body" data-testid="platform-only-message">
				{m("notPlatformOperator")}
			</p>
			{!signedIn && (
				<Link
					to={withQuery(Paths.login, { redirect: `${location.pathname}${location.search}` })}
					className="button button--primary"
					data-testid="platform-only-sign-in"
				>
					{pt("guard.signIn")}
				</Link>
			)}
			<Link to={Paths.home} replace className="button button--ghost" data-testid="platform-only-home">
				{t("common.goHome")}
			</Link>
		</section>
	);
}
