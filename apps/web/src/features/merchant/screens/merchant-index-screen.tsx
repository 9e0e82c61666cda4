import { roleAllows } from "@bayon/contract";
import { Link } from "react-router";
import { Paths } from "../../../app/paths";
import { ChevronIcon } from "../../../ui/icons";
import { MerchantGuard } from "../merchant-guard";
import { useMerchantText } from "../strings";

/** merchant/index: the merchant centre, the shop and the entries of the merchant area. */
export default function MerchantIndexScreen() {
	const { mt, m } = useMerchantText();
	return (
		<MerchantGuard>
			{(shop) => (
				<div className="merchant page-pad" data-testid="merchant-centre">
					<section className="card merchant-centre__shop">
						<p className="merchant-centre__label">{mt("centre.shop")}</p>
						<h2 className="merchant-centre__name" data-testid="merchant-shop-name">
							{shop.shopName}
						</h2>
						<span className="merchant-tag">
							{mt(shop.role === "owner" ? "centre.role.owner" : "centre.role.staff")}
						</span>
					</section>
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
							<Link to={Paths.merchantBell} className="list__row" data-testid="merchant-entry-tables">
								<span className="list__label">{mt("centre.tables")}</span>
								<ChevronIcon className="list__chevron" />
							</Link>
						</li>
						{roleAllows(shop.role, "staff") && (
							<li>
								<Link to={Paths.merchantNewBranch} className="list__row" data-testid="merchant-entry-new-branch">
									<span className="list__label">{mt("centre.newBranch")}</span>
									<ChevronIcon className="list__chevron" />
								</Link>
							</li>
						)}
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
