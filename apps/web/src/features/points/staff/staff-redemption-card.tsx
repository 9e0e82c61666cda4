import type { RedemptionView } from "@bayon/contract";
import { formatDateTime } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { ItemImage } from "../../menu/components/item-image";
import { useStaffPointsText } from "../staff-strings";

export type RedemptionStaffAction = "handOver" | "ship" | "cancel";

/** What staff may do with a redemption: a pending pickup is handed over, a pending delivery shipped; either cancelled. */
export function staffActionsOf(redemption: RedemptionView): RedemptionStaffAction[] {
	if (redemption.status !== "pending") return [];
	return [redemption.fulfilment === "pickup" ? "handOver" : "ship", "cancel"];
}

/**
 * One redemption as the counter needs it: its number big (the member shows it on their
 * phone), its state, the item and its points, who redeemed it, where it goes (this shop's
 * counter, or the delivery address), when, and the buttons for what can be done now.
 */
export function StaffRedemptionCard({
	redemption,
	timeZone,
	onAction,
}: {
	redemption: RedemptionView;
	/** The shop's clock; the device's until it is known. */
	timeZone: string | undefined;
	onAction: (action: RedemptionStaffAction, redemption: RedemptionView) => void;
}) {
	const { pt, plural, lang } = useStaffPointsText();
	const labels = useDateLabels();
	const when = (value: string) => formatDateTime(value, lang, labels, timeZone);
	const { id, status, fulfilment, member, shop, deliveryAddress } = redemption;
	const testId = `redemption-${id}`;
	const statusKey = status === "pending" ? (`red.status.${fulfilment}` as const) : (`red.status.${status}` as const);
	const actions = staffActionsOf(redemption);
	const moments = [
		["red.redeemedAt", redemption.createdAt],
		["red.shippedAt", redemption.shippedAt],
		["red.receivedAt", redemption.receivedAt],
		["red.cancelledAt", redemption.cancelledAt],
	] as const;

	return (
		<li className={`card pt-red pt-red--${status}`} data-testid={testId}>
			<div className="pt-red__head">
				<h3 className="pt-red__number" data-testid={`${testId}-number`}>
					<span className="visually-hidden">{pt("red.number")} </span>#{id}
				</h3>
				<span className={`tag pt-red__status pt-red__status--${status}`} data-testid={`${testId}-status`}>
					{pt(statusKey)}
				</span>
			</div>
			<div className="pt-red__item">
				<ItemImage image={redemption.itemImage} size="small" />
				<span className="pt-red__item-text">
					<span className="pt-red__item-name">{redemption.itemName}</span>
					<span className="pt-red__points">{plural("red.points", redemption.pointsPrice)}</span>
				</span>
			</div>
			<dl className="pt-red__facts">
				{member && (
					<div className="pt-red__fact">
						<dt>{pt("red.member")}</dt>
						<dd data-testid={`${testId}-member`}>
							<strong>{member.nickname}</strong> · <span className="pt-red__phone">{member.mobile}</span>
						</dd>
					</div>
				)}
				{fulfilment === "pickup" ? (
					<div className="pt-red__fact">
						<dt>{pt("red.pickupAt")}</dt>
						<dd data-testid={`${testId}-where`}>{shop?.name ?? ""}</dd>
					</div>
				) : (
					<div className="pt-red__fact">
						<dt>{pt("red.deliverTo")}</dt>
						<dd data-testid={`${testId}-where`}>
							{deliveryAddress && (
								<>
									<span>
										{deliveryAddress.recipient} · <span className="pt-red__phone">{deliveryAddress.phone}</span>
									</span>
									<span className="pt-red__address">
										{[deliveryAddress.address, deliveryAddress.houseNumber].filter(Boolean).join(" ")}
									</span>
								</>
							)}
						</dd>
					</div>
				)}
				{redemption.trackingNote && (
					<div className="pt-red__fact">
						<dt>{pt("red.tracking")}</dt>
						<dd data-testid={`${testId}-tracking`}>{redemption.trackingNote}</dd>
					</div>
				)}
				{redemption.cancelReason && (
					<div className="pt-red__fact">
						<dt>{pt("red.cancelReason")}</dt>
						<dd data-testid={`${testId}-reason`}>{redemption.cancelReason}</dd>
					</div>
				)}
				{moments.map(([key, value]) =>
					value ? (
						<div key={key} className="pt-red__fact">
							<dt>{pt(key)}</dt>
							<dd className="pt-red__time">{when(value)}</dd>
						</div>
					) : null,
				)}
			</dl>
			{actions.length > 0 && (
				<div className="pt-red__actions">
					{actions.includes("cancel") && (
						<button
							type="button"
							className="button button--small button--ghost"
							onClick={() => onAction("cancel", redemption)}
							data-testid={`${testId}-cancel`}
						>
							{pt("red.cancel")}
						</button>
					)}
					{actions.includes("handOver") && (
						<button
							type="button"
							className="button button--primary pt-red__main-action"
							onClick={() => onAction("handOver", redemption)}
							data-testid={`${testId}-hand-over`}
						>
							{pt("red.scan")}
						</button>
					)}
					{actions.includes("ship") && (
						<button
							type="button"
							className="button button--primary pt-red__main-action"
							onClick={() => onAction("ship", redemption)}
							data-testid={`${testId}-ship`}
						>
							{pt("red.ship")}
						</button>
					)}
				</div>
			)}
		</li>
	);
}
