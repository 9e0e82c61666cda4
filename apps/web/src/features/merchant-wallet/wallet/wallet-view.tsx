import { useQuery } from "@tanstack/react-query";
import { errorText } from "../../../lib/api-client";
import { ErrorState, LoadingState } from "../../../ui/states";
import { type WalletSource, walletDailyQuery, walletSummaryQuery } from "./wallet-api";
import { WalletChart } from "./wallet-chart";
import { useLiveWallet } from "./wallet-live";
import { WalletStatement } from "./wallet-statement";
import { WalletSummaryCard } from "./wallet-summary-card";
import "./wallet.css";

/**
 * One shop's wallet: the header with its amounts and terms, the 30-day chart, the statement.
 * The owner reads it from /merchant/wallet with the ways to withdraw; a platform operator
 * from /platform/wallet, without them. Live: any movement of the shop's money refetches it.
 */
export function WalletView({ source, shopId }: { source: WalletSource; shopId: number }) {
	const owner = source.scope === "merchant";
	const summary = useQuery(walletSummaryQuery(source, shopId));
	useLiveWallet(source.scope, shopId);

	if (summary.isError && !summary.data)
		return <ErrorState message={errorText(summary.error)} onRetry={() => void summary.refetch()} />;
	if (!summary.data) return <LoadingState />;
	return (
		<div className="wallet" data-testid="wallet" data-scope={source.scope}>
			<div className="wallet__side">
				<WalletSummaryCard summary={summary.data} owner={owner} />
				{source.dailyPath && <DailySection source={{ ...source, dailyPath: source.dailyPath }} shopId={shopId} />}
			</div>
			<WalletStatement source={source} shopId={shopId} timeZone={summary.data.timezone} linkOrders={owner} />
		</div>
	);
}

function DailySection({ source, shopId }: { source: WalletSource & { dailyPath: string }; shopId: number }) {
	const daily = useQuery(walletDailyQuery(source, shopId));
	if (daily.isError && !daily.data)
		return (
			<section className="card wallet-chart" data-testid="wallet-chart-error">
				<ErrorState compact message={errorText(daily.error)} onRetry={() => void daily.refetch()} />
			</section>
		);
	if (!daily.data)
		return (
			<section className="card wallet-chart" aria-busy="true">
				<LoadingState compact />
			</section>
		);
	return <WalletChart days={daily.data.days} />;
}
