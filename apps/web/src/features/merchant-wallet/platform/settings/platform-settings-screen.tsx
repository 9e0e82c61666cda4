import type { PlatformSettings } from "@bayon/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "../../../../lib/api-client";
import { useAppConfig, useCurrency, useMoney } from "../../../../lib/app-config";
import { showToast } from "../../../../lib/toast";
import { useDebouncedSubmit } from "../../../../lib/use-debounced-submit";
import { useStaffSave } from "../../../../lib/use-staff-save";
import { MoneyField, WholeField } from "../../../../ui/form-fields";
import { ErrorState, LoadingState } from "../../../../ui/states";
import { usePlatformText } from "../../platform-strings";
import { platformKeys, platformSettingsQuery, savePlatformSettings } from "../platform-api";
import { PlatformGuard } from "../platform-guard";
import {
	bpsFromPercentText,
	checkSettings,
	commissionOn,
	type PlatformSettingsDraft,
	settingsDraftOf,
} from "./platform-form";
import { PlatformPercentField } from "./platform-percent-field";
import "../../../../ui/controls.css";
import "../platform.css";

/**
 * The platform's terms (issue 14, decision 023), for operators only: the commission (typed as a
 * percent, sent as basis points), the settlement hold in hours and the minimum withdrawal
 * (typed in the currency's major unit, sent in minor units), each checked with the contract's
 * schema and explained: the commission applies to money earned from now on, the hold to orders
 * completed from now on.
 */
export default function PlatformSettingsScreen() {
	return <PlatformGuard>{() => <SettingsPage />}</PlatformGuard>;
}

function SettingsPage() {
	const settings = useQuery(platformSettingsQuery);
	// The minimum is typed in the currency's major unit: its decimals must be the tenant's.
	const config = useAppConfig();
	if (settings.isPending || config.isPending) return <LoadingState />;
	if (settings.isError)
		return <ErrorState message={errorText(settings.error)} onRetry={() => void settings.refetch()} />;
	if (config.isError) return <ErrorState message={errorText(config.error)} onRetry={() => void config.refetch()} />;
	return <SettingsForm settings={settings.data} />;
}

function SettingsForm({ settings }: { settings: PlatformSettings }) {
	const { pt, t, lang } = usePlatformText();
	const queryClient = useQueryClient();
	const currency = useCurrency();
	const money = useMoney();
	const decimals = currency.decimals;
	const [draft, setDraft] = useState<PlatformSettingsDraft>(() => settingsDraftOf(settings, decimals));
	const { problems, setProblems, submit } = useStaffSave();

	const change = (field: keyof PlatformSettingsDraft, problemField: string) => (value: string) => {
		setDraft((current) => ({ ...current, [field]: value }));
		setProblems(({ [problemField]: _cleared, ...rest }) => rest);
	};

	const [save, saving] = useDebouncedSubmit(async () => {
		const saved = await submit(
			checkSettings(draft, decimals, lang),
			async (input) => {
				const answer = await savePlatformSettings(input);
				queryClient.setQueryData(platformKeys.settings, answer);
				setDraft(settingsDraftOf(answer, decimals));
			},
			// The terms carry no version: nothing to reload on a conflict.
			async () => {},
		);
		if (saved) showToast(pt("settings.saved"));
	});

	const bps = bpsFromPercentText(draft.commission);
	const exampleGross = 100 * 10 ** decimals;
	const example =
		bps !== null && Number.isInteger(bps) && bps >= 0
			? pt("settings.commissionExample", {
					gross: money(exampleGross),
					commission: money(commissionOn(exampleGross, bps)),
					net: money(exampleGross - commissionOn(exampleGross, bps)),
				})
			: null;

	return (
		<div className="pf-page pf-settings" data-testid="platform-settings">
			<p className="pf-page__hint">{pt("settings.hint")}</p>
			<section className="card pf-settings__form">
				<div className="pf-settings__field">
					<PlatformPercentField
						label={pt("settings.commission")}
						value={draft.commission}
						onChange={change("commission", "commissionBps")}
						hint={pt("settings.commissionHint")}
						problem={problems.commissionBps}
						testId="platform-commission"
					/>
					{example && !problems.commissionBps && (
						<p className="pf-settings__example" data-testid="platform-commission-example">
							{example}
						</p>
					)}
				</div>
				<WholeField
					label={pt("settings.hold")}
					value={draft.holdHours}
					onChange={change("holdHours", "holdHours")}
					suffix={pt("settings.holdUnit")}
					hint={pt("settings.holdHint")}
					problem={problems.holdHours}
					testId="platform-hold"
				/>
				<MoneyField
					label={pt("settings.minimum")}
					value={draft.minimum}
					onChange={change("minimum", "minimumWithdrawal")}
					currency={currency}
					hint={pt("settings.minimumHint")}
					problem={problems.minimumWithdrawal}
					testId="platform-minimum"
				/>
				<button
					type="button"
					className="button button--primary button--block"
					disabled={saving}
					onClick={() => save()}
					data-testid="platform-settings-save"
				>
					{saving ? t("common.saving") : t("common.save")}
				</button>
			</section>
		</div>
	);
}
