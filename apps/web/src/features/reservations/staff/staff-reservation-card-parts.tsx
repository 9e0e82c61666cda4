import type { ReservationView, StaffReservationAction } from "@bayon/contract";
import { usePrice } from "../../../lib/app-config";
import { maskPhone } from "../../../lib/format";
import { CheckIcon, PhoneIcon, WarningIcon } from "../../../ui/icons";
import { useStaffReservationText } from "../staff-strings";

const PRIMARY: ReadonlySet<StaffReservationAction> = new Set(["confirm", "arrive", "complete"]);
const DESTRUCTIVE: ReadonlySet<StaffReservationAction> = new Set(["reject", "cancel", "noShow"]);

/** Where the booking came from, the guest's no-shows, their confirmation, the occasion, the code. */
export function CardTags({ reservation: r }: { reservation: ReservationView }) {
	const { rt } = useStaffReservationText();
	return (
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
	);
}

/** The phone (and member), the tables, the area asked for, the pre-order, the deposit, the notes. */
export function CardFacts({ reservation: r }: { reservation: ReservationView }) {
	const { rt } = useStaffReservationText();
	const price = usePrice();
	const deposit = r.payments.find((payment) => payment.kind === "deposit");
	const preorderCount = r.preorder?.lines.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
	return (
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
	);
}

/** The staff's actions the view offers, the first ones primary, the destructive ones marked. */
export function CardActions({
	reservation: r,
	actions,
	onAction,
}: {
	reservation: ReservationView;
	actions: StaffReservationAction[];
	onAction: (action: StaffReservationAction, reservation: ReservationView) => void;
}) {
	const { rt } = useStaffReservationText();
	return (
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
	);
}
