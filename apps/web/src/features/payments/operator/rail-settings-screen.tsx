import {
	isMessageKey,
	type MessageKey,
	type PaymentRail,
	type PaymentRailView,
	type RailAuditEntry,
	type RailConnectionResult,
} from "@bayon/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { ApiError, errorText } from "../../../lib/api-client";
import { formatDate, formatDateTime } from "../../../lib/format";
import { useDateLabels, useListFormat } from "../../../lib/i18n";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { DatePicker } from "../../../ui/date-picker";
import { SwitchField } from "../../../ui/form-fields";
import { ErrorState, LoadingState } from "../../../ui/states";
import {
	paymentRailsQuery,
	railAuditQuery,
	railKeys,
	removeRailSettings,
	saveRailSettings,
	switchRail,
	testRailConnection,
} from "./rail-settings-api";
import {
	isSecretKind,
	RAIL_FIELDS,
	type RailDraft,
	type RailField,
	railDraftOf,
	railSaveInput,
} from "./rail-settings-form";
import { type RailSettingsTextKey, useRailSettingsText } from "./rail-settings-strings";
import "../../../ui/controls.css";
import "../../../ui/form-fields.css";
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

type Problems = Record<string, string>;

function RailCard({ view }: { view: PaymentRailView }) {
	const { rt, m, lang } = useRailSettingsText();
	const labels = useDateLabels();
	const queryClient = useQueryClient();
	const rail = view.rail;
	const railName = rt(`rail.${rail}`);
	const [draft, setDraft] = useState<RailDraft>(() => railDraftOf(view));
	const [replacing, setReplacing] = useState<Record<string, boolean>>({});
	const [problems, setProblems] = useState<Problems>({});
	const [result, setResult] = useState<RailConnectionResult | null>(null);
	const [confirmRemove, setConfirmRemove] = useState(false);
	const [historyOpen, setHistoryOpen] = useState(false);
	const setUp = view.state !== "notSetUp";
	const label = (name: string) => rt(`field.${rail}.${name}` as RailSettingsTextKey);

	const answered = (next: Awaited<ReturnType<typeof saveRailSettings>>) => {
		queryClient.setQueryData(railKeys.list, next);
		void queryClient.invalidateQueries({ queryKey: railKeys.audit(rail) });
	};
	/** Saved or removed: the form starts again from what is stored (switching leaves what is being typed). */
	const restart = (next: Awaited<ReturnType<typeof saveRailSettings>>) => {
		const mine = next.rails.find((r) => r.rail === rail);
		if (mine) setDraft(railDraftOf(mine));
		setReplacing({});
		setProblems({});
	};

	const change = (name: string, value: string | boolean) => {
		setDraft((current) => ({ ...current, [name]: value }));
		setProblems(({ [name]: _cleared, ...rest }) => rest);
	};

	const [save, saving] = useDebouncedSubmit(async () => {
		try {
			const next = await saveRailSettings(railSaveInput(rail, draft));
			setResult(null);
			answered(next);
			restart(next);
			showToast(rt("saved", { rail: railName }));
		} catch (error) {
			const found = fieldProblems(error, (key, field) => m(key, { field: label(field) }));
			if (found) setProblems(found);
			showToast(errorText(error));
		}
	});

	const [test, testing] = useDebouncedSubmit(async () => {
		setResult(null);
		try {
			setResult(await testRailConnection(rail));
			void queryClient.invalidateQueries({ queryKey: railKeys.audit(rail) });
		} catch (error) {
			showToast(errorText(error));
		}
	});

	const [turn, turning] = useDebouncedSubmit(async (on: boolean) => {
		try {
			answered(await switchRail(rail, on));
			showToast(rt(on ? "switchedOn" : "switchedOff", { rail: railName }));
		} catch (error) {
			showToast(errorText(error));
		}
	});

	const [remove] = useDebouncedSubmit(async () => {
		setConfirmRemove(false);
		try {
			const next = await removeRailSettings(rail);
			answered(next);
			restart(next);
			setResult(null);
			showToast(rt("removed", { rail: railName }));
		} catch (error) {
			showToast(errorText(error));
		}
	});

	return (
		<section className="card rs-card" data-testid={`rail-${rail}`} data-state={view.state}>
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
			{setUp && (
				<div className="rs-card__switch">
					<SwitchField
						label={rt("switchLabel")}
						checked={view.state === "on"}
						onChange={(on) => !turning && turn(on)}
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
							label={label(field.name)}
							value={draft[field.name] ?? ""}
							stored={view.summary[field.name] ?? null}
							replacing={replacing[field.name] === true}
							onReplace={(on) => {
								setReplacing((current) => ({ ...current, [field.name]: on }));
								if (!on) change(field.name, "");
							}}
							onChange={(value) => change(field.name, value)}
							problem={problems[field.name]}
						/>
					))}
				</div>
				<div className="rs-actions">
					<button
						type="button"
						className="button button--primary"
						disabled={saving}
						onClick={() => save()}
						data-testid={`rail-${rail}-save`}
					>
						{saving ? rt("saving") : rt("save")}
					</button>
					{setUp && (
						<button
							type="button"
							className="button button--ghost"
							disabled={testing}
							onClick={() => test()}
							data-testid={`rail-${rail}-test`}
						>
							{testing ? rt("testing") : rt("test")}
						</button>
					)}
					{setUp && (
						<button
							type="button"
							className="text-button rs-actions__remove"
							onClick={() => setConfirmRemove(true)}
							data-testid={`rail-${rail}-remove`}
						>
							{rt("remove")}
						</button>
					)}
				</div>
				{result && (
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
				)}
				<button
					type="button"
					className="text-button rs-history-toggle"
					aria-expanded={historyOpen}
					onClick={() => setHistoryOpen((open) => !open)}
					data-testid={`rail-${rail}-history-toggle`}
				>
					{historyOpen ? rt("hideHistory") : rt("history")}
				</button>
				{historyOpen && <RailHistory rail={rail} fieldLabel={label} />}
			</div>
			<ConfirmDialog
				open={confirmRemove}
				message={rt("removeConfirm", { rail: railName })}
				confirmLabel={rt("remove")}
				destructive
				onConfirm={() => remove()}
				onCancel={() => setConfirmRemove(false)}
				testId={`rail-${rail}-remove-confirm`}
			/>
		</section>
	);
}

/**
 * A refused save's problems by field name (the server names them `settings.<field>`): the rule in
 * the page's words, the field named by its label ("Invalid value: Merchant id").
 */
function fieldProblems(error: unknown, say: (rule: MessageKey, field: string) => string): Problems | null {
	if (!(error instanceof ApiError)) return null;
	const issues = (error.data as { issues?: Array<{ field?: string; rule?: string; message?: string }> } | null)?.issues;
	if (!Array.isArray(issues)) return null;
	const found: Problems = {};
	for (const issue of issues) {
		const field = issue.field?.replace(/^settings\./, "");
		if (!field || found[field]) continue;
		found[field] = issue.rule && isMessageKey(issue.rule) ? say(issue.rule, field) : (issue.message ?? "");
	}
	return Object.keys(found).length > 0 ? found : null;
}

function RailFieldInput({
	rail,
	field,
	label,
	value,
	stored,
	replacing,
	onReplace,
	onChange,
	problem,
}: {
	rail: PaymentRail;
	field: RailField;
	label: string;
	value: string | boolean;
	stored: string | null;
	replacing: boolean;
	onReplace: (on: boolean) => void;
	onChange: (value: string | boolean) => void;
	problem: string | undefined;
}) {
	const { rt } = useRailSettingsText();
	const id = useId();
	const testId = `rail-${rail}-${field.name}`;
	if (field.kind === "switch")
		return (
			<SwitchField
				label={label}
				hint={rt(`field.${rail}.${field.name}Hint` as RailSettingsTextKey)}
				checked={value === true}
				onChange={onChange}
				testId={testId}
			/>
		);
	const hint = isSecretKind(field.kind)
		? field.kind === "privateKey" || field.kind === "publicKey"
			? stored && !replacing
				? rt("storedKeyHint")
				: rt("keyHint")
			: rt("secretHint")
		: undefined;
	const describedBy = problem ? `${id}-error` : hint ? `${id}-hint` : undefined;
	let control: ReactNode;
	if (field.kind === "choice") {
		control = (
			<div className="segmented" role="radiogroup" aria-labelledby={`${id}-label`} data-testid={testId}>
				{field.options?.map((option) => (
					<label key={option} className={`segmented__option${value === option ? " is-selected" : ""}`}>
						<input
							type="radio"
							name={`${rail}-${field.name}`}
							value={option}
							checked={value === option}
							onChange={() => onChange(option)}
							className="visually-hidden"
							data-testid={`${testId}-${option}`}
						/>
						{rt(`env.${option}` as RailSettingsTextKey)}
					</label>
				))}
			</div>
		);
	} else if (field.kind === "date") {
		const year = new Date().getFullYear();
		control = (
			<DatePicker
				label={label}
				value={String(value)}
				min={`${year - 1}-01-01`}
				max={`${year + 3}-12-31`}
				onChange={onChange}
				testId={testId}
			/>
		);
	} else if (isSecretKind(field.kind) && stored && !replacing) {
		control = (
			<div className="rs-stored" data-testid={`${testId}-stored`}>
				<span className="rs-stored__value">{rt("stored", { last4: stored })}</span>
				<button
					type="button"
					className="button button--ghost button--small"
					onClick={() => onReplace(true)}
					data-testid={`${testId}-replace`}
				>
					{rt("replace")}
				</button>
			</div>
		);
	} else if (field.kind === "text" || field.kind === "secret") {
		control = (
			<input
				id={id}
				className="field__input"
				type={field.kind === "secret" ? "password" : "text"}
				autoComplete={field.kind === "secret" ? "new-password" : "off"}
				spellCheck={false}
				value={String(value)}
				onChange={(event) => onChange(event.target.value)}
				aria-invalid={problem ? true : undefined}
				aria-describedby={describedBy}
				data-testid={testId}
			/>
		);
	} else {
		control = (
			<textarea
				id={id}
				className={`field__input rs-key${field.kind === "publicKey" ? "" : " rs-key--masked"}`}
				rows={field.kind === "longSecret" ? 3 : 5}
				autoComplete="off"
				spellCheck={false}
				value={String(value)}
				onChange={(event) => onChange(event.target.value)}
				aria-invalid={problem ? true : undefined}
				aria-describedby={describedBy}
				data-testid={testId}
			/>
		);
	}
	return (
		<div className="field rs-field">
			{field.kind === "date" ? (
				<span className="field__label" id={`${id}-label`}>
					{label}
				</span>
			) : (
				<label className="field__label" id={`${id}-label`} htmlFor={id}>
					{label}
				</label>
			)}
			{control}
			{isSecretKind(field.kind) && stored && replacing && (
				<button
					type="button"
					className="text-button rs-field__keep"
					onClick={() => onReplace(false)}
					data-testid={`${testId}-keep`}
				>
					{rt("keepStored")}
				</button>
			)}
			{problem ? (
				<p className="field__error" id={`${id}-error`} role="alert" data-testid={`${testId}-error`}>
					{problem}
				</p>
			) : (
				hint && (
					<p className="field__hint" id={`${id}-hint`} data-testid={`${testId}-hint`}>
						{hint}
					</p>
				)
			)}
		</div>
	);
}

function RailHistory({ rail, fieldLabel }: { rail: PaymentRail; fieldLabel: (name: string) => string }) {
	const { rt, lang } = useRailSettingsText();
	const labels = useDateLabels();
	const list = useListFormat();
	const audit = useQuery(railAuditQuery(rail));
	if (audit.isPending) return <LoadingState compact />;
	if (audit.isError)
		return <ErrorState compact message={errorText(audit.error)} onRetry={() => void audit.refetch()} />;
	if (audit.data.entries.length === 0)
		return (
			<p className="rs-history__empty" data-testid={`rail-${rail}-history-empty`}>
				{rt("historyEmpty")}
			</p>
		);
	const what = (entry: RailAuditEntry) => {
		if (entry.action === "saved")
			return entry.fields.length > 0
				? `${rt("audit.saved")} · ${rt("audit.savedFields", { fields: list(entry.fields.map(fieldLabel)) })}`
				: rt("audit.saved");
		if (entry.action === "tested")
			return rt("audit.tested", { outcome: rt(`outcome.${entry.outcome ?? "notAvailable"}` as RailSettingsTextKey) });
		return rt(`audit.${entry.action}`);
	};
	return (
		<ol className="rs-history" data-testid={`rail-${rail}-history`}>
			{audit.data.entries.map((entry) => (
				<li key={entry.id} className="rs-history__entry" data-testid={`rail-${rail}-history-entry`}>
					<span className="rs-history__what">{what(entry)}</span>
					<span className="rs-history__when">
						{formatDateTime(entry.at, lang, labels)}
						{entry.by ? ` · ${entry.by}` : ""}
					</span>
				</li>
			))}
		</ol>
	);
}
