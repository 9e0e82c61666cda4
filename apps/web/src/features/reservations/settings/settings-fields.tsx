import type { ReactNode } from "react";
import { useId } from "react";
import { PlusIcon, TrashIcon } from "../../../ui/icons";
import { useStaffReservationText } from "../staff-strings";
import { addBand, bandRanges, removeBand, type SettingsDraft, TURN_BANDS_MAX } from "./staff-settings-form";
import type { Patch } from "./use-settings-editor";

/** The party-size bands and each one's turn time. */
export function TurnBands({
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

/** A card of the settings with its title. */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
	return (
		<section className="card res-settings__section" data-testid={testId}>
			<h2 className="section__title">{title}</h2>
			{children}
		</section>
	);
}

/** A number typed as text, with its hint or error under it. */
export function NumberField({
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
