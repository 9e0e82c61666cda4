import {
	HOLDING_RESERVATION_STATUSES,
	type ReservationStatus,
	type ReservationTimelineEntry,
	type ReservationView,
} from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { usePrice } from "../../../lib/app-config";
import { Paths } from "../../../lib/paths";
import type { CartLine } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { CalendarIcon, PhoneIcon, PinIcon } from "../../../ui/icons";
import { QrCode } from "../../../ui/qr-code";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { useRequireMember } from "../../identity/require-member";
import { lineKey } from "../../ordering/cart";
import { PricedLines } from "../../ordering/components/priced-lines";
import { GuestPaySheet } from "../booking/guest-pay-sheet";
import { GuestPreorderSheet } from "../booking/guest-preorder-sheet";
import {
	cancelReservation,
	changePreorder,
	downloadReservationIcs,
	invalidateReservations,
	reservationDetailQuery,
	useLiveReservations,
} from "../guest-api";
import { preorderRequestLines } from "../guest-booking";
import { useReservationTime } from "../guest-format";
import { useGuestText } from "../guest-strings";
import { GuestStatus } from "./guest-status";
import "../../ordering/ordering.css";
import "../../ordering/orders/orders.css";
import "../guest-reservations.css";

/** Statuses in which the guest still comes: the arrival code is shown, the calendar offered. */
const COMING: ReadonlySet<ReservationStatus> = new Set(["pending", "confirmed"]);
const HOLDING: ReadonlySet<ReservationStatus> = new Set(HOLDING_RESERVATION_STATUSES);

/**
 * due/detail?id=: where the booking stands (status and its timeline), when, how many, the
 * shop, the tables once assigned, the arrival QR code and short code, payments, and what the
 * server's `actions` allow: pay, cancel (outside the window the page says why and whom to
 * call), change the pre-order; "add to calendar". Live on `reservation.changed`.
 */
export default function ReservationDetailScreen() {
	const member = useRequireMember();
	const { gt, lang } = useGuestText();
	const [params] = useSearchParams();
	const id = Number(params.get("id"));
	const valid = Number.isSafeInteger(id) && id > 0;
	const query = useQuery({ ...reservationDetailQuery(id, lang), enabled: valid && member !== null });
	useLiveReservations();

	if (!valid) return <EmptyState title={gt("detail.notFound")} />;
	if (!member || query.isPending) return <LoadingState />;
	if (query.isError) return <ErrorState message={errorText(query.error)} onRetry={() => void query.refetch()} />;
	return <ReservationDetail reservation={query.data} />;
}

function ReservationDetail({ reservation }: { reservation: ReservationView }) {
	const { gt, plural, duration } = useGuestText();
	const price = usePrice();
	const { range, time, at } = useReservationTime();
	const tz = reservation.shopTimeZone;
	const [paying, setPaying] = useState(false);
	const [confirmingCancel, setConfirmingCancel] = useState(false);
	const [editingPreorder, setEditingPreorder] = useState(false);
	const [preorderLines, setPreorderLines] = useState<CartLine[]>([]);
	const can = {
		pay: reservation.actions.includes("pay") && reservation.amountDue > 0,
		cancel: reservation.actions.includes("cancel"),
		changePreorder: reservation.actions.includes("changePreorder"),
	};
	const coming = COMING.has(reservation.status);
	const holding = HOLDING.has(reservation.status) && reservation.status !== "seated";
	const deposit = reservation.payments.find((payment) => payment.kind === "deposit" && payment.status === "paid");
	const phoneHref = `tel:${reservation.shopPhone.replace(/[^\d+]/g, "")}`;

	const [cancel, cancelling] = useDebouncedSubmit(async () => {
		setConfirmingCancel(false);
		try {
			// What the dialog told the guest the cancel keeps: a server that finds it late although
			// this screen's clock did not refuses rather than keep a deposit unannounced.
			await cancelReservation({
				reservationId: reservation.id,
				depositKeptAtMost: late && deposit ? deposit.amount : 0,
			});
			showToast(gt("detail.cancelled"));
		} catch (error) {
			showToast(errorText(error));
		}
		await invalidateReservations();
	});
	const [savePreorder, savingPreorder] = useDebouncedSubmit(async () => {
		const lines = preorderRequestLines(preorderLines);
		try {
			await changePreorder({
				reservationId: reservation.id,
				preorder: lines.length > 0 ? { lines, pay: reservation.preorder?.pay ?? "atTable" } : null,
			});
			setEditingPreorder(false);
			showToast(gt("preorder.saved"));
		} catch (error) {
			showToast(errorText(error));
		}
		await invalidateReservations();
	});
	const openPreorder = () => {
		setPreorderLines(
			(reservation.preorder?.lines ?? []).map((line) => {
				const optionIds = line.options.map((option) => option.id);
				return {
					key: lineKey(line.itemId, optionIds),
					shopId: reservation.shopId,
					itemId: line.itemId,
					name: line.name,
					image: null,
					optionIds,
					optionNames: line.options.map((option) => option.name),
					unitPrice: line.unitPrice,
					quantity: line.quantity,
				};
			}),
		);
		setEditingPreorder(true);
	};

	// Past the free window the server may still take a cancel (a late one: the deposit is kept).
	const late = reservation.cancelUntil === null || Date.now() > Date.parse(reservation.cancelUntil);
	/**
	 * A history entry's note: the server's own codes ("paid") in the reader's language; people's
	 * reasons as written; other notes of the system (codes) are not for guests.
	 */
	const timelineNote = (entry: ReservationTimelineEntry): string | null => {
		if (!entry.note) return null;
		if (entry.note === "paid" || entry.note === "payment_timeout") return gt(`note.${entry.note}`);
		return entry.by === "system" ? null : entry.note;
	};
	const cancelWindowMinutes = reservation.cancelUntil
		? Math.round((Date.parse(reservation.startsAt) - Date.parse(reservation.cancelUntil)) / 60_000)
		: 0;

	return (
		<div className="guest-detail" data-testid="reservation-detail" data-reservation-id={reservation.id}>
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

			{(can.pay || can.cancel || can.changePreorder || holding) && (
				<section className="card guest-card guest-actions" data-testid="reservation-actions">
					{can.pay && (
						<button
							type="button"
							className="button button--primary button--block"
							onClick={() => setPaying(true)}
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
							onClick={openPreorder}
							data-testid="reservation-change-preorder"
						>
							{reservation.preorder ? gt("detail.changePreorder") : gt("preorder.add")}
						</button>
					)}
					{can.cancel ? (
						<>
							{reservation.cancelUntil && !late && (
								<p className="guest-hint" data-testid="reservation-cancel-until">
									{gt("detail.cancelUntil", { time: at(reservation.cancelUntil, tz) })}
								</p>
							)}
							{/* Late costs something only when a deposit would be kept; otherwise it is a plain cancel. */}
							{late && reservation.cancelUntil && deposit && (
								<p className="guest-hint" data-testid="reservation-cancel-late">
									{gt("detail.lateCancel", { duration: duration(cancelWindowMinutes) })}
								</p>
							)}
							<button
								type="button"
								className="button button--ghost button--block"
								onClick={() => setConfirmingCancel(true)}
								disabled={cancelling}
								data-testid="reservation-cancel"
							>
								{gt("detail.cancel")}
							</button>
						</>
					) : (
						holding && (
							<p className="guest-notice" role="note" data-testid="reservation-cancel-closed">
								<span>
									{reservation.cancelUntil
										? gt("detail.cancelClosed", { duration: duration(cancelWindowMinutes) })
										: gt("detail.cancelPhoneOnly")}
								</span>
								<a href={phoneHref} className="guest-call" data-testid="reservation-cancel-call">
									<PhoneIcon />
									<span>{reservation.shopPhone}</span>
								</a>
							</p>
						)
					)}
				</section>
			)}

			<section className="card guest-card">
				<dl className="guest-info">
					<Info label={gt("detail.when")} value={range(reservation.startsAt, reservation.endsAt, tz)} />
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
					{reservation.occasion && (
						<Info label={gt("detail.occasion")} value={gt(`occasion.${reservation.occasion}`)} />
					)}
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

			{reservation.preorder && (
				<section className="card guest-card" data-testid="reservation-preorder">
					<h2 className="guest-card__title">{gt("pay.preorder")}</h2>
					<PricedLines
						lines={reservation.preorder.lines.map((line, index) => ({ ...line, key: `${line.itemId}:${index}` }))}
					/>
					<p className="guest-hint">
						{gt("detail.preorderTotal", { amount: price(reservation.preorder.total) })} ·{" "}
						{gt(reservation.preorder.pay === "now" ? "preorder.payNow" : "preorder.atTable")}
					</p>
				</section>
			)}

			{reservation.payments.length > 0 && (
				<section className="card guest-card" data-testid="reservation-payments">
					<h2 className="guest-card__title">{gt("detail.payments")}</h2>
					<dl className="guest-info">
						{reservation.payments.map((payment) => (
							<Info
								key={payment.kind}
								label={gt(`payment.${payment.kind}`)}
								value={`${price(payment.amount)} · ${gt(`payment.${payment.status}`)}`}
								testId={`reservation-payment-${payment.kind}`}
							/>
						))}
					</dl>
				</section>
			)}

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
								{at(entry.at, tz)} · {gt(`detail.by.${entry.by}`)}
							</span>
							{timelineNote(entry) && <span className="guest-timeline__meta">{timelineNote(entry)}</span>}
						</li>
					))}
				</ol>
			</section>

			{!holding && (
				<Link to={Paths.dueIndex} className="button button--ghost button--block" data-testid="reservation-book-again">
					{gt("detail.bookAgain")}
				</Link>
			)}

			{paying && (
				<GuestPaySheet
					open
					reservation={reservation}
					onClose={() => setPaying(false)}
					onPaid={() => setPaying(false)}
				/>
			)}
			<GuestPreorderSheet
				open={editingPreorder}
				shopId={reservation.shopId}
				lines={preorderLines}
				onChange={setPreorderLines}
				onClose={() => setEditingPreorder(false)}
				footerAction={{
					label: preorderLines.length > 0 ? gt("preorder.save") : gt("preorder.remove"),
					onClick: () => savePreorder(),
					disabled: savingPreorder,
				}}
			/>
			<ConfirmDialog
				open={confirmingCancel}
				message={
					!deposit
						? gt("detail.confirmCancel")
						: late
							? gt("detail.confirmLateDeposit", { amount: price(deposit.amount) })
							: gt("detail.confirmCancelDeposit", { amount: price(deposit.amount) })
				}
				confirmLabel={gt("detail.cancel")}
				cancelLabel={gt("detail.keep")}
				destructive
				onCancel={() => setConfirmingCancel(false)}
				onConfirm={() => cancel()}
				testId="reservation-cancel-confirm"
			/>
		</div>
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
