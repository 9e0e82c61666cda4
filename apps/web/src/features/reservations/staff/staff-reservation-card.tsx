import type { ReservationView, StaffReservationAction } from "@bayon/contract";
import { usePrice } from "../../../lib/app-config";
import { maskPhone } from "../../../lib/format";
import { useCalendarDay } from "../../../lib/i18n";
import { clockTime, localDateOf } from "../../../lib/shop-clock";
import { CheckIcon, PhoneIcon, WarningIcon } from "../../../ui/icons";
import { useStaffReservationText } from "../staff-strings";
import { StatusChip } from "./staff-status-chip";

/** The staff's actions in the order they are offered on a card (the view says which apply). */
const ACTION_ORDER: StaffReservationAction[] = [
	"confirm",
	"arrive",
	"complete",
	"assign",
	"noShow",
	"undoNoShow",
	"reject",
	"cancel",
];
const PRIMARY: ReadonlySet<StaffReservationAction> = new Set(["confirm", "arrive", "complete"]);
const DESTRUCTIVE: ReadonlySet<StaffReservationAction> = new Set(["reject", "cancel", "noShow"]);

export function staffActionsOf(reservation: ReservationView): StaffReservationAction[] {
	const offered = new Set(reservation.actions);
	return ACTION_ORDER.filter((action) => offered.has(action));
}

interface CardProps {
	reservation: ReservationView;
	/** Shows the day too (the "upcoming" list spans several days). */
	withDate?: string | null;
	ringing: boolean;
	onAction: (action: StaffReservationAction, reservation: ReservationView) => void;
	onOpen: (reservation: ReservationView) => void;
}

/** One booking on the reservations page: who, when, where, what they ordered ahead, and what the staff can do. */
export function StaffReservationCard({ reservation: r, withDate, ringing, onAction, onOpen }: CardProps) {
	const { rt } = useStaffReservationText();
	const price = usePrice();
	const tz = r.shopTimeZone;
	const deposit = r.payments.find((payment) => payment.kind === "deposit");
	const preorderCount = r.preorder?.lines.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
	const actions = staffActionsOf(r);
	return (
		<article
			className={`card res-card res-card--${r.status}${ringing ? " is-ringing" : ""}`}
			data-testid={`res-card-${r.id}`}
			data-status={r.status}
			data-ringing={ringing || undefined}
		>
			<button
				type="button"
				className="res-card__head"
				onClick={() => onOpen(r)}
				aria-label={`${r.name} ${clockTime(r.startsAt, tz)}`}
			>
				<span className="res-card__time" data-testid="res-card-time">
					{withDate && <small className="res-card__date">{withDate}</small>}
					{clockTime(r.startsAt, tz)}
					<small className="res-card__until">{rt("card.until", { time: clockTime(r.endsAt, tz) })}</small>
				</span>
				<span className="res-card__who">
					<strong className="res-card__name" data-testid="res-card-name">
						{r.name}
					</strong>
					<span className="res-card__party">{rt("card.party", { count: r.party })}</span>
				</span>
				<StatusChip status={r.status} />
			</button>
			<div className="res-card__tags">
				{r.source === "staff" && (
					<span className="merchant-tag merchant-tag--staff" data-testid="res-card-staff">
						{rt("card.staff")}
					</span>
				)}
				{r.source === "telegram" && <span className="merchant-tag">{rt("card.telegram")}</span>}
				{(r.strikes ?? 0) > 0 && (
					<span className="merchant-tag res-card__strikes" data-testid="res-card-strikes">
						<WarningIcon width={14} height={14} aria-hidden="true" />
						{rt("card.strikes", { count: r.strikes ?? 0 })}
					</span>
				)}
				{r.guestConfirmedAt && r.status === "confirmed" && (
					<span className="merchant-tag res-card__guest-confirmed" data-testid="res-card-guest-confirmed">
						<CheckIcon width={14} height={14} aria-hidden="true" />
						{rt("card.guestConfirmed")}
					</span>
				)}
				{r.occasion && <span className="merchant-tag">{rt(`occasion.${r.occasion}`)}</span>}
				<span className="merchant-tag res-card__code">{rt("card.code", { code: r.code })}</span>
			</div>
			<dl className="res-card__facts">
				<div>
					<dt className="visually-hidden">{rt("book.phone")}</dt>
					<dd className="res-card__phone">
						<a href={`tel:${r.phone}`} className="res-card__call" aria-label={`${rt("card.call")} ${r.name}`}>
							<PhoneIcon width={14} height={14} aria-hidden="true" />
							{maskPhone(r.phone)}
						</a>
						{r.member && (
							<span className="res-card__member">
								{rt("card.member", {
									name: r.member.nickname,
									mobile: r.member.mobile.includes("*") ? r.member.mobile : maskPhone(r.member.mobile),
								})}
							</span>
						)}
					</dd>
				</div>
				<div>
					<dt className="visually-hidden">{rt("action.assign")}</dt>
					<dd data-testid="res-card-tables">
						{r.tables.length === 0 ? (
							<span className="res-card__no-table">{rt("card.noTable")}</span>
						) : (
							<>
								{rt("card.tables", { tables: r.tables.map((table) => table.number).join(" + ") })}
								{r.tables.length > 1 && <span className="merchant-tag res-card__combined">{rt("card.combined")}</span>}
							</>
						)}
					</dd>
				</div>
				{r.areaPreference && (
					<div>
						<dt className="visually-hidden">{rt("card.area", { area: "" })}</dt>
						<dd>{rt("card.area", { area: r.areaPreference })}</dd>
					</div>
				)}
				{r.preorder && (
					<div>
						<dt className="visually-hidden">{rt("card.preorder", { count: "", amount: "" })}</dt>
						<dd data-testid="res-card-preorder">
							{rt("card.preorder", { count: preorderCount, amount: price(r.preorder.total) })} ·{" "}
							{rt(r.preorder.pay === "now" ? "card.preorderNow" : "card.preorderAtTable")}
							<span className="res-card__lines">
								{r.preorder.lines.map((line) => `${line.name} ×${line.quantity}`).join(", ")}
							</span>
						</dd>
					</div>
				)}
				{deposit && (
					<div>
						<dt className="visually-hidden">{rt("settings.section.deposit")}</dt>
						<dd data-testid="res-card-deposit">
							{rt("card.deposit", { amount: price(deposit.amount), state: rt(`payment.${deposit.status}`) })}
						</dd>
					</div>
				)}
				{r.note && (
					<div>
						<dt className="visually-hidden">{rt("book.note")}</dt>
						<dd className="res-card__note">{r.note}</dd>
					</div>
				)}
				{r.rejectReason && (
					<div>
						<dt className="visually-hidden">{rt("action.reject")}</dt>
						<dd className="res-card__note">{rt("card.rejectReason", { reason: r.rejectReason })}</dd>
					</div>
				)}
			</dl>
			{actions.length > 0 && (
				<div className="res-card__actions">
					{actions.map((action) => (
						<button
							key={action}
							type="button"
							className={`button button--small${PRIMARY.has(action) ? " button--primary" : " button--ghost"}${
								DESTRUCTIVE.has(action) ? " res-card__destructive" : ""
							}`}
							onClick={() => onAction(action, r)}
							data-testid={`res-action-${action}`}
						>
							{rt(action === "assign" && r.tables.length > 0 ? "action.move" : `action.${action}`)}
						</button>
					))}
				</div>
			)}
		</article>
	);
}

/** "周三 12月9日" for the upcoming list's cards (the shop's day of the booking), as the day chips read. */
export function useDayLabel(): (at: string, timeZone: string) => string {
	const calendarDay = useCalendarDay();
	return (at, timeZone) => {
		const { weekday, day } = calendarDay(localDateOf(at, timeZone));
		return `${weekday} ${day}`;
	};
}
