import type { RedemptionView } from "@bayon/contract";
import { Link } from "react-router";
import { formatDateTime } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { ChevronIcon } from "../../../ui/icons";
import { statusKey } from "../guest-format";
import { usePointsText } from "../guest-strings";
import { PointsItemImage } from "../mall/guest-item-image";

/** One redemption in the member's list: picture, name, points, state and when, to its page. */
export function RedemptionRow({ redemption }: { redemption: RedemptionView }) {
	const { pt, points, lang } = usePointsText();
	const labels = useDateLabels();
	return (
		<li>
			<Link
				to={withQuery(Paths.scoreProductOrderDetail, { id: redemption.id })}
				className="card pt-redemption"
				data-testid={`redemption-${redemption.id}`}
			>
				<PointsItemImage image={redemption.itemImage} size="thumb" />
				<span className="pt-redemption__body">
					<span className="pt-redemption__head">
						<span className="pt-redemption__name">{redemption.itemName}</span>
						<span
							className={`pt-status pt-status--${redemption.status}`}
							data-testid="redemption-status"
							data-status={redemption.status}
						>
							{pt(statusKey(redemption))}
						</span>
					</span>
					<span className="pt-redemption__points">{points(redemption.pointsPrice)}</span>
					<span className="pt-redemption__meta">
						{pt(`fulfilment.${redemption.fulfilment}`)} ·{" "}
						<time dateTime={redemption.createdAt}>{formatDateTime(redemption.createdAt, lang, labels)}</time>
					</span>
				</span>
				<ChevronIcon className="pt-redemption__chevron" aria-hidden="true" />
			</Link>
		</li>
	);
}
