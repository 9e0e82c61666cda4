import type { PointsItemView } from "@bayon/contract";
import { Link } from "react-router";
import { Paths, withQuery } from "../../../lib/paths";
import { usePointsText } from "../guest-strings";
import { PointsItemImage } from "./guest-item-image";

/** One item of the mall's grid: picture, name, points price, what is left, and "redeemed" when it is. */
export function PointsItemTile({ item }: { item: PointsItemView }) {
	const { pt, plural, points } = usePointsText();
	const soldOut = item.stock <= 0;
	return (
		<Link
			to={withQuery(Paths.scoreProductDetail, { id: item.id })}
			className={`card pt-tile${soldOut ? " is-sold-out" : ""}`}
			data-testid={`points-item-${item.id}`}
		>
			<span className="pt-tile__picture">
				<PointsItemImage image={item.image} size="tile" />
				{item.myRedemptionId !== null && (
					<span className="pt-badge pt-tile__badge" data-testid="points-item-redeemed">
						{pt("item.redeemed")}
					</span>
				)}
			</span>
			<span className="pt-tile__body">
				<span className="pt-tile__name">{item.name}</span>
				<span className="pt-tile__price" data-testid="points-item-price">
					{points(item.pointsPrice)}
				</span>
				<span className={`pt-tile__stock${soldOut ? " is-sold-out" : ""}`} data-testid="points-item-stock">
					{soldOut ? pt("item.soldOut") : plural("item.stockLeft", item.stock)}
				</span>
			</span>
		</Link>
	);
}
