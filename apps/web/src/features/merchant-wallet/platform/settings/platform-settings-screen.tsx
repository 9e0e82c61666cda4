import type { PlatformSettings } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { errorText } from "../../../../lib/api-client";
import { useAppConfig, useCurrency, useMoney } from "../../../../lib/app-config";
import { MoneyField, WholeField } from "../../../../ui/form-fields";
import { ErrorState, LoadingState } from "../../../../ui/states";
import { usePlatformText } from "../../platform-strings";
import { platformSettingsQuery } from "../platform-api";
import { PlatformGuard } from "../platform-guard";
import { bpsFromPercentText, commissionOn } from "./platform-form";
import { PlatformPercentField } from "./platform-percent-field";
import { usePlatformSettingsForm } from "./use-platform-settings-form";
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
	const { pt, t } = usePlatformText();
	const currency = useCurrency();
	const { draft, problems, change, save, saving } = usePlatformSettingsForm(settings);

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
					{!problems.commissionBps && <CommissionExample commission={draft.commission} />}
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

/** What the typed commission takes of 100 in the shop's currency, while it is a valid rate. */
function CommissionExample({ commission }: { commission: string }) {
	const { pt } = usePlatformText();
	const currency = useCurrency();
	const money = useMoney();
	const bps = bpsFromPercentText(commission);
	if (bps === null || !Number.isInteger(bps) || bps < 0) return null;
	const exampleGross = 100 * 10 ** currency.decimals;
	return (
		<p className="pf-settings__example" data-testid="platform-commission-example">
			{pt("settings.commissionExample", {
				gross: money(exampleGross),
				commission: money(commissionOn(exampleGross, bps)),
				net: money(exampleGross - commissionOn(exampleGross, bps)),
			})}
		</p>
	);
}
