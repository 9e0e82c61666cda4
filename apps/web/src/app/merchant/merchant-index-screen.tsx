import { Link } from "react-router";
import { useMenuAdminText } from "../../features/menu-admin/strings";
import { TodayPanel } from "../../features/shop-stats/today-panel";
import { type PathName, Paths } from "../../lib/paths";
import { ChevronIcon } from "../../ui/icons";
import { StaffShop } from "../../ui/staff/staff-shop";
import { useMerchantText } from "../../ui/staff/strings";
import { merchantPagesFor } from "./merchant-pages";

/** A line under an entry saying what is there; the menu's lives with the menu's texts. */
const HINTS: Partial<Record<PathName, "centre.ordersHint" | "centre.reservationsHint" | "menu">> = {
	merchantOrder: "centre.ordersHint",
	merchantReservations: "centre.reservationsHint",
	merchantMenu: "menu",
};

/**
 * merchant/index: the merchant centre, the shop and an entry for every page of the merchant
 * area the member's role may use (merchant-pages.ts, by the permissions of shop-roles.ts).
 */
export default function MerchantIndexScreen() {
	const { mt, t } = useMerchantText();
	const { at } = useMenuAdminText();
	return (
		<StaffShop>
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
						{merchantPagesFor(shop.role)
							.filter((page) => page.name !== "merchantIndex")
							.map((page) => {
								const hint = HINTS[page.name];
								return (
									<li key={page.name}>
										<Link to={page.path} className="list__row" data-testid={`merchant-entry-${page.entry}`}>
											<span className="list__label">
												{t(page.title)}
												{hint && (
													<small className="merchant-centre__hint">
														{hint === "menu" ? at("centre.menuHint") : mt(hint)}
													</small>
												)}
											</span>
											<ChevronIcon className="list__chevron" />
										</Link>
									</li>
								);
							})}
						<li>
							<Link to={Paths.merchantMy} className="list__row" data-testid="merchant-entry-my">
								<span className="list__label">{mt("centre.my")}</span>
								<ChevronIcon className="list__chevron" />
							</Link>
						</li>
					</ul>
				</div>
			)}
		</StaffShop>
	);
}
