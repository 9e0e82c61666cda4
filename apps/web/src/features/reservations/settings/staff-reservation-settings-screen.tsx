import {
	ErrorCode,
	type MerchantShopRef,
	type ReservableTableView,
	type ReservationSettingsPage,
	roleAllows,
} from "@bayon/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useMemo, useState } from "react";
import { ApiError, errorText } from "../../../lib/api-client";
import { useCurrency, usePrice } from "../../../lib/app-config";
import { showToast } from "../../../lib/toast";
import { PlusIcon, TrashIcon } from "../../../ui/icons";
import { Picker } from "../../../ui/picker";
import { ErrorState, LoadingState, NotAllowedState } from "../../../ui/states";
import { Stepper } from "../../../ui/stepper";
import { MerchantGuard } from "../../merchant/merchant-guard";
import {
	reservationSettingsQuery,
	saveReservableTable,
	saveReservationSettings,
	staffReservationKeys,
} from "../staff-api";
import { RESERVATION_SETTINGS_PERMISSION } from "../staff-permissions";
import { useStaffReservationText } from "../staff-strings";
import {
	addBand,
	bandRanges,
	draftOf,
	type FieldProblem,
	removeBand,
	type SettingsDraft,
	SLOT_MINUTE_CHOICES,
	serverFieldErrors,
	TURN_BANDS_MAX,
	validateSettings,
} from "./staff-settings-form";
import "../../merchant/merchant.css";
import "../staff-reservations.css";

/** merchant/reservationSettings: the owner's booking rules and which tables take bookings. */
export default function StaffReservationSettingsScreen() {
	return <MerchantGuard>{(shop) => <SettingsPage shop={shop} />}</MerchantGuard>;
}

function SettingsPage({ shop }: { shop: MerchantShopRef }) {
	const { rt } = useStaffReservationText();
	if (!roleAllows(shop.role, RESERVATION_SETTINGS_PERMISSION))
		return <NotAllowedState message={rt("settings.onlyOwner")} testId="res-settings-not-allowed" />;
	return <SettingsLoader shopId={shop.shopId} />;
}

function SettingsLoader({ shopId }: { shopId: number }) {
	const saved = useQuery(reservationSettingsQuery(shopId));
	if (saved.isError && !saved.data)
		return <ErrorState message={errorText(saved.error)} onRetry={() => void saved.refetch()} />;
	if (!saved.data) return <LoadingState />;
	return (
		<div className="merchant page-pad res-staff res-settings" data-testid="res-settings">
			<SettingsEditor shopId={shopId} page={saved.data} reload={() => saved.refetch()} />
			<TablesSection shopId={shopId} tables={saved.data.tables} />
		</div>
	);
}

type Patch = (patch: Partial<SettingsDraft>) => void;

function SettingsEditor({
	shopId,
	page,
	reload,
}: {
	shopId: number;
	page: ReservationSettingsPage;
	reload: () => Promise<unknown>;
}) {
	const { rt, m } = useStaffReservationText();
	const queryClient = useQueryClient();
	const currency = useCurrency();
	const price = usePrice();
	const [version, setVersion] = useState(page.settings.version);
	const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(page.settings, currency.decimals));
	const [showErrors, setShowErrors] = useState(false);
	const [serverErrors, setServerErrors] = useState<Map<string, string>>(new Map());

	// Someone saved elsewhere (or our own save came back): start again from what the server holds.
	useEffect(() => {
		if (page.settings.version !== version) {
			setVersion(page.settings.version);
			setDraft(draftOf(page.settings, currency.decimals));
		}
	}, [page.settings, version, currency.decimals]);

	const { errors, input } = useMemo(
		() => validateSettings(draft, shopId, version, currency.decimals),
		[draft, shopId, version, currency.decimals],
	);
	const change: Patch = (patch) => {
		setDraft((current) => ({ ...current, ...patch }));
		setServerErrors(new Map());
	};
	const problemText = (problem: FieldProblem | undefined): string | undefined => {
		if (!problem) return undefined;
		if (problem.kind === "range") return rt("settings.range", { min: problem.min, max: problem.max });
		if (problem.kind === "amount") return rt("settings.amount");
		return m(problem.key, { field: "" });
	};
	const errorOf = (path: string): string | undefined =>
		serverErrors.get(path) ?? (showErrors ? problemText(errors.get(path)) : undefined);

	const save = async () => {
		setShowErrors(true);
		if (!input) {
			showToast(rt("settings.fixErrors"));
			return;
		}
		try {
			const next = await saveReservationSettings(input);
			queryClient.setQueryData(staffReservationKeys.settings(shopId), next);
			setShowErrors(false);
			showToast(rt("settings.saved"));
		} catch (error) {
			if (error instanceof ApiError && error.code === ErrorCode.ChangedBySomeoneElse) {
				showToast(rt("settings.changed"));
				await reload();
				return;
			}
			const fields = error instanceof ApiError ? serverFieldErrors(error.data) : new Map<string, string>();
			setServerErrors(fields);
			showToast(errorText(error));
		}
	};

	const numbers = (field: keyof SettingsDraft["numbers"]) => ({
		value: draft.numbers[field],
		onChange: (value: string) => change({ numbers: { ...draft.numbers, [field]: value } }),
		error: errorOf(field),
		testId: `res-settings-${field}`,
	});
	const optional = (field: keyof SettingsDraft["optional"]) => ({
		value: draft.optional[field],
		onChange: (value: string) => change({ optional: { ...draft.optional, [field]: value } }),
		error: errorOf(field),
		testId: `res-settings-${field}`,
	});
	const firstError = [...serverErrors.values()][0] ?? (showErrors ? problemText([...errors.values()][0]) : undefined);
	const examplePerPerson = Number(draft.depositPerPerson) * 10 ** currency.decimals;

	return (
		<>
			<p className="field__hint res-settings__zone">{rt("settings.timeZone", { zone: page.shopTimeZone })}</p>
			<Section title={rt("settings.section.general")} testId="res-settings-general">
				<label className="switch-row">
					<span className="switch-row__text">
						<span>{rt("settings.enabled")}</span>
						<span className="field__hint">{rt("settings.enabledHint")}</span>
					</span>
					<input
						type="checkbox"
						role="switch"
						className="switch"
						checked={draft.enabled}
						aria-checked={draft.enabled}
						onChange={(event) => change({ enabled: event.target.checked })}
						data-testid="res-settings-enabled"
					/>
				</label>
				<div className="field">
					<span className="field__label">{rt("settings.slotMinutes")}</span>
					<Picker
						label={rt("settings.slotMinutes")}
						value={draft.slotMinutes}
						options={SLOT_MINUTE_CHOICES.map((n) => ({ value: n, label: rt("settings.minutesOption", { n }) }))}
						onChange={(slotMinutes) => change({ slotMinutes })}
						testId="res-settings-slotMinutes"
					/>
				</div>
			</Section>

			<Section title={rt("settings.section.turns")} testId="res-settings-turns">
				<p className="field__hint">{rt("settings.turnHint")}</p>
				<TurnBands draft={draft} change={change} errorOf={errorOf} />
				<NumberField label={rt("settings.buffer")} {...numbers("bufferMinutes")} />
			</Section>

			<Section title={rt("settings.section.window")} testId="res-settings-window">
				<div className="res-settings__pair">
					<NumberField label={rt("settings.minNotice")} {...numbers("minNoticeMinutes")} />
					<NumberField label={rt("settings.maxDays")} {...numbers("maxDaysAhead")} />
				</div>
				<div className="res-settings__pair">
					<NumberField label={rt("settings.partyMax")} {...numbers("onlinePartyMax")} />
					<NumberField
						label={rt("settings.pacing")}
						hint={rt("settings.pacingHint")}
						{...optional("pacingCoversPerSlot")}
					/>
				</div>
				<NumberField
					label={rt("settings.autoConfirm")}
					hint={rt("settings.autoConfirmHint")}
					{...numbers("autoConfirmPercent")}
				/>
			</Section>

			<Section title={rt("settings.section.policy")} testId="res-settings-policy">
				<NumberField
					label={rt("settings.cancelWindow")}
					hint={rt("settings.cancelWindowHint")}
					{...numbers("cancelWindowMinutes")}
				/>
				<div className="res-settings__pair">
					<NumberField label={rt("settings.grace")} hint={rt("settings.graceHint")} {...numbers("graceMinutes")} />
					<NumberField label={rt("settings.strikeWindow")} {...numbers("strikeWindowDays")} />
				</div>
			</Section>

			<Section title={rt("settings.section.deposit")} testId="res-settings-deposit">
				<div className="res-settings__pair">
					<NumberField
						label={rt("settings.depositMinParty")}
						hint={rt("settings.depositEmptyHint")}
						{...optional("depositMinParty")}
					/>
					<NumberField
						label={rt("settings.depositStrikes")}
						hint={rt("settings.depositEmptyHint")}
						{...optional("depositStrikes")}
					/>
				</div>
				<NumberField
					label={rt("settings.depositPerPerson", { currency: currency.symbol || currency.code })}
					hint={
						Number.isFinite(examplePerPerson) && examplePerPerson > 0
							? rt("settings.depositExample", { amount: price(Math.round(examplePerPerson) * 6) })
							: undefined
					}
					value={draft.depositPerPerson}
					onChange={(depositPerPerson) => change({ depositPerPerson })}
					error={errorOf("depositPerPerson")}
					decimal
					testId="res-settings-depositPerPerson"
				/>
			</Section>

			<div className="res-settings__save">
				{firstError && (
					<p className="field__error" role="alert" data-testid="res-settings-errors">
						{firstError}
					</p>
				)}
				<button
					type="button"
					className="button button--primary button--block"
					onClick={() => void save()}
					data-testid="res-settings-save"
				>
					{rt("settings.save")}
				</button>
			</div>
		</>
	);
}

function TurnBands({
	draft,
	change,
	errorOf,
}: {
	draft: SettingsDraft;
	change: Patch;
	errorOf: (path: string) => string | undefined;
}) {
	const { rt } = useStaffReservationText();
	const ranges = bandRanges(draft.turnTimes.map((band) => ({ upToParty: Number(band.upToParty) || 0 })));
	const setBand = (index: number, patch: Partial<SettingsDraft["turnTimes"][number]>) =>
		change({ turnTimes: draft.turnTimes.map((band, i) => (i === index ? { ...band, ...patch } : band)) });
	const orderError = errorOf("turnTimes");
	return (
		<div className="res-bands" data-testid="res-settings-bands">
			{draft.turnTimes.map((band, index) => {
				const range = ranges[index];
				const last = index === draft.turnTimes.length - 1;
				return (
					// biome-ignore lint/suspicious/noArrayIndexKey: a band is known by its place in the list
					<div key={index} className="res-bands__band" data-testid={`res-band-${index}`}>
						<span className="res-bands__range">
							{range && (last ? rt("settings.bandLast", { from: range.from }) : rt("settings.band", range))}
						</span>
						<NumberField
							hideLabel={index > 0}
							label={rt("settings.upToParty")}
							value={band.upToParty}
							onChange={(upToParty) => setBand(index, { upToParty })}
							error={errorOf(`turnTimes.${index}.upToParty`)}
							testId={`res-band-${index}-party`}
							compact
						/>
						<NumberField
							hideLabel={index > 0}
							label={rt("settings.turnMinutes")}
							value={band.minutes}
							onChange={(minutes) => setBand(index, { minutes })}
							error={errorOf(`turnTimes.${index}.minutes`)}
							testId={`res-band-${index}-minutes`}
							compact
						/>
						<button
							type="button"
							className="icon-button res-bands__remove"
							aria-label={rt("settings.removeBand")}
							disabled={draft.turnTimes.length <= 1}
							onClick={() => change({ turnTimes: removeBand(draft.turnTimes, index) })}
							data-testid={`res-band-${index}-remove`}
						>
							<TrashIcon />
						</button>
					</div>
				);
			})}
			{orderError && (
				<p className="field__error" role="alert" data-testid="res-bands-error">
					{orderError}
				</p>
			)}
			{draft.turnTimes.length < TURN_BANDS_MAX && (
				<button
					type="button"
					className="text-button"
					onClick={() => change({ turnTimes: addBand(draft.turnTimes) })}
					data-testid="res-band-add"
				>
					<PlusIcon /> {rt("settings.addBand")}
				</button>
			)}
		</div>
	);
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
	return (
		<section className="card res-settings__section" data-testid={testId}>
			<h2 className="section__title">{title}</h2>
			{children}
		</section>
	);
}

function NumberField({
	label,
	value,
	onChange,
	error,
	hint,
	testId,
	decimal = false,
	compact = false,
	hideLabel = false,
}: {
	label: string;
	value: string;
	onChange: (value: string) => void;
	error?: string | undefined;
	hint?: string | undefined;
	testId: string;
	decimal?: boolean;
	compact?: boolean;
	/** Under the first row of a table of fields the column says it: the label is for screen readers. */
	hideLabel?: boolean;
}) {
	const id = useId();
	return (
		<div className={`field${compact ? " res-settings__compact" : ""}`}>
			<label className={hideLabel ? "visually-hidden" : "field__label"} htmlFor={id}>
				{label}
			</label>
			<input
				id={id}
				className="field__input"
				inputMode={decimal ? "decimal" : "numeric"}
				value={value}
				onChange={(event) => onChange(event.target.value)}
				aria-invalid={Boolean(error)}
				aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
				data-testid={testId}
			/>
			{hint && !error && (
				<p className="field__hint" id={`${id}-hint`}>
					{hint}
				</p>
			)}
			{error && (
				<p className="field__error" id={`${id}-error`} role="alert" data-testid={`${testId}-error`}>
					{error}
				</p>
			)}
		</div>
	);
}

/** Which tables take bookings, and the smallest party each is given to; each change is saved at once. */
function TablesSection({ shopId, tables }: { shopId: number; tables: ReservableTableView[] }) {
	const { rt } = useStaffReservationText();
	const queryClient = useQueryClient();
	const [busy, setBusy] = useState<number | null>(null);
	const save = async (
		table: ReservableTableView,
		patch: Partial<Pick<ReservableTableView, "reservable" | "minSeats">>,
	) => {
		const next = { ...table, ...patch };
		setBusy(table.id);
		// Shown at once; the server's answer (or a refetch after a refusal) settles it.
		queryClient.setQueryData(staffReservationKeys.settings(shopId), (page: ReservationSettingsPage | undefined) =>
			page ? { ...page, tables: page.tables.map((t) => (t.id === table.id ? next : t)) } : page,
		);
		try {
			await saveReservableTable({ tableId: table.id, reservable: next.reservable, minSeats: next.minSeats });
			showToast(rt("settings.tableSaved", { table: table.number }));
		} catch (error) {
			showToast(errorText(error));
		} finally {
			setBusy(null);
			await queryClient.invalidateQueries({ queryKey: staffReservationKeys.settings(shopId) });
			await queryClient.invalidateQueries({ queryKey: [...staffReservationKeys.all, "grid"] });
		}
	};
	return (
		<Section title={rt("settings.section.tables")} testId="res-settings-tables">
			<p className="field__hint">{rt("settings.tablesHint")}</p>
			{tables.length === 0 ? (
				<p className="field__hint" data-testid="res-settings-no-tables">
					{rt("settings.noTables")}
				</p>
			) : (
				<ul className="res-tables">
					{tables.map((table) => (
						<li key={table.id} className="res-tables__row" data-testid={`res-table-${table.id}`}>
							<span className="res-tables__name">
								<strong>{table.number}</strong>
								<small className="field__hint">
									{rt("settings.tableSeats", { n: table.seats })}
									{table.area ? ` · ${table.area}` : ""}
								</small>
							</span>
							{table.reservable && (
								<span className="res-tables__min">
									<small className="field__hint">{rt("settings.minSeats")}</small>
									<Stepper
										compact
										value={table.minSeats}
										min={1}
										max={table.seats}
										onChange={(minSeats) => void save(table, { minSeats })}
										label={`${table.number} ${rt("settings.minSeats")}`}
										testId={`res-table-${table.id}-min`}
									/>
								</span>
							)}
							<input
								type="checkbox"
								role="switch"
								className="switch"
								checked={table.reservable}
								aria-checked={table.reservable}
								aria-label={`${table.number} · ${rt("settings.section.tables")}`}
								disabled={busy === table.id}
								onChange={(event) => void save(table, { reservable: event.target.checked })}
								data-testid={`res-table-${table.id}-reservable`}
							/>
						</li>
					))}
				</ul>
			)}
		</Section>
	);
}
