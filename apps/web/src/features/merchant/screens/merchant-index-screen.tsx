import { roleAllows } from "@bayon/contract";
import { Link } from "react-router";
import { Paths } from "../../../app/paths";
import { ChevronIcon } from "../../../ui/icons";
import { useMenuAdminText } from "../../menu-admin/strings";
import { TodayPanel } from "../../shop-stats/today-panel";
import { MerchantGuard } from "../merchant-guard";
import { useMerchantText } from "../strings";

/** merchant/index: the merchant centre, the shop and the entries of the merchant area. */
export default function MerchantIndexScreen() {
	const { mt, m, t } = useMerchantText();
	const { at } = useMenuAdminText();
	return (
		<MerchantGuard>
			{(shop) => (
				<div className="merchant page-pad" data-testid="merchant-centre">
					<section className="card merchant-centre__shop">
						<p className="merchant-centre__label">{mt("centre.shop")}</p>
						<h2 className="merchant-centre__name" data-testid="merchant-shop-name">
							{shop.shopName}
						</h2>
						<span className="merchant-tag">{mt(`centre.role.${shop.role}`)}</span>
					</section>
					<TodayPanel shopId={shop.shopId} />
					<ul className="card list merchant-centre__entries">
						<li>
							<Link to={Paths.merchantOrder} className="list__row" data-testid="merchant-entry-orders">
								<span className="list__label">
									{mt("centre.orders")}
									<small className="merchant-centre__hint">{mt("centre.ordersHint")}</small>
								</span>
								<ChevronIcon className="list__chevron" />
							</Link>
						</li>
						<li>
							<Link to={Paths.merchantMenu} className="list__row" data-testid="merchant-entry-menu">
								<span className="list__label">
									{at("centre.menu")}
									<small className="merchant-centre__hint">{at("centre.menuHint")}</small>
								</span>
								<ChevronIcon className="list__chevron" />
							</Link>
						</li>
						<li>
							<Link to={Paths.merchantReservations} className="list__row" data-testid="merchant-entry-reservations">
								<span className="list__label">
									{mt("centre.reservations")}
									<small className="merchant-centre__hint">{mt("centre.reservationsHint")}</small>
								</span>
								<ChevronIcon className="list__chevron" />
							</Link>
						</li>
						<li>
							<Link to={Paths.merchantBell} className="list__row" data-testid="merchant-entry-tables">
								<span className="list__label">{mt("centre.tables")}</span>
								<ChevronIcon className="list__chevron" />
							</Link>
						</li>
						{roleAllows(shop.role, "shop") && (
							<li>
								<Link
									to={Paths.merchantReservationSettings}
									className="list__row"
									data-testid="merchant-entry-reservation-settings"
								>
									<span className="list__label">{t("page.merchantReservationSettings")}</span>
									<ChevronIcon className="list__chevron" />
								</Link>
							</li>
						)}
						{roleAllows(shop.role, "shop") && (
							<li>
								<Link to={Paths.merchantShopInfo} className="list__row" data-testid="merchant-entry-shop-info">
									<span className="list__label">{t("page.merchantShopInfo")}</span>
									<ChevronIcon className="list__chevron" />
								</Link>
							</li>
						)}
						{roleAllows(shop.role, "staff") && (
							<li>
								<Link to={Paths.merchantNewBranch} className="list__row" data-testid="merchant-entry-new-branch">
									<span className="list__label">{mt("centre.newBranch")}</span>
									<ChevronIcon className="list__chevron" />
								</Link>
							</li>
						)}
						<li>
							<Link to={Paths.merchantMy} className="list__row" data-testid="merchant-entry-my">
								<span className="list__label">{mt("centre.my")}</span>
								<ChevronIcon className="list__chevron" />
							</Link>
						</li>
						<li>
							<Link to={Paths.merchantWallet} className="list__row" data-testid="merchant-entry-wallet">
								<span className="list__label">
									{mt("centre.wallet")}
									<small className="merchant-centre__hint">{m("featureNotOpen")}</small>
								</span>
								<ChevronIcon className="list__chevron" />
							</Link>
						</li>
						<li>
							<Link to={Paths.merchantCash} className="list__row" data-testid="merchant-entry-cash">
								<span className="list__label">
									{mt("centre.cash")}
									<small className="merchant-centre__hint">{m("featureNotOpen")}</small>
								</span>
								<ChevronIcon className="list__chevron" />
							</Link>
						</li>
					</ul>
				</div>
			)}
		</MerchantGuard>
	);
}
