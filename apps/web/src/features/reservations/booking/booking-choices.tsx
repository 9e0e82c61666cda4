import type { AvailabilityView } from "@bayon/contract";
import { type ReactNode, type Ref, useEffect, useId, useRef } from "react";
import { useCalendarDay } from "../../../lib/i18n";
import { PhoneIcon } from "../../../ui/icons";
import { ErrorState, LoadingState } from "../../../ui/states";
import { bookingDays, groupSlots } from "../guest-booking";
import { useGuestText } from "../guest-strings";

/** A horizontal strip of the local days that can be booked, today first. */
export function DayStrip({
	first,
	last,
	today,
	value,
	onChange,
}: {
	first: string;
	last: string;
	today: string;
	value: string;
	onChange: (date: string) => void;
}) {
	const { gt } = useGuestText();
	const calendarDay = useCalendarDay();
	const tomorrow = bookingDays(today, "9999-12-31", 2)[1];
	const selectedRef = useRef<HTMLLabelElement>(null);
	const titleId = useId();
	// biome-ignore lint/correctness/useExhaustiveDependencies: scroll the chosen day into view when it changes
	useEffect(() => {
		selectedRef.current?.scrollIntoView?.({ inline: "center", block: "nearest" });
	}, [value]);
	return (
		<div className="field">
			<span className="field__label" id={titleId}>
				{gt("book.date")}
			</span>
			<div className="guest-days" role="radiogroup" aria-labelledby={titleId} data-testid="booking-days">
				{bookingDays(first, last).map((date) => {
					// The staff's day chips read the same (lib/format.ts formatCalendarDay).
					const { weekday, day } = calendarDay(date);
					const name = date === today ? gt("today") : date === tomorrow ? gt("tomorrow") : weekday;
					const selected = date === value;
					return (
						<ChoiceChip
							key={date}
							name="booking-day"
							className="guest-day"
							selected={selected}
							onPick={() => onChange(date)}
							chipRef={selected ? selectedRef : undefined}
							testId={`booking-day-${date}`}
						>
							<span className="guest-day__name">{name}</span>
							<span className="guest-day__date">{day}</span>
						</ChoiceChip>
					);
				})}
			</div>
		</div>
	);
}

/** The free slots of the day, by part of the day, or why there are none. */
export function SlotList({
	availability,
	loading,
	error,
	onRetry,
	partyChosen,
	value,
	onChange,
}: {
	availability: AvailabilityView | undefined;
	loading: boolean;
	error: string | null;
	onRetry: () => void;
	partyChosen: boolean;
	value: string | null;
	onChange: (startsAt: string) => void;
}) {
	const { gt, duration } = useGuestText();
	if (!partyChosen) return <p className="guest-hint">{gt("book.partyFirst")}</p>;
	// A failed first load has no slots to show: the error and its retry, not an endless spinner.
	if (error) return <ErrorState compact message={error} onRetry={onRetry} />;
	if (loading || !availability) return <LoadingState compact label={gt("book.loadingSlots")} />;
	if (availability.slots.length === 0)
		return (
			<div
				className="guest-no-slots"
				role="status"
				data-testid="booking-no-slots"
				data-reason={availability.noSlotsReason}
			>
				<p>{gt(`noSlots.${availability.noSlotsReason ?? "fullyBooked"}`)}</p>
				{(availability.noSlotsReason === "notTaking" || availability.noSlotsReason === "partyTooLarge") &&
					availability.terms.shopPhone && (
						<a className="guest-call" href={`tel:${availability.terms.shopPhone.replace(/[^\d+]/g, "")}`}>
							<PhoneIcon />
							<span>{availability.terms.shopPhone}</span>
						</a>
					)}
			</div>
		);
	return (
		<>
			<p className="guest-hint">{gt("book.stay", { duration: duration(availability.stayMinutes) })}</p>
			<div className="guest-slot-groups" role="radiogroup" aria-label={gt("book.time")} data-testid="booking-slots">
				{groupSlots(availability.slots).map((group) => (
					<div key={`${group.period}-${group.slots[0]?.startsAt}`} className="guest-slot-group">
						<span className="guest-slot-group__name">{gt(`period.${group.period}`)}</span>
						<div className="guest-slots">
							{group.slots.map((slot) => {
								const selected = slot.startsAt === value;
								return (
									<ChoiceChip
										key={slot.startsAt}
										name="booking-slot"
										className="guest-chip guest-slot"
										selected={selected}
										onPick={() => onChange(slot.startsAt)}
										testId={`booking-slot-${slot.time}`}
									>
										{slot.time}
									</ChoiceChip>
								);
							})}
						</div>
					</div>
				))}
			</div>
		</>
	);
}

/**
 * One choice of a group drawn as a chip: a native radio (keyboard, screen readers) hidden
 * inside the label, as the menu's option chips are. A tap on the chosen chip reaches
 * `onPick` too (chips that can be cleared use it).
 */
export function ChoiceChip({
	name,
	className,
	selected,
	onPick,
	testId,
	chipRef,
	children,
}: {
	name: string;
	className: string;
	selected: boolean;
	onPick: () => void;
	testId: string;
	chipRef?: Ref<HTMLLabelElement>;
	children: ReactNode;
}) {
	return (
		<label className={`${className}${selected ? " is-selected" : ""}`} ref={chipRef} data-testid={testId}>
			<input
				type="radio"
				className="visually-hidden"
				name={name}
				checked={selected}
				onChange={() => undefined}
				onClick={onPick}
			/>
			{children}
		</label>
	);
}

/** Chips choosing one value or none (tap again to clear), e.g. the occasion. */
export function ChipGroup<T extends string>({
	label,
	options,
	value,
	onChange,
	testId,
	required = false,
}: {
	label: string;
	options: ReadonlyArray<{ value: T; label: string }>;
	value: T | null;
	onChange: (value: T | null) => void;
	testId: string;
	/** One must stay chosen: tapping the chosen chip keeps it. */
	required?: boolean;
}) {
	const titleId = useId();
	return (
		<div className="field">
			{label && (
				<span className="field__label" id={titleId}>
					{label}
				</span>
			)}
			<div className="guest-chips" role="radiogroup" aria-labelledby={label ? titleId : undefined} data-testid={testId}>
				{options.map((option) => {
					const selected = option.value === value;
					return (
						<ChoiceChip
							key={option.value}
							name={testId}
							className="guest-chip"
							selected={selected}
							onPick={() => onChange(selected && !required ? null : option.value)}
							testId={`${testId}-${option.value}`}
						>
							{option.label}
						</ChoiceChip>
					);
				})}
			</div>
		</div>
	);
}
