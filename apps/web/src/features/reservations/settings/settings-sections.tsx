import { useCurrency, usePrice } from "../../../lib/app-config";
import { Picker } from "../../../ui/picker";
import { useStaffReservationText } from "../staff-strings";
import { NumberField, Section, TurnBands } from "./settings-fields";
import { SLOT_MINUTE_CHOICES } from "./staff-settings-form";
import type { SettingsEditorState } from "./use-settings-editor";

type Props = { editor: SettingsEditorState };

/** Bookings on or off, and the slot interval. */
export function GeneralSection({ editor }: Props) {
	const { rt } = useStaffReservationText();
	const { draft, change } = editor;
	return (
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
	);
}

/** How long a party keeps its table, by size, and the buffer between bookings. */
export function TurnsSection({ editor }: Props) {
	const { rt } = useStaffReservationText();
	return (
		<Section title={rt("settings.section.turns")} testId="res-settings-turns">
			<p className="field__hint">{rt("settings.turnHint")}</p>
			<TurnBands draft={editor.draft} change={editor.change} errorOf={editor.errorOf} />
			<NumberField label={rt("settings.buffer")} {...editor.numbers("bufferMinutes")} />
		</Section>
	);
}

/** How soon and how far ahead, the online party limit, pacing, auto-confirm. */
export function WindowSection({ editor }: Props) {
	const { rt } = useStaffReservationText();
	const { numbers, optional } = editor;
	return (
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
	);
}

/** The cancel window, the grace, and how long a no-show counts. */
export function PolicySection({ editor }: Props) {
	const { rt } = useStaffReservationText();
	const { numbers } = editor;
	return (
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
	);
}

/** When a deposit is asked (party size, no-shows) and how much per person. */
export function DepositSection({ editor }: Props) {
	const { rt } = useStaffReservationText();
	const currency = useCurrency();
	const price = usePrice();
	const { draft, change, errorOf, optional, examplePerPerson } = editor;
	return (
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
	);
}

/** The first problem, and save. */
export function SaveBar({ editor }: Props) {
	const { rt } = useStaffReservationText();
	return (
		<div className="res-settings__save">
			{editor.firstError && (
				<p className="field__error" role="alert" data-testid="res-settings-errors">
					{editor.firstError}
				</p>
			)}
			<button
				type="button"
				className="button button--primary button--block"
				onClick={() => void editor.save()}
				data-testid="res-settings-save"
			>
				{rt("settings.save")}
			</button>
		</div>
	);
}
