import type { PointsRule } from "@bayon/contract";
import { useState } from "react";
import { useCurrency, useMoney } from "../../../lib/app-config";
import { StarIcon } from "../../../ui/icons";
import { useStaffPointsText } from "../staff-strings";
import { StaffRuleSheet } from "./staff-rule-sheet";

/**
 * The earning rule as the owner reads it: "10 points per $1.00 paid", or off; what it applies
 * to, that VIP cards multiply it; a button to change it in a sheet, for the business's
 * administrator only (`canEdit`, issue 27): the rule is the same in every shop.
 */
export function StaffRuleCard({
	shopId,
	rule,
	reload,
	canEdit,
}: {
	shopId: number;
	rule: PointsRule;
	reload: () => Promise<void>;
	canEdit: boolean;
}) {
	const { pt, plural } = useStaffPointsText();
	const currency = useCurrency();
	const money = useMoney();
	const [editing, setEditing] = useState(false);
	const unit = money(10 ** currency.decimals);
	const on = rule.pointsPerUnit > 0;
	return (
		<section className="card sv-section pt-rule" aria-labelledby="pt-rule-title" data-testid="points-rule">
			<header className="sv-section__head">
				<h2 className="section__title" id="pt-rule-title">
					{pt("rule.title")}
				</h2>
				{canEdit && (
					<button
						type="button"
						className="button button--small button--ghost"
						onClick={() => setEditing(true)}
						data-testid="points-rule-edit"
					>
						{pt("rule.edit")}
					</button>
				)}
			</header>
			<p className={`pt-rule__rate${on ? "" : " is-off"}`} data-testid="points-rule-rate">
				<StarIcon className="pt-rule__icon" aria-hidden="true" />
				{on ? plural("rule.rate", rule.pointsPerUnit, { unit }) : pt("rule.off")}
			</p>
			<p className="sv-section__hint">{pt("rule.hint")}</p>
			<p className="sv-section__hint" data-testid="points-rule-vip-note">
				{pt("rule.vip")}
			</p>
			{canEdit && (
				<StaffRuleSheet
					shopId={shopId}
					rule={rule}
					open={editing}
					onClose={() => setEditing(false)}
					onConflict={reload}
				/>
			)}
		</section>
	);
}
