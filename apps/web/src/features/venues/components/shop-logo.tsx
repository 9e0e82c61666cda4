import { StoreIcon } from "../../../ui/icons";
import "../venues.css";

/** A shop's logo, or the shop outline on the accent tint when it has none. */
export function ShopLogo({ logo }: { logo: string | null }) {
	return logo ? (
		<img className="shop-logo" src={logo} alt="" />
	) : (
		<span className="shop-logo shop-logo--placeholder" aria-hidden="true">
			<StoreIcon />
		</span>
	);
}
