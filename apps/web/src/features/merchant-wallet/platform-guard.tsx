import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Paths, withQuery } from "../../app/paths";
import { featureStrings, useFeatureStrings } from "../../lib/i18n/feature-strings";
import { useAppState } from "../../lib/store";
import { LoadingState, NotAllowedState } from "../../ui/states";
import { useMemberInfo } from "../identity/api";

/**
 * STAND-IN, written with the shop wallets page only so that its branch compiles on its own:
 * the platform review's branch (mw-web-platform) has the real guard at this path, with the same
 * signature (`children` as a function) and test ids; take that file when merging.
 *
 * The platform's pages open to platform operators only; everyone else sees why (the server
 * refuses their calls anyway). A stored member who is not an operator may have just been made
 * one: the fresh member info is awaited once before refusing.
 */
const guardStrings = featureStrings({
	"zh-CN": { only: "只有平台运营人员可以打开此页面。", signIn: "登录" },
	en: { only: "Only platform operators can open this page.", signIn: "Sign in" },
	km: { only: "មានតែប្រតិបត្តិករវេទិកាប៉ុណ្ណោះដែលអាចបើកទំព័រនេះបាន។", signIn: "ចូលគណនី" },
});

export function PlatformGuard({ children }: { children: () => ReactNode }) {
	const { ft } = useFeatureStrings(guardStrings);
	const member = useAppState((s) => s.member);
	const info = useMemberInfo();
	const location = useLocation();
	if (member?.isPlatformOperator === true) return <>{children()}</>;
	if (member && info.isPending) return <LoadingState />;
	return (
		<>
			<NotAllowedState message={ft("only")} testId="platform-only" />
			{!member && (
				<div className="wallet-guard-actions">
					<Link
						to={withQuery(Paths.login, { redirect: `${location.pathname}${location.search}` })}
						className="button button--primary"
						data-testid="platform-only-sign-in"
					>
						{ft("signIn")}
					</Link>
				</div>
			)}
		</>
	);
}
