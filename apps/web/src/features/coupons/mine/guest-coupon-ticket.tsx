import type { CouponTerms } from "@bayon/contract";
import { type ReactNode, useId, useState } from "react";
import { ChevronIcon, ScooterIcon } from "../../../ui/icons";
import { useCouponTerms } from "../guest-format";
import { useCouponText } from "../guest-strings";
import "../guest-coupons.css";

/**
 * A coupon drawn as a ticket: on the stub, what it gives (the amount, the percentage or free
 * delivery) big with its minimum spend; beside it the title, the cap, where it works (order
 * types, shops), `when` (validity), an optional note and the action; the instructions fold
 * out. The centre's offers, the member's coupons and the pay page's sheet all use it.
 */
export function CouponTicket({
	title,
	instructions,
	terms,
	when,
	note,
	action,
	stamp,
	muted = false,
	selected = false,
	testId,
}: {
	title: string;
	instructions: string;
	terms: CouponTerms;
	when: string;
	/** A line under the terms (e.g. "the shop switched it off", a reason it does not fit). */
	note?: ReactNode;
	action?: ReactNode;
	/** A word stamped across the ticket: "used", "expired". */
	stamp?: string;
	/** Greyed: used, expired, switched off, or not fitting this cart. */
	muted?: boolean;
	selected?: boolean;
	testId?: string;
}) {
	const { ct } = useCouponText();
	const { face, spend, cap, where } = useCouponTerms();
	const [open, setOpen] = useState(false);
	const instructionsId = useId();
	const shown = face(terms);
	const place = where(terms);
	const capText = cap(terms);
	return (
		<article
			className={`cp-ticket cp-ticket--${terms.kind}${muted ? " is-muted" : ""}${selected ? " is-selected" : ""}`}
			data-testid={testId}
		>
			<div className="cp-ticket__main">
				<div className="cp-ticket__stub" data-testid="coupon-face">
					{terms.kind === "freeDelivery" ? (
						<>
							<ScooterIcon className="cp-ticket__icon" aria-hidden="true" />
							<span className="cp-ticket__caption cp-ticket__caption--strong">{shown.caption}</span>
						</>
					) : (
						<>
							<span className="cp-ticket__figure">{shown.figure}</span>
							{shown.caption && <span className="cp-ticket__caption">{shown.caption}</span>}
						</>
					)}
					<span className="cp-ticket__spend" data-testid="coupon-spend">
						{spend(terms)}
					</span>
				</div>
				<div className="cp-ticket__body">
					<h3 className="cp-ticket__title">{title}</h3>
					<ul className="cp-ticket__terms">
						{capText && <li data-testid="coupon-cap">{capText}</li>}
						<li data-testid="coupon-use-type">{place.useType}</li>
						<li data-testid="coupon-shops">{place.shops}</li>
						<li className="cp-ticket__when" data-testid="coupon-when">
							{when}
						</li>
					</ul>
					{note}
					{(action || instructions) && (
						<div className="cp-ticket__foot">
							{instructions ? (
								<button
									type="button"
									className="cp-ticket__toggle"
									aria-expanded={open}
									aria-controls={instructionsId}
									onClick={() => setOpen((value) => !value)}
									data-testid="coupon-instructions-toggle"
								>
									{ct("instructions.toggle")}
									<ChevronIcon className={`cp-ticket__chevron${open ? " is-open" : ""}`} aria-hidden="true" />
								</button>
							) : (
								<span />
							)}
							{action}
						</div>
					)}
				</div>
			</div>
			{instructions && open && (
				<p className="cp-ticket__instructions" id={instructionsId} data-testid="coupon-instructions">
					{instructions}
				</p>
			)}
			{stamp && (
				<span className="cp-ticket__stamp" aria-hidden="true">
					{stamp}
				</span>
			)}
		</article>
	);
}
