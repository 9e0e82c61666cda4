import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Paths, withQuery } from "../../app/paths";
import { useAppState } from "../../lib/store";
import { LoadingState, NotAllowedState } from "../../ui/states";
import { useMemberInfo } from "../identity/api";
import { useWalletText } from "./wallet-strings";

/**
 * The platform's pages (issue 14) open to platform operators only; everyone else sees why (the
 * server refuses their calls anyway). A stored member who is not an operator may have just been
 * made one: the fresh member info is awaited once before refusing.
 *
 * Minimal stand-in written with the shop wallets page so that it compiles on its own; the
 * platform review's guard replaces it when both are merged.
 */
export function PlatformGuard({ children }: { children: ReactNode }) {
	const { wt } = useWalletText();
	const member = useAppState((s) => s.member);
	const info = useMemberInfo();
	const location = useLocation();
	if (member?.isPlatformOperator) return <>{children}</>;
	if (member && info.isPending) return <LoadingState />;
	return (
		<>
			<NotAllowedState message={wt("platform.only")} testId="platform-only" />
			{!member && (
				<div className="wallet-guard-actions">
					<Link
						to={withQuery(Paths.login, { redirect: `${location.pathname}${location.search}` })}
						className="button button--primary"
						data-testid="platform-only-sign-in"
					>
						{wt("platform.signIn")}
					</Link>
				</div>
			)}
		</>
	);
}
