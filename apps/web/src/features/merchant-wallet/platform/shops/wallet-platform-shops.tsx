import type { WalletSummary } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { errorText } from "../../../../lib/api-client";
import { useMoney } from "../../../../lib/app-config";
import { Paths, withQuery } from "../../../../lib/paths";
import { BackIcon, ChevronIcon, StoreIcon } from "../../../../ui/icons";
import { EmptyState, ErrorState, LoadingState } from "../../../../ui/states";
import { platformShopsQuery, platformWalletSource } from "../../wallet/wallet-api";
import { useLiveWallet } from "../../wallet/wallet-live";
import { WalletView } from "../../wallet/wallet-view";
import { useWalletText } from "../../wallet-strings";
import "../../wallet/wallet.css";

/**
 * The platform operator's shop wallets (issue 14): every shop of the tenant with its amounts;
 * `?shopId=` opens one shop's wallet, read from the platform's calls, without the owner's ways
 * to withdraw. The screen wraps this in the platform's guard.
 */
export function PlatformShopsView() {
	const [params] = useSearchParams();
	const raw = params.get("shopId");
	const shopId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
	return (
		<div className="merchant wallet-page" data-testid="platform-shops-page">
			{shopId === null ? <ShopList /> : <OneShop key={shopId} shopId={shopId} />}
		</div>
	);
}

function OneShop({ shopId }: { shopId: number }) {
	const { wt } = useWalletText();
	return (
		<>
			<Link to={Paths.platformShops} className="wallet-back" data-testid="platform-shops-back">
				<BackIcon aria-hidden="true" />
				{wt("platform.back")}
			</Link>
			<WalletView source={platformWalletSource} shopId={shopId} />
		</>
	);
}

function ShopList() {
	const { wt, plural } = useWalletText();
	const shops = useQuery(platformShopsQuery);
	useLiveWallet("platform", "all");
	if (shops.isError && !shops.data)
		return <ErrorState message={errorText(shops.error)} onRetry={() => void shops.refetch()} />;
	if (!shops.data) return <LoadingState />;
	const list = shops.data.shops;
	if (list.length === 0) return <EmptyState title={wt("platform.empty")} />;
	return (
		<section className="wallet-shops" aria-labelledby="wallet-shops-count">
			<p className="wallet-shops__count" id="wallet-shops-count">
				{plural("platform.count", list.length)}
			</p>
			<ul className="wallet-shops__list" data-testid="platform-shops">
				{list.map((shop) => (
					<ShopRow key={shop.shopId} shop={shop} />
				))}
			</ul>
		</section>
	);
}

function ShopRow({ shop }: { shop: WalletSummary }) {
	const { wt } = useWalletText();
	const money = useMoney();
	return (
		<li>
			<Link
				to={withQuery(Paths.platformShops, { shopId: shop.shopId })}
				className="card wallet-shop"
				data-testid={`platform-shop-${shop.shopId}`}
			>
				<StoreIcon className="wallet-shop__icon" aria-hidden="true" />
				<span className="wallet-shop__main">
					<span className="wallet-shop__name">{shop.shopName}</span>
					<span className="wallet-shop__amounts">
						<span data-testid={`platform-shop-${shop.shopId}-withdrawable`}>
							{wt("bucket.available", { amount: money(shop.withdrawable) })}
						</span>
						<span data-testid={`platform-shop-${shop.shopId}-pending`}>
							{wt("bucket.pending", { amount: money(shop.pending) })}
						</span>
						<span data-testid={`platform-shop-${shop.shopId}-withdrawing`}>
							{wt("bucket.withdrawing", { amount: money(shop.withdrawing) })}
						</span>
					</span>
					{shop.owed > 0 && (
						<span className="tag tag--warn wallet-shop__owed" data-testid={`platform-shop-${shop.shopId}-owed`}>
							{wt("platform.owes", { amount: money(shop.owed) })}
						</span>
					)}
				</span>
				<ChevronIcon className="wallet-shop__chevron" aria-hidden="true" />
			</Link>
		</li>
	);
}
