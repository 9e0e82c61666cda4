import type { PointsEntry, PointsEntryKind } from "@bayon/contract";
import type { ComponentType, SVGProps } from "react";
import { Link } from "react-router";
import { formatDateTime, formatPoints } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { GiftIcon, ReceiptIcon, RefundIcon, StarIcon } from "../../../ui/icons";
import { usePointsText } from "../guest-strings";

const kindIcons: Record<PointsEntryKind, ComponentType<SVGProps<SVGSVGElement>>> = {
	orderEarned: StarIcon,
	orderReversed: RefundIcon,
	redeemed: GiftIcon,
	redemptionReturned: RefundIcon,
};

/** "+12" / "-300": a signed whole number of points. */
export function signedPoints(amount: number): string {
	return amount > 0 ? `+${formatPoints(amount)}` : formatPoints(amount);
}

/**
 * One change of the points: what it was (earned on an order, taken back on its refund, spent on
 * a reward, returned from a cancelled redemption), what it was for, the signed amount and the
 * balance after it.
 */
export function PointsEntryRow({ entry }: { entry: PointsEntry }) {
	const { pt, lang } = usePointsText();
	const labels = useDateLabels();
	const Icon = kindIcons[entry.kind] ?? ReceiptIcon;
	const incoming = entry.amount > 0;
	return (
		<li className="pt-entry" data-testid={`points-entry-${entry.id}`} data-kind={entry.kind}>
			<span className={`pt-entry__icon${incoming ? " is-in" : ""}`}>
				<Icon />
			</span>
			<div className="pt-entry__main">
				<span className="pt-entry__title">{pt(`kind.${entry.kind}`)}</span>
				<EntryLink entry={entry} />
				<time className="pt-entry__time" dateTime={entry.createdAt}>
					{formatDateTime(entry.createdAt, lang, labels)}
				</time>
			</div>
			<div className="pt-entry__amounts">
				<span className={`pt-entry__amount${incoming ? " is-in" : ""}`} data-testid="points-entry-amount">
					{signedPoints(entry.amount)}
				</span>
				<span className="pt-entry__after" data-testid="points-entry-after">
					{pt("bill.after", { points: formatPoints(entry.balanceAfter) })}
				</span>
			</div>
		</li>
	);
}

/** The order (earned, taken back) or the redemption (spent, returned) it was for, each to its page. */
function EntryLink({ entry }: { entry: PointsEntry }) {
	const { pt } = usePointsText();
	if (entry.orderId !== null)
		return (
			<Link
				to={withQuery(Paths.orderDetail, { id: entry.orderId })}
				className="pt-entry__link"
				data-testid="points-entry-link"
			>
				{pt("bill.order", { no: entry.orderNo ?? String(entry.orderId) })}
			</Link>
		);
	if (entry.redemptionId !== null)
		return (
			<Link
				to={withQuery(Paths.scoreProductOrderDetail, { id: entry.redemptionId })}
				className="pt-entry__link"
				data-testid="points-entry-link"
			>
				{entry.itemName ?? pt("kind.redeemed")}
			</Link>
		);
	return null;
}
