import type { CouponFit } from "@bayon/contract";
import { useId } from "react";
import { Link } from "react-router";
import { useMoney } from "../../../lib/app-config";
import { Paths } from "../../../lib/paths";
import { BottomSheet } from "../../../ui/sheet";
import { EmptyState } from "../../../ui/states";
import { useCouponWhen } from "../guest-format";
import { useCouponText } from "../guest-strings";
import { CouponTicket } from "./guest-coupon-ticket";
import "../../../ui/controls.css";
import "../guest-coupons.css";

/**
 * The pay page's coupon sheet: the member's coupons that fit this cart, best first with what
 * each takes off (a radio group: a tap anywhere on a ticket chooses it and closes the sheet),
 * then the others greyed with the server's reason; "don't use a coupon" at the foot.
 */
export function CouponSheet({
	open,
	onClose,
	options,
	selectedId,
	onChoose,
}: {
	open: boolean;
	onClose: () => void;
	/** As the server sent them: the fitting ones first, best first. */
	options: readonly CouponFit[];
	selectedId: number | null;
	onChoose: (couponId: number | null) => void;
}) {
	const { ct } = useCouponText();
	const money = useMoney();
	const when = useCouponWhen();
	const fitsId = useId();
	const othersId = useId();
	const radioId = useId();
	const fitting = options.filter((option) => option.fits);
	const others = options.filter((option) => !option.fits);

	return (
		<BottomSheet
			open={open}
			onClose={onClose}
			title={ct("sheet.title")}
			testId="coupon-sheet"
			footer={
				<button
					type="button"
					className={`button button--block ${selectedId === null ? "button--primary" : "button--ghost"}`}
					aria-pressed={selectedId === null}
					onClick={() => onChoose(null)}
					data-testid="coupon-none"
				>
					{ct("sheet.notUsing")}
				</button>
			}
		>
			<div className="cp-sheet">
				{options.length === 0 ? (
					<EmptyState compact title={ct("sheet.empty")}>
						<Link to={Paths.packages} className="button button--primary button--small" data-testid="coupon-get-more">
							{ct("sheet.getMore")}
						</Link>
					</EmptyState>
				) : null}
				{fitting.length > 0 && (
					<>
						<h3 className="cp-sheet__heading" id={fitsId}>
							{ct("sheet.fits")}
						</h3>
						<div className="cp-list" role="radiogroup" aria-labelledby={fitsId} data-testid="coupon-fitting">
							{fitting.map((option, index) => {
								const checked = option.coupon.id === selectedId;
								const inputId = `${radioId}-${option.coupon.id}`;
								return (
									// The whole ticket is the radio's label: a tap anywhere on it chooses.
									<label
										key={option.coupon.id}
										htmlFor={inputId}
										className="cp-sheet__option"
										data-testid={`coupon-option-${option.coupon.id}`}
									>
										<CouponTicket
											title={option.coupon.title}
											instructions=""
											terms={option.coupon.terms}
											when={when(option.coupon)}
											selected={checked}
											action={
												<span className={`cp-sheet__pick${checked ? " is-selected" : ""}`}>
													{index === 0 && <span className="cp-sheet__best">{ct("sheet.best")}</span>}
													<span className="cp-sheet__saves" data-testid="coupon-option-discount">
														{ct("pay.saves", { amount: money(option.discount) })}
													</span>
													<input
														id={inputId}
														type="radio"
														className="radio"
														name="pay-coupon"
														value={option.coupon.id}
														checked={checked}
														readOnly
														// A click, not a change: tapping the coupon already chosen also
														// confirms it and closes the sheet (a checked radio sends no change).
														onClick={() => onChoose(option.coupon.id)}
														aria-label={option.coupon.title}
													/>
												</span>
											}
										/>
									</label>
								);
							})}
						</div>
					</>
				)}
				{others.length > 0 && (
					<>
						<h3 className="cp-sheet__heading" id={othersId}>
							{ct("sheet.others")}
						</h3>
						<ul className="cp-list" aria-labelledby={othersId} data-testid="coupon-others">
							{others.map((option) => (
								<li key={option.coupon.id} data-testid={`coupon-option-${option.coupon.id}`}>
									<CouponTicket
										title={option.coupon.title}
										instructions=""
										terms={option.coupon.terms}
										when={when(option.coupon)}
										muted
										note={
											option.reason ? (
												<p className="cp-ticket__note" data-testid="coupon-option-reason">
													{option.reason}
												</p>
											) : undefined
										}
									/>
								</li>
							))}
						</ul>
					</>
				)}
			</div>
		</BottomSheet>
	);
}
