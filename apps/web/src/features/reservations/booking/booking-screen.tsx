import {
	type AvailabilityView,
	ErrorCode,
	type PreorderPayMode,
	RESERVATION_NOTE_MAX_LENGTH,
	RESERVATION_OCCASIONS,
	RESERVATION_PAY_MINUTES,
	type ReservationOccasion,
	type ReservationView,
	type ValidationIssue,
} from "@bayon/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type ReactNode, type Ref, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError, errorText } from "../../../lib/api-client";
import { usePrice } from "../../../lib/app-config";
import { useCalendarDay } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import type { CartLine } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { PhoneIcon } from "../../../ui/icons";
import { Picker } from "../../../ui/picker";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { Stepper } from "../../../ui/stepper";
import { useRequireMember } from "../../identity/require-member";
import { shopListQuery, timezoneOf } from "../../venues/api";
import { useCurrentShop } from "../../venues/current-shop";
import { availabilityQuery, createReservation, invalidateReservations, newAttemptKey } from "../guest-api";
import {
	type BookingDraft,
	type BookingField,
	bookingDays,
	FIELD_ORDER,
	groupSlots,
	todayIn,
	validateBooking,
} from "../guest-booking";
import { useGuestText } from "../guest-strings";
import { GuestPaySheet } from "./guest-pay-sheet";
import { GuestPreorderSheet } from "./guest-preorder-sheet";
import "../../../ui/footer-bar.css";
import "../guest-reservations.css";
import { keepTyped } from "../../../lib/controlled-input";
import "../../../ui/controls.css";

/** Party size asked for the day's terms before the guest has said how many they are. */
const TERMS_PARTY = 2;
/** Booking errors after which the free slots are fetched again (the slot list was out of date). */
const SLOT_ERRORS: ReadonlySet<number> = new Set([
	ErrorCode.ReservationSlotTaken,
	ErrorCode.ReservationOutsideHours,
	ErrorCode.ReservationTooSoon,
	ErrorCode.ReservationTooFar,
	ErrorCode.PartyTooLarge,
]);

type FieldErrors = Partial<Record<BookingField, string>>;

/**
 * due/index: book a table. The shop, a day of its booking window and the party give the free
 * slots the server answers (the client never decides); then who is coming, the occasion and
 * seating wish, a note, an optional pre-order, and the terms (cancel window, grace, deposit)
 * ticked before booking. A deposit or pre-order paid now opens the pay sheet; then the
 * booking's page.
 */
export default function BookingScreen() {
	const member = useRequireMember();
	const current = useCurrentShop();
	const [params] = useSearchParams();
	const requested = Number(params.get("shopId"));
	const shopId = Number.isSafeInteger(requested) && requested > 0 ? requested : (current.data?.id ?? null);
	const { gt } = useGuestText();
	if (!member) return <LoadingState />;
	if (shopId === null) {
		if (current.isPending) return <LoadingState />;
		if (current.isError)
			return <ErrorState message={errorText(current.error)} onRetry={() => void current.refetch()} />;
		return (
			<EmptyState title={gt("book.noShop")}>
				<Link to={Paths.shop} className="button button--primary">
					{gt("book.shop")}
				</Link>
			</EmptyState>
		);
	}
	const timeZone = current.data && current.data.id === shopId ? timezoneOf(current.data) : null;
	return (
		<BookingForm
			key={shopId}
			shopId={shopId}
			initialTimeZone={timeZone}
			name={member.nickname}
			phone={member.mobile ?? ""}
		/>
	);
}

function BookingForm({
	shopId,
	initialTimeZone,
	name,
	phone,
}: {
	shopId: number;
	initialTimeZone: string | null;
	name: string;
	phone: string;
}) {
	const { gt, m, lang, plural } = useGuestText();
	const navigate = useNavigate();
	const [, setParams] = useSearchParams();
	const [date, setDate] = useState(() => todayIn(initialTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone));
	const [draft, setDraft] = useState<BookingDraft>({
		shopId,
		startsAt: null,
		party: null,
		name: name.slice(0, 30),
		phone,
		occasion: null,
		areaPreference: null,
		otherAreaAccepted: false,
		note: "",
		preorder: [],
		preorderPay: "atTable",
		agreed: false,
	});
	const [preorderLines, setPreorderLines] = useState<CartLine[]>([]);
	const [errors, setErrors] = useState<FieldErrors>({});
	const [preorderOpen, setPreorderOpen] = useState(false);
	const [booked, setBooked] = useState<ReservationView | null>(null);
	// One key per attempt: a double tap or a retry of the same form answers the same booking;
	// any change to the form is a new attempt.
	const attemptKey = useRef(newAttemptKey());
	const availability = useQuery({
		...availabilityQuery(shopId, date, draft.party ?? TERMS_PARTY, lang),
		placeholderData: keepPreviousData,
	});
	const view = availability.data;

	// The day must lie in the booking window the server states: snap to its first day otherwise.
	useEffect(() => {
		if (!view || availability.isPlaceholderData) return;
		if (date < view.terms.firstDate || date > view.terms.lastDate) setDate(view.terms.firstDate);
	}, [view, date, availability.isPlaceholderData]);

	// A chosen slot that is no longer free (taken meanwhile, or another day or party) is unchosen.
	const slotStillFree =
		draft.startsAt === null ||
		availability.isPlaceholderData ||
		!view ||
		view.slots.some((slot) => slot.startsAt === draft.startsAt);
	useEffect(() => {
		if (!slotStillFree) setDraft((current) => ({ ...current, startsAt: null }));
	}, [slotStillFree]);

	// The preferred area has no free table at the chosen time: the guest is told before booking.
	const chosenSlot = view?.slots.find((slot) => slot.startsAt === draft.startsAt);
	const areaUnavailable =
		draft.areaPreference !== null && chosenSlot !== undefined && !chosenSlot.freeAreas.includes(draft.areaPreference);

	const change = (patch: Partial<BookingDraft>, field?: BookingField) => {
		attemptKey.current = newAttemptKey();
		setDraft((current) => ({ ...current, ...patch }));
		if (field) setErrors((current) => ({ ...current, [field]: undefined }));
	};
	const changeDate = (next: string) => {
		setDate(next);
		change({ startsAt: null });
	};
	const changePreorder = (lines: CartLine[]) => {
		setPreorderLines(lines);
		change({ preorder: lines }, "preorder");
	};

	const [submit, submitting] = useDebouncedSubmit(async () => {
		const checked = validateBooking(draft);
		if (!checked.ok) {
			const shown: FieldErrors = {};
			for (const [field, key] of Object.entries(checked.problems)) shown[field as BookingField] = m(key);
			setErrors(shown);
			scrollToFirst(shown);
			return;
		}
		let reservation: ReservationView;
		try {
			reservation = await createReservation(checked.input, attemptKey.current);
		} catch (error) {
			if (error instanceof ApiError) {
				// Refused: nothing was booked, so the next try is a new attempt.
				attemptKey.current = newAttemptKey();
				const fromServer = serverFieldErrors(error.data);
				// The preferred area filled meanwhile: the slot list, fetched again, shows the notice.
				if (error.code === ErrorCode.ReservationAreaTaken) void availability.refetch();
				if (SLOT_ERRORS.has(error.code)) {
					void availability.refetch();
					const message = error.code === ErrorCode.ReservationSlotTaken ? gt("book.slotTaken") : error.msg;
					setDraft((current) => ({ ...current, startsAt: null }));
					fromServer.startsAt = message;
				}
				if (Object.keys(fromServer).length > 0) {
					setErrors(fromServer);
					scrollToFirst(fromServer);
				}
			}
			showToast(errorText(error));
			return;
		}
		void invalidateReservations();
		if (reservation.amountDue > 0) setBooked(reservation);
		else navigate(withQuery(Paths.dueDetail, { id: reservation.id }), { replace: true });
	});

	const toDetail = (reservation: ReservationView) =>
		navigate(withQuery(Paths.dueDetail, { id: reservation.id }), { replace: true });

	return (
		<div className="guest-book has-footer" data-testid="booking-page">
			<section className="card guest-card">
				<ShopField shopId={shopId} onChange={(id) => setParams({ shopId: String(id) }, { replace: true })} />
				{view ? (
					<DayStrip
						first={view.terms.firstDate}
						last={view.terms.lastDate}
						today={todayIn(view.shopTimeZone)}
						value={date}
						onChange={changeDate}
					/>
				) : null}
				<PartyField
					party={draft.party}
					max={view?.terms.onlinePartyMax ?? null}
					phone={view?.terms.shopPhone ?? ""}
					error={errors.party}
					onChange={(party) => change({ party, startsAt: null }, "party")}
				/>
			</section>

			<section className="card guest-card" id="field-startsAt" aria-labelledby="guest-time-title">
				<h2 className="guest-card__title" id="guest-time-title">
					{gt("book.time")}
				</h2>
				<SlotList
					availability={availability.data}
					loading={availability.isPending || (availability.isFetching && availability.isPlaceholderData)}
					error={availability.isError ? errorText(availability.error) : null}
					onRetry={() => void availability.refetch()}
					partyChosen={draft.party !== null}
					value={draft.startsAt}
					onChange={(startsAt) => change({ startsAt, otherAreaAccepted: false }, "startsAt")}
				/>
				<FieldError field="startsAt" errors={errors} />
			</section>

			<section className="card guest-card" aria-labelledby="guest-details-title">
				<h2 className="guest-card__title" id="guest-details-title">
					{gt("book.guest")}
				</h2>
				<TextField
					field="name"
					label={gt("book.name")}
					value={draft.name}
					errors={errors}
					maxLength={30}
					onChange={(value) => change({ name: value }, "name")}
				/>
				<TextField
					field="phone"
					label={gt("book.phone")}
					value={draft.phone}
					errors={errors}
					inputMode="numeric"
					type="tel"
					maxLength={11}
					onChange={(value, field) => change({ phone: keepTyped(field, value.replace(/\D/g, "")) }, "phone")}
				/>
				<ChipGroup
					label={gt("book.occasion")}
					testId="booking-occasion"
					options={RESERVATION_OCCASIONS.map((occasion) => ({
						value: occasion,
						label: gt(`occasion.${occasion}`),
					}))}
					value={draft.occasion}
					onChange={(occasion) => change({ occasion: occasion as ReservationOccasion | null })}
				/>
				{view && view.areas.length > 0 && (
					<ChipGroup
						label={gt("book.area")}
						testId="booking-area"
						options={view.areas.map((area) => ({ value: area.key, label: area.name }))}
						value={draft.areaPreference}
						onChange={(areaPreference) => change({ areaPreference, otherAreaAccepted: false })}
					/>
				)}
				{view && areaUnavailable && (
					<div className="guest-area-unavailable" role="alert" data-testid="booking-area-unavailable">
						<p>
							{gt("book.areaUnavailable", {
								area: view.areas.find((area) => area.key === draft.areaPreference)?.name ?? "",
							})}
						</p>
						<label className="guest-agree__row">
							<input
								type="checkbox"
								className="check"
								checked={draft.otherAreaAccepted}
								onChange={(event) => change({ otherAreaAccepted: event.target.checked })}
								data-testid="booking-accept-other-area"
							/>
							<span>{gt("book.acceptOtherArea")}</span>
						</label>
					</div>
				)}
				<label className="field" id="field-note">
					<span className="field__label">{gt("book.note")}</span>
					<textarea
						className="field__input guest-note"
						rows={2}
						maxLength={RESERVATION_NOTE_MAX_LENGTH}
						placeholder={gt("book.notePlaceholder")}
						value={draft.note}
						aria-invalid={errors.note ? true : undefined}
						onChange={(event) => change({ note: event.target.value }, "note")}
						data-testid="booking-note"
					/>
					<FieldError field="note" errors={errors} />
				</label>
			</section>

			<section className="card guest-card" id="field-preorder" aria-labelledby="guest-preorder-title">
				<h2 className="guest-card__title" id="guest-preorder-title">
					{gt("preorder.title")}
				</h2>
				<p className="guest-hint">{gt("preorder.hint")}</p>
				<button
					type="button"
					className="button button--ghost button--small"
					onClick={() => setPreorderOpen(true)}
					data-testid="booking-preorder"
				>
					{preorderLines.length > 0
						? `${plural(
								"preorder.items",
								preorderLines.reduce((sum, line) => sum + line.quantity, 0),
							)} · ${gt("preorder.edit")}`
						: gt("preorder.add")}
				</button>
				{preorderLines.length > 0 && (
					<ChipGroup
						label=""
						testId="booking-preorder-pay"
						required
						options={(["now", "atTable"] as const).map((mode) => ({
							value: mode,
							label: gt(mode === "now" ? "preorder.payNow" : "preorder.atTable"),
						}))}
						value={draft.preorderPay}
						onChange={(mode) => change({ preorderPay: (mode ?? "atTable") as PreorderPayMode })}
					/>
				)}
				<FieldError field="preorder" errors={errors} />
			</section>

			{view && <Policy view={view} partyChosen={draft.party !== null} />}

			<div className="card guest-card guest-agree" id="field-agreed">
				<label className="guest-agree__row">
					<input
						type="checkbox"
						className="check"
						checked={draft.agreed}
						aria-invalid={errors.agreed ? true : undefined}
						onChange={(event) => change({ agreed: event.target.checked }, "agreed")}
						data-testid="booking-agree"
					/>
					<span>{gt("policy.agree")}</span>
				</label>
				<FieldError field="agreed" errors={errors} />
			</div>

			<footer className="cart-footer guest-book__footer">
				{view && draft.party !== null && view.terms.deposit.amount > 0 && (
					<DepositTotal amount={view.terms.deposit.amount} />
				)}
				<button
					type="button"
					className="button button--primary cart-footer__button"
					onClick={() => submit()}
					disabled={submitting}
					data-testid="booking-submit"
				>
					{submitting ? gt("book.submitting") : gt("book.submit")}
				</button>
			</footer>

			<GuestPreorderSheet
				open={preorderOpen}
				shopId={shopId}
				lines={preorderLines}
				onChange={changePreorder}
				onClose={() => setPreorderOpen(false)}
			/>
			{booked && (
				<GuestPaySheet open reservation={booked} onClose={() => toDetail(booked)} onPaid={(paid) => toDetail(paid)} />
			)}
		</div>
	);
}

/** The server's per-field answers (a 400 whose data carries the contract's issues), at the form's fields. */
export function serverFieldErrors(data: unknown): FieldErrors {
	const errors: FieldErrors = {};
	const issues = (data as { issues?: unknown } | null)?.issues;
	if (!Array.isArray(issues)) return errors;
	for (const issue of issues as Partial<ValidationIssue>[]) {
		const name = String(issue?.field ?? "").split(".")[0] ?? "";
		const field = (FIELD_ORDER as readonly string[]).includes(name) ? (name as BookingField) : null;
		if (field && !errors[field] && typeof issue.message === "string") errors[field] = issue.message;
	}
	return errors;
}

function scrollToFirst(errors: FieldErrors) {
	const first = FIELD_ORDER.find((field) => errors[field]);
	if (first) document.getElementById(`field-${first}`)?.scrollIntoView?.({ block: "center", behavior: "smooth" });
}

function FieldError({ field, errors }: { field: BookingField; errors: FieldErrors }) {
	const text = errors[field];
	if (!text) return null;
	return (
		<span className="field__error" role="alert" data-testid={`booking-error-${field}`}>
			{text}
		</span>
	);
}

function TextField({
	field,
	label,
	value,
	errors,
	onChange,
	...input
}: {
	field: "name" | "phone";
	label: string;
	value: string;
	errors: FieldErrors;
	onChange: (value: string, field: HTMLInputElement) => void;
	maxLength?: number;
	type?: string;
	inputMode?: "numeric";
}) {
	return (
		<label className="field" id={`field-${field}`}>
			<span className="field__label">{label}</span>
			<input
				className="field__input"
				value={value}
				aria-invalid={errors[field] ? true : undefined}
				onChange={(event) => onChange(event.target.value, event.target)}
				data-testid={`booking-${field}`}
				{...input}
			/>
			<FieldError field={field} errors={errors} />
		</label>
	);
}

/** The shop: a picker of the business's branches (the app's current one first chosen). */
function ShopField({ shopId, onChange }: { shopId: number; onChange: (shopId: number) => void }) {
	const { gt, lang } = useGuestText();
	const shops = useQuery(shopListQuery(lang, null, ""));
	const options = (shops.data ?? []).map((shop) => ({ value: shop.id, label: shop.name }));
	return (
		<div className="field">
			<span className="field__label">{gt("book.shop")}</span>
			<Picker
				label={gt("book.shop")}
				value={shopId}
				options={options.length > 0 ? options : [{ value: shopId, label: "…" }]}
				onChange={onChange}
				testId="booking-shop"
			/>
		</div>
	);
}

/** A horizontal strip of the local days that can be booked, today first. */
function DayStrip({
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

function PartyField({
	party,
	max,
	phone,
	error,
	onChange,
}: {
	party: number | null;
	max: number | null;
	phone: string;
	error?: string;
	onChange: (party: number) => void;
}) {
	const { gt, m } = useGuestText();
	const limit = max ?? 12;
	return (
		<div className="field" id="field-party">
			<div className="guest-party">
				<span className="field__label">{gt("book.party")}</span>
				{party === null ? (
					<button
						type="button"
						className="button button--ghost button--small"
						onClick={() => onChange(Math.min(2, limit))}
						data-testid="booking-party-choose"
					>
						{m("selectDiners")}
					</button>
				) : (
					<Stepper
						compact
						min={1}
						max={limit}
						value={party}
						onChange={onChange}
						onLimit={() => showToast(m("partyTooLarge", { max: limit, phone }))}
						label={gt("book.party")}
						testId="booking-party"
					/>
				)}
			</div>
			{error && (
				<span className="field__error" role="alert" data-testid="booking-error-party">
					{error}
				</span>
			)}
			{max !== null && phone && (
				<a className="guest-call" href={`tel:${phone.replace(/[^\d+]/g, "")}`} data-testid="booking-larger-party">
					<PhoneIcon />
					<span>
						{gt("book.largerParty", { max })} {phone}
					</span>
				</a>
			)}
		</div>
	);
}

function SlotList({
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
function ChoiceChip({
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
function ChipGroup<T extends string>({
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

/** The terms the booking is made under, shown before it is made. */
function Policy({ view, partyChosen }: { view: AvailabilityView; partyChosen: boolean }) {
	const { gt, duration } = useGuestText();
	const price = usePrice();
	const { terms } = view;
	const items: ReactNode[] = [
		terms.cancelWindowMinutes > 0
			? gt("policy.cancelWindow", { duration: duration(terms.cancelWindowMinutes) })
			: gt("policy.cancelByPhone"),
		gt("policy.grace", { duration: duration(terms.graceMinutes) }),
		!partyChosen
			? null
			: terms.deposit.amount > 0
				? gt(terms.deposit.reason === "strikes" ? "policy.depositStrikes" : "policy.deposit", {
						amount: price(terms.deposit.amount),
						perPerson: price(terms.deposit.perPerson),
					})
				: gt("policy.noDeposit"),
	];
	if (partyChosen && terms.deposit.amount > 0)
		items.push(gt("policy.payWithin", { duration: duration(RESERVATION_PAY_MINUTES) }));
	return (
		<section className="card guest-card" aria-labelledby="guest-policy-title" data-testid="booking-policy">
			<h2 className="guest-card__title" id="guest-policy-title">
				{gt("policy.title")}
			</h2>
			<ul className="guest-policy">
				{items.filter(Boolean).map((item, index) => (
					// biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of sentences
					<li key={index}>{item}</li>
				))}
			</ul>
		</section>
	);
}

function DepositTotal({ amount }: { amount: number }) {
	const { gt } = useGuestText();
	const price = usePrice();
	return (
		<span className="cart-footer__total">
			<span className="cart-footer__label">{gt("pay.deposit")}</span>
			<span className="price guest-book__deposit" data-testid="booking-deposit">
				{price(amount)}
			</span>
		</span>
	);
}
