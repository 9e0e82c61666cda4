import { POINTS_PER_UNIT_MAX, type PointsMallAdmin, type PointsRule } from "@bayon/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCurrency, useMoney } from "../../../lib/app-config";
import { useStaffSheetDraft } from "../../../lib/use-staff-save";
import { WholeField } from "../../../ui/form-fields";
import { FormSheet } from "../../../ui/form-sheet";
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
export function StaffRuleSheet({
	shopId,
	rule,
	open,
	onClose,
	onConflict,
}: {
	shopId: number;
	rule: PointsRule;
	open: boolean;
	onClose: () => void;
	onConflict: () => Promise<void>;
}) {
	const { pt, lang } = useStaffPointsText();
	const queryClient = useQueryClient();
	const currency = useCurrency();
	const money = useMoney();
	const { draft, change, problems, saving, saveSheet } = useStaffSheetDraft(
		open,
		rule,
		currency.decimals,
		pointsRuleDraft,
	);
	const unit = money(10 ** currency.decimals);
	const typed = parseCount(draft.pointsPerUnit);
	const rate = typed !== null && Number.isInteger(typed) && typed <= POINTS_PER_UNIT_MAX ? typed : null;
	const example = EXAMPLE_UNITS * 10 ** currency.decimals;

	const save = async () => {
		await saveSheet(
			checkPointsRule(draft, { shopId, lang }),
			async (input) => {
				const saved = await savePointsRule(input);
				queryClient.setQueryData(pointsStaffKeys.mall(shopId), (mall: PointsMallAdmin | undefined) =>
					mall ? { ...mall, rule: saved } : mall,
				);
			},
			{ saved: pt("rule.saved"), changed: pt("item.changed"), onConflict, onClose },
		);
	};

	return (
		<FormSheet
			open={open}
			onClose={onClose}
			title={pt("rule.sheet")}
			saving={saving}
			onSave={() => void save()}
			testId="points-rule"
			bodyClassName="sv-form"
			bodyTestId="points-rule-form"
		>
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
		</FormSheet>
	);
}
