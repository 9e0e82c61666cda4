import type { ReservationTimelineEntry, ReservationView } from "@bayon/contract";
import type { ReactNode } from "react";
import { usePrice } from "../../../lib/app-config";
import { CalendarIcon, PhoneIcon, PinIcon } from "../../../ui/icons";
import { QrCode } from "../../../ui/qr-code";
import { PricedLines } from "../../ordering/cart/priced-lines";
import { downloadReservationIcs } from "../guest-api";
import { useReservationTime } from "../guest-format";
import { useGuestText } from "../guest-strings";
import { GuestStatus } from "./guest-status";
import type { ReservationDetailState } from "./use-reservation-detail";

type Props = { reservation: ReservationView };

/** Where the booking stands, when, the shop and party, and while the guest still comes the arrival code. */
export function DetailHead({ reservation, coming }: Props & { coming: boolean }) {
	const { gt, plural } = useGuestText();
	const { range, time } = useReservationTime();
	const tz = reservation.shopTimeZone;
	return (
		<section className="card guest-detail__head">
			<GuestStatus status={reservation.status} large testId="reservation-status" />
			<p className="guest-detail__when" data-testid="reservation-when">
				{range(reservation.startsAt, reservation.endsAt, tz)}
			</p>
			<p className="guest-hint">
				{reservation.shopName} · {plural("party.count", reservation.party)}
			</p>
			{reservation.status === "awaiting_payment" && reservation.payDeadline && (
				<p className="guest-pay__short" data-testid="reservation-pay-deadline">
					{gt("detail.payDeadline", { time: time(reservation.payDeadline, tz) })}
				</p>
			)}
			{reservation.rejectReason && (
				<p className="guest-hint" data-testid="reservation-reject-reason">
					{gt("detail.rejectReason", { reason: reservation.rejectReason })}
				</p>
			)}
			{coming && (
				<>
					<QrCode
						text={reservation.code}
						label={`${gt("detail.code")} ${reservation.code}`}
						className="guest-qr"
						testId="reservation-qr"
					/>
					<p className="guest-code" data-testid="reservation-code">
						{reservation.code}
					</p>
					<p className="guest-hint">{gt("detail.codeHint")}</p>
				</>
			)}
		</section>
	);
}

/** Pay, add to the calendar, change the pre-order, cancel (or why not and whom to call). */
export function DetailActions({ reservation, detail }: Props & { detail: ReservationDetailState }) {
	const { gt } = useGuestText();
	const price = usePrice();
	const { can, coming } = detail;
	return (
		<section className="card guest-card guest-actions" data-testid="reservation-actions">
			{can.pay && (
				<button
					type="button"
					className="button button--primary button--block"
					onClick={() => detail.setPaying(true)}
					data-testid="reservation-pay"
				>
					{gt("detail.pay", { amount: price(reservation.amountDue) })}
				</button>
			)}
			{coming && (
				<button
					type="button"
					className="button button--ghost button--block"
					onClick={() => void downloadReservationIcs(reservation.id).catch(() => undefined)}
					data-testid="reservation-calendar"
				>
					<CalendarIcon aria-hidden="true" /> {gt("detail.addToCalendar")}
				</button>
			)}
			{can.changePreorder && (
				<button
					type="button"
					className="button button--ghost button--block"
					onClick={detail.openPreorder}
					data-testid="reservation-change-preorder"
				>
					{reservation.preorder ? gt("detail.changePreorder") : gt("preorder.add")}
				</button>
			)}
			{can.cancel ? (
				<CancelAction reservation={reservation} detail={detail} />
			) : (
				detail.holding && <CancelClosed reservation={reservation} detail={detail} />
			)}
		</section>
	);
}

/** Until when a cancel is free, or what a late one keeps, and the cancel button. */
function CancelAction({ reservation, detail }: Props & { detail: ReservationDetailState }) {
	const { gt, duration } = useGuestText();
	const { at } = useReservationTime();
	const { late } = detail;
	return (
		<>
			{reservation.cancelUntil && !late && (
				<p className="guest-hint" data-testid="reservation-cancel-until">
					{gt("detail.cancelUntil", { time: at(reservation.cancelUntil, reservation.shopTimeZone) })}
				</p>
			)}
			{/* Late costs something only when a deposit would be kept; otherwise it is a plain cancel. */}
			{late && reservation.cancelUntil && detail.deposit && (
				<p className="guest-hint" data-testid="reservation-cancel-late">
					{gt("detail.lateCancel", { duration: duration(detail.cancelWindowMinutes) })}
				</p>
			)}
			<button
				type="button"
				className="button button--ghost button--block"
				onClick={() => detail.setConfirmingCancel(true)}
				disabled={detail.cancelling}
				data-testid="reservation-cancel"
			>
				{gt("detail.cancel")}
			</button>
		</>
	);
}

/** The booking holds but can no longer be cancelled here: why, and the shop's phone. */
function CancelClosed({ reservation, detail }: Props & { detail: ReservationDetailState }) {
	const { gt, duration } = useGuestText();
	return (
		<p className="guest-notice" role="note" data-testid="reservation-cancel-closed">
			<span>
				{reservation.cancelUntil
					? gt("detail.cancelClosed", { duration: duration(detail.cancelWindowMinutes) })
					: gt("detail.cancelPhoneOnly")}
			</span>
			<a href={detail.phoneHref} className="guest-call" data-testid="reservation-cancel-call">
				<PhoneIcon />
				<span>{reservation.shopPhone}</span>
			</a>
		</p>
	);
}

/** When, how many, the tables, who, the occasion, the area asked for, the note. */
export function DetailInfo({ reservation }: Props) {
	const { gt, plural } = useGuestText();
	const { range } = useReservationTime();
	return (
		<section className="card guest-card">
			<dl className="guest-info">
				<Info
					label={gt("detail.when")}
					value={range(reservation.startsAt, reservation.endsAt, reservation.shopTimeZone)}
				/>
				<Info label={gt("detail.party")} value={plural("party.count", reservation.party)} />
				<Info
					label={gt("detail.tables")}
					testId="reservation-tables"
					value={
						reservation.tables.length > 0
							? reservation.tables.map((table) => table.number).join(", ")
							: gt("detail.tablesPending")
					}
				/>
				<Info label={gt("detail.name")} value={`${reservation.name} ${reservation.phone}`} />
				{reservation.occasion && <Info label={gt("detail.occasion")} value={gt(`occasion.${reservation.occasion}`)} />}
				{reservation.areaPreference && (
					<Info
						label={gt("detail.area")}
						value={
							reservation.areaPreferenceMet === false
								? gt("detail.areaNotMet", { area: reservation.areaPreferenceName ?? reservation.areaPreference })
								: (reservation.areaPreferenceName ?? reservation.areaPreference)
						}
					/>
				)}
				{reservation.note && <Info label={gt("detail.note")} value={reservation.note} />}
			</dl>
		</section>
	);
}

/** The shop: its name, address and phone. */
export function DetailShop({ reservation, phoneHref }: Props & { phoneHref: string }) {
	const { gt } = useGuestText();
	return (
		<section className="card guest-card" aria-label={gt("detail.shop")}>
			<h2 className="guest-card__title">{reservation.shopName}</h2>
			{reservation.shopAddress && (
				<p className="guest-call">
					<PinIcon />
					{reservation.shopAddress}
				</p>
			)}
			{reservation.shopPhone && (
				<a href={phoneHref} className="guest-call" data-testid="reservation-shop-phone">
					<PhoneIcon />
					<span>{reservation.shopPhone}</span>
				</a>
			)}
		</section>
	);
}

/** The pre-order's lines, its total and when it is paid. */
export function DetailPreorder({ preorder }: { preorder: NonNullable<ReservationView["preorder"]> }) {
	const { gt } = useGuestText();
	const price = usePrice();
	return (
		<section className="card guest-card" data-testid="reservation-preorder">
			<h2 className="guest-card__title">{gt("pay.preorder")}</h2>
			<PricedLines lines={preorder.lines.map((line, index) => ({ ...line, key: `${line.itemId}:${index}` }))} />
			<p className="guest-hint">
				{gt("detail.preorderTotal", { amount: price(preorder.total) })} ·{" "}
				{gt(preorder.pay === "now" ? "preorder.payNow" : "preorder.atTable")}
			</p>
		</section>
	);
}

/** Each payment of the booking (deposit, pre-order) with its state. */
export function DetailPayments({ payments }: { payments: ReservationView["payments"] }) {
	const { gt } = useGuestText();
	const price = usePrice();
	return (
		<section className="card guest-card" data-testid="reservation-payments">
			<h2 className="guest-card__title">{gt("detail.payments")}</h2>
			<dl className="guest-info">
				{payments.map((payment) => (
					<Info
						key={payment.kind}
						label={gt(`payment.${payment.kind}`)}
						value={`${price(payment.amount)} · ${gt(`payment.${payment.status}`)}`}
						testId={`reservation-payment-${payment.kind}`}
					/>
				))}
			</dl>
		</section>
	);
}

/** The booking's history, the latest entry marked current. */
export function DetailTimeline({ reservation }: Props) {
	const { gt } = useGuestText();
	const { at } = useReservationTime();
	/**
	 * A history entry's note: the server's own codes ("paid") in the reader's language; people's
	 * reasons as written; other notes of the system (codes) are not for guests.
	 */
	const timelineNote = (entry: ReservationTimelineEntry): string | null => {
		if (!entry.note) return null;
		if (entry.note === "paid" || entry.note === "payment_timeout") return gt(`note.${entry.note}`);
		return entry.by === "system" ? null : entry.note;
	};
	return (
		<section className="card guest-card" aria-labelledby="guest-timeline-title">
			<h2 className="guest-card__title" id="guest-timeline-title">
				{gt("detail.timeline")}
			</h2>
			<ol className="guest-timeline" data-testid="reservation-timeline">
				{reservation.timeline.map((entry, index) => (
					<li
						// biome-ignore lint/suspicious/noArrayIndexKey: history entries in order, never reordered
						key={index}
						className={`guest-timeline__entry${index === reservation.timeline.length - 1 ? " is-current" : ""}`}
					>
						<span className="guest-timeline__status">{gt(`status.${entry.status}`)}</span>
						<span className="guest-timeline__meta">
							{at(entry.at, reservation.shopTimeZone)} · {gt(`detail.by.${entry.by}`)}
						</span>
						{timelineNote(entry) && <span className="guest-timeline__meta">{timelineNote(entry)}</span>}
					</li>
				))}
			</ol>
		</section>
	);
}

function Info({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
	return (
		<div className="guest-info__row" data-testid={testId}>
			<dt>{label}</dt>
			<dd>{value}</dd>
		</div>
	);
}
