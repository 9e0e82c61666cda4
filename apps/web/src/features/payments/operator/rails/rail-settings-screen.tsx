import type { PaymentRail, PaymentRailView, RailConnectionResult } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { errorText } from "../../../../lib/api-client";
import { formatDate, formatDateTime } from "../../../../lib/format";
import { useDateLabels } from "../../../../lib/i18n";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { SwitchField } from "../../../../ui/form-fields";
import { ErrorState, LoadingState } from "../../../../ui/states";
import { RailFieldInput } from "./rail-field-input";
import { RailHistory } from "./rail-history";
import { paymentRailsQuery } from "./rail-settings-api";
import { RAIL_FIELDS } from "./rail-settings-form";
import { useRailSettingsText } from "./rail-settings-strings";
import { useRailCard } from "./use-rail-card";
import "../../../../ui/controls.css";
import "../../../../ui/form-fields.css";
import "./rail-settings.css";

/**
 * The payment rails (issue 29 part 6), for platform operators only (router.tsx puts it behind
 * merchant-wallet's PlatformGuard, which also loads the staff messages; the server refuses anyone
 * else): a card per rail with its state, its settings as a form (ids shown as stored; secrets
 * and keys only by their last four, kept unless replaced), Save, Test the connection, On/Off,
 * Remove and the rail's change log.
 */
export default function RailSettingsScreen() {
	const { rt } = useRailSettingsText();
	const rails = useQuery(paymentRailsQuery);
	if (rails.isPending) return <LoadingState />;
	if (rails.isError) return <ErrorState message={errorText(rails.error)} onRetry={() => void rails.refetch()} />;
	return (
		<div className="rs-page" data-testid="payment-rails">
			<p className="rs-page__hint">{rt("hint")}</p>
			{rails.data.rails.map((view) => (
				<RailCard key={view.rail} view={view} />
			))}
		</div>
	);
}

function RailCard({ view }: { view: PaymentRailView }) {
	const { rt } = useRailSettingsText();
	const card = useRailCard(view);
	const rail = view.rail;
	const setUp = view.state !== "notSetUp";

	return (
		<section className="card rs-card" data-testid={`rail-${rail}`} data-state={view.state}>
			<RailCardHead view={view} railName={card.railName} />
			{setUp && (
				<div className="rs-card__switch">
					<SwitchField
						label={rt("switchLabel")}
						checked={view.state === "on"}
						onChange={(on) => !card.turning && card.turn(on)}
						testId={`rail-${rail}-switch`}
					/>
				</div>
			)}
			<div className="rs-card__body">
				<div className="rs-form">
					{RAIL_FIELDS[rail].map((field) => (
						<RailFieldInput
							key={field.name}
							rail={rail}
							field={field}
							label={card.label(field.name)}
							value={card.draft[field.name] ?? ""}
							stored={view.summary[field.name] ?? null}
							replacing={card.replacing[field.name] === true}
							onReplace={(on) => card.replace(field.name, on)}
							onChange={(value) => card.change(field.name, value)}
							problem={card.problems[field.name]}
						/>
					))}
				</div>
				<RailActions
					rail={rail}
					setUp={setUp}
					saving={card.saving}
					testing={card.testing}
					onSave={() => card.save()}
					onTest={() => card.test()}
					onRemove={() => card.setConfirmRemove(true)}
				/>
				{card.result && <RailTestResult rail={rail} result={card.result} />}
				<button
					type="button"
					className="text-button rs-history-toggle"
					aria-expanded={card.historyOpen}
					onClick={() => card.setHistoryOpen((open) => !open)}
					data-testid={`rail-${rail}-history-toggle`}
				>
					{card.historyOpen ? rt("hideHistory") : rt("history")}
				</button>
				{card.historyOpen && <RailHistory rail={rail} fieldLabel={card.label} />}
			</div>
			<ConfirmDialog
				open={card.confirmRemove}
				message={rt("removeConfirm", { rail: card.railName })}
				confirmLabel={rt("remove")}
				destructive
				onConfirm={() => card.remove()}
				onCancel={() => card.setConfirmRemove(false)}
				testId={`rail-${rail}-remove-confirm`}
			/>
		</section>
	);
}

/** The rail's name and state, who changed it last and when, and a warning (a key or token about to expire). */
function RailCardHead({ view, railName }: { view: PaymentRailView; railName: string }) {
	const { rt, lang } = useRailSettingsText();
	const labels = useDateLabels();
	const rail = view.rail;
	return (
		<>
			<header className="rs-card__head">
				<h2 className="rs-card__title">{railName}</h2>
				<span
					className={`tag rs-state rs-state--${view.state}${view.state === "off" ? " tag--muted" : ""}`}
					data-testid={`rail-${rail}-state`}
				>
					{rt(`state.${view.state}`)}
				</span>
			</header>
			{view.updatedAt && (
				<p className="rs-card__updated" data-testid={`rail-${rail}-updated`}>
					{view.updatedBy
						? rt("updated", { date: formatDateTime(view.updatedAt, lang, labels), name: view.updatedBy })
						: rt("updatedNoName", { date: formatDateTime(view.updatedAt, lang, labels) })}
				</p>
			)}
			{view.warning && (
				<p className="rs-warning" role="alert" data-testid={`rail-${rail}-warning`}>
					{rt(`warning.${view.warning.kind}`, {
						days: view.warning.days,
						date: formatDate(view.warning.expiresAt, lang, labels),
					})}
				</p>
			)}
		</>
	);
}

/** Save; once set up, test the connection and remove. */
function RailActions({
	rail,
	setUp,
	saving,
	testing,
	onSave,
	onTest,
	onRemove,
}: {
	rail: PaymentRail;
	setUp: boolean;
	saving: boolean;
	testing: boolean;
	onSave: () => void;
	onTest: () => void;
	onRemove: () => void;
}) {
	const { rt } = useRailSettingsText();
	return (
		<div className="rs-actions">
			<button
				type="button"
				className="button button--primary"
				disabled={saving}
				onClick={onSave}
				data-testid={`rail-${rail}-save`}
			>
				{saving ? rt("saving") : rt("save")}
			</button>
			{setUp && (
				<button
					type="button"
					className="button button--ghost"
					disabled={testing}
					onClick={onTest}
					data-testid={`rail-${rail}-test`}
				>
					{testing ? rt("testing") : rt("test")}
				</button>
			)}
			{setUp && (
				<button
					type="button"
					className="text-button rs-actions__remove"
					onClick={onRemove}
					data-testid={`rail-${rail}-remove`}
				>
					{rt("remove")}
				</button>
			)}
		</div>
	);
}

/** What the connection test answered: all right, or the problem with the provider's detail. */
function RailTestResult({ rail, result }: { rail: PaymentRail; result: RailConnectionResult }) {
	const { rt } = useRailSettingsText();
	return (
		<div
			className={`rs-result rs-result--${result.ok ? "ok" : "problem"}`}
			role="status"
			data-testid={`rail-${rail}-test-result`}
		>
			<p className="rs-result__message">{result.message}</p>
			{!result.ok && result.detail && (
				<p className="rs-result__detail">{rt("testDetail", { detail: result.detail })}</p>
			)}
		</div>
	);
}
