import { POINTS_PER_UNIT_MAX, type PointsMallAdmin, type PointsRule } from "@bayon/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useMoney } from "../../../lib/app-config";
import { EditSheet } from "../../../ui/edit-sheet/edit-sheet";
import { type EditSheetProps, useEditSheet } from "../../../ui/edit-sheet/use-edit-sheet";
import { WholeField } from "../../../ui/form-fields";
import { pointsStaffKeys, savePointsRule } from "../staff-api";
import { checkPointsRule, parseCount, pointsEarned, pointsRuleDraft } from "../staff-points-form";
import { useStaffPointsText } from "../staff-strings";

/** The example order of the sheet's preview: ten units of the currency ($10.00). */
const EXAMPLE_UNITS = 10;

/**
 * Points per currency unit paid: 0 switches earning off (said so), at most the contract's
 * 100; VIP cards multiply it (said so, with the ×2 figure). A preview reads what an example
 * order earns at the typed rate.
 */
export function StaffRuleSheet({ shopId, rule, ...props }: EditSheetProps & { rule: PointsRule }) {
	const { pt, lang } = useStaffPointsText();
	const queryClient = useQueryClient();
	const money = useMoney();
	const sheet = useEditSheet({
		...props,
		source: rule,
		draftOf: pointsRuleDraft,
		saved: pt("rule.saved"),
		changed: pt("item.changed"),
	});
	const { draft, change, problems, currency } = sheet;
	const unit = money(10 ** currency.decimals);
	const typed = parseCount(draft.pointsPerUnit);
	const rate = typed !== null && Number.isInteger(typed) && typed <= POINTS_PER_UNIT_MAX ? typed : null;
	const example = EXAMPLE_UNITS * 10 ** currency.decimals;

	const save = async () => {
		await sheet.save(checkPointsRule(draft, { shopId, lang }), async (input) => {
			const saved = await savePointsRule(input);
			queryClient.setQueryData(pointsStaffKeys.mall(shopId), (mall: PointsMallAdmin | undefined) =>
				mall ? { ...mall, rule: saved } : mall,
			);
		});
	};

	return (
		<EditSheet sheet={sheet} title={pt("rule.sheet")} onSave={save} testId="points-rule">
			<WholeField
				label={pt("rule.field.rate", { unit })}
				value={draft.pointsPerUnit}
				onChange={(value) => change("pointsPerUnit", value)}
				suffix={pt("rule.field.unit")}
				placeholder="0"
				hint={pt("rule.field.rateHint")}
				problem={problems.pointsPerUnit}
				testId="points-rule-rate-input"
			/>
			<p className="field__hint" data-testid="points-rule-vip">
				{pt("rule.field.vipHint")}
			</p>
			{rate !== null && (
				<p className="sv-form__preview" data-testid="points-rule-preview">
					{rate === 0
						? pt("rule.previewOff")
						: pt("rule.preview", {
								amount: money(example),
								points: pointsEarned(example, rate, currency.decimals),
							})}
				</p>
			)}
		</EditSheet>
	);
}
