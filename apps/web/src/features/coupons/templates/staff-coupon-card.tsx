import { type CouponTemplateAdmin, localize } from "@bayon/contract";
import { formatPoints } from "../../../lib/format";
import { TicketIcon } from "../../../ui/icons";
import { useCouponTermsText } from "../staff-format";
import { useStaffCouponText } from "../staff-strings";

/**
 * One template on the owner's list: what it gives, where and when, how many were claimed (of
 * how many) and used, how members get it (coupon centre or exchange code), and an on/off
 * switch saved at once. The card opens the editor; the switch sits beside it, not inside it.
 * Without `onEdit` and `onToggle` (not the business's administrator, issue 27) it only shows.
 */
export function StaffCouponCard({
	template,
	shops,
	timeZone,
	busy,
	onEdit,
	onToggle,
}: {
	template: CouponTemplateAdmin;
	shops: ReadonlyArray<{ id: number; name: string }>;
	timeZone: string | undefined;
	/** Its switch is being saved. */
	busy: boolean;
	onEdit: (() => void) | null;
	onToggle: ((enabled: boolean) => void) | null;
}) {
	const { ct, lang } = useStaffCouponText();
	const terms = useCouponTermsText(shops, timeZone);
	const title = localize(template.title, lang);
	const testId = `coupon-${template.id}`;
	const claimedShare = template.totalQuantity > 0 ? Math.min(1, template.claimed / template.totalQuantity) : 1;
	const state = (
		<span className={`cp-card__state${template.enabled ? " is-on" : ""}`} aria-hidden={onToggle !== null}>
			{ct(template.enabled ? "coupons.on" : "coupons.off")}
		</span>
	);
	const summary = (
		<>
			<span className="cp-card__head">
				<TicketIcon className="cp-card__icon" aria-hidden="true" />
				<span className="cp-card__title">{title}</span>
			</span>
			<span className="cp-card__gives" data-testid={`${testId}-gives`}>
				{terms.gives(template)}
			</span>
			<span className="cp-card__tags">
				<span className="tag" data-testid={`${testId}-use-type`}>
					{terms.useType(template)}
				</span>
				<span className="tag tag--muted" data-testid={`${testId}-shops`}>
					{terms.where(template)}
				</span>
				<span className="tag tag--muted" data-testid={`${testId}-listed`}>
					{ct(template.listed ? "stats.listed" : "stats.codeOnly")}
				</span>
				{template.exchangeCode && (
					<span className="tag tag--muted cp-card__code" data-testid={`${testId}-code`}>
						{ct("stats.code", { code: template.exchangeCode })}
					</span>
				)}
			</span>
			<span className="cp-card__line" data-testid={`${testId}-validity`}>
				{terms.when(template)}
			</span>
			<span className="cp-card__stats">
				<span className="cp-card__claimed" data-testid={`${testId}-claimed`}>
					{ct("stats.claimed", {
						claimed: formatPoints(template.claimed),
						total: formatPoints(template.totalQuantity),
					})}
				</span>
				<span className="cp-card__used" data-testid={`${testId}-used`}>
					{ct("stats.used", { count: formatPoints(template.used) })}
				</span>
				<span className="cp-meter" aria-hidden="true">
					<span className="cp-meter__fill" style={{ width: `${Math.round(claimedShare * 100)}%` }} />
				</span>
			</span>
		</>
	);
	return (
		<li className={`card cp-card${template.enabled ? "" : " is-off"}`} data-testid={testId}>
			{onEdit ? (
				<button
					type="button"
					className="cp-card__body"
					onClick={onEdit}
					aria-label={ct("coupons.edit", { name: title })}
					data-testid={`${testId}-edit`}
				>
					{summary}
				</button>
			) : (
				<div className="cp-card__body">{summary}</div>
			)}
			{onToggle ? (
				<label className="cp-card__switch">
					{state}
					<input
						type="checkbox"
						role="switch"
						className="switch"
						checked={template.enabled}
						aria-checked={template.enabled}
						aria-label={ct("coupons.toggle", { name: title })}
						disabled={busy}
						onChange={(event) => onToggle(event.target.checked)}
						data-testid={`${testId}-switch`}
					/>
				</label>
			) : (
				<span className="cp-card__switch" data-testid={`${testId}-state`}>
					{state}
				</span>
			)}
		</li>
	);
}
