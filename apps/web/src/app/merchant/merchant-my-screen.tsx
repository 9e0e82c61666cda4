import { Link } from "react-router";
import { useStaffText } from "../../features/shop-staff/strings";
import { maskPhone } from "../../lib/format";
import { useI18n } from "../../lib/i18n";
import { Paths } from "../../lib/paths";
import { selectMerchantShop, useAppState } from "../../lib/store";
import { showToast } from "../../lib/toast";
import { CheckIcon, ChevronIcon, LogoutIcon, StoreIcon } from "../../ui/icons";
import { StaffShop } from "../../ui/staff/staff-shop";
import { merchantPagesFor } from "./merchant-pages";
import "../../features/shop-staff/shop-staff.css";

/** merchant/my: the member's shops and role there, switching shop, the merchant pages their role opens, signing out. */
export default function MerchantMyScreen() {
	return <StaffShop>{() => <MerchantMy />}</StaffShop>;
}

function MerchantMy() {
	const { ft } = useStaffText();
	const { t } = useI18n();
	const member = useAppState((s) => s.member);
	const current = useAppState((s) => s.merchantShop);
	const shops = member?.merchantShops ?? [];
	if (!member || !current) return null;

	return (
		<div className="merchant page-pad shop-staff" data-testid="merchant-my">
			<section className="card shop-staff__me">
				<p className="shop-staff__name">{member.nickname}</p>
				<p className="shop-staff__muted">{maskPhone(member.mobile)}</p>
			</section>

			<section className="card section">
				<h2 className="section__title">{ft("my.shops")}</h2>
				<ul className="list" data-testid="merchant-my-shops">
					{shops.map((shop) => {
						const isCurrent = shop.shopId === current.shopId;
						return (
							<li key={shop.shopId}>
								<button
									type="button"
									className="list__row shop-staff__shop"
									aria-pressed={isCurrent}
									aria-label={
										isCurrent ? `${shop.shopName} · ${ft("my.current")}` : `${ft("my.switch")}: ${shop.shopName}`
									}
									onClick={() => {
										if (isCurrent) return;
										selectMerchantShop(shop.shopId);
										showToast(ft("my.switched", { shop: shop.shopName }));
									}}
									data-testid={`merchant-my-shop-${shop.shopId}`}
								>
									<StoreIcon className="list__icon" />
									<span className="list__label">
										{shop.shopName}
										<small className="shop-staff__muted">{isCurrent ? ft("my.current") : ft("my.switch")}</small>
									</span>
									<span className={`merchant-tag shop-staff__role shop-staff__role--${shop.role}`}>
										{ft(`role.${shop.role}`)}
									</span>
									{isCurrent && <CheckIcon className="shop-staff__check" />}
								</button>
							</li>
						);
					})}
				</ul>
			</section>

			<section className="card section">
				<h2 className="section__title">{ft("my.pages")}</h2>
				<ul className="list" data-testid="merchant-my-pages">
					{merchantPagesFor(current.role).map((page) => (
						<li key={page.name}>
							<Link to={page.path} className="list__row" data-testid={`merchant-my-page-${page.name}`}>
								<span className="list__label">{t(page.title)}</span>
								<ChevronIcon className="list__chevron" />
							</Link>
						</li>
					))}
				</ul>
			</section>

			<Link to={Paths.logout} className="button button--ghost button--block" data-testid="merchant-my-sign-out">
				<LogoutIcon className="shop-staff__button-icon" />
				{ft("my.signOut")}
			</Link>
		</div>
	);
}
