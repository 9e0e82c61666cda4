import {
	type PreorderPayMode,
	RESERVATION_NOTE_MAX_LENGTH,
	RESERVATION_OCCASIONS,
	type ReservationOccasion,
} from "@bayon/contract";
import { useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { keepTyped } from "../../../lib/controlled-input";
import "../../../ui/controls.css";
import { todayIn } from "../guest-booking";
import { useGuestText } from "../guest-strings";
import { ChipGroup, DayStrip, SlotList } from "./booking-choices";
import { FieldError, PartyField, ShopField, TextField } from "./booking-fields";
import { DepositTotal } from "./booking-terms";
import type { BookingForm } from "./use-booking-form";

type Props = { form: BookingForm };

/** Where, which day and how many: what the free slots are asked for. */
export function WhereWhenSection({ form, shopId }: Props & { shopId: number }) {
	const [, setParams] = useSearchParams();
	const { view, draft, errors, change } = form;
	return (
		<section className="card guest-card">
			<ShopField shopId={shopId} onChange={(id) => setParams({ shopId: String(id) }, { replace: true })} />
			{view ? (
				<DayStrip
					first={view.terms.firstDate}
					last={view.terms.lastDate}
					today={todayIn(view.shopTimeZone)}
					value={form.date}
					onChange={form.changeDate}
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
	);
}

/** The time: one of the free slots. */
export function TimeSection({ form }: Props) {
	const { gt } = useGuestText();
	const { availability, draft, errors, change } = form;
	return (
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
	);
}

/** Who is coming: name, phone, the occasion, the seating wish, a note. */
export function GuestSection({ form }: Props) {
	const { gt } = useGuestText();
	const { view, draft, errors, change } = form;
	return (
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
			{view && form.areaUnavailable && <AreaUnavailable form={form} />}
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
	);
}

/** The preferred area has no free table at the chosen time: said, with "another area is fine". */
function AreaUnavailable({ form }: Props) {
	const { gt } = useGuestText();
	const { view, draft, change } = form;
	return (
		<div className="guest-area-unavailable" role="alert" data-testid="booking-area-unavailable">
			<p>
				{gt("book.areaUnavailable", {
					area: view?.areas.find((area) => area.key === draft.areaPreference)?.name ?? "",
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
	);
}

/** The optional pre-order: open its sheet, and once it has lines, pay now or at the table. */
export function PreorderSection({ form }: Props) {
	const { gt, plural } = useGuestText();
	const { preorderLines, draft, errors, change } = form;
	return (
		<section className="card guest-card" id="field-preorder" aria-labelledby="guest-preorder-title">
			<h2 className="guest-card__title" id="guest-preorder-title">
				{gt("preorder.title")}
			</h2>
			<p className="guest-hint">{gt("preorder.hint")}</p>
			<button
				type="button"
				className="button button--ghost button--small"
				onClick={() => form.setPreorderOpen(true)}
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
	);
}

/** The terms ticked before booking. */
export function AgreeCard({ form }: Props) {
	const { gt } = useGuestText();
	const { draft, errors, change } = form;
	return (
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
	);
}

/** The deposit asked (once the party is known) and the book button. */
export function BookingFooter({ form }: Props) {
	const { gt } = useGuestText();
	const { view, draft } = form;
	return (
		<footer className="cart-footer guest-book__footer">
			{view && draft.party !== null && view.terms.deposit.amount > 0 && (
				<DepositTotal amount={view.terms.deposit.amount} />
			)}
			<button
				type="button"
				className="button button--primary cart-footer__button"
				onClick={() => form.submit()}
				disabled={form.submitting}
				data-testid="booking-submit"
			>
				{form.submitting ? gt("book.submitting") : gt("book.submit")}
			</button>
		</footer>
	);
}
