import { type MerchantShopRef, roleAllows } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { errorText } from "../../../lib/api-client";
import { unlockAlarmSound } from "../../../lib/staff/alarm-sound";
import { AlarmSoundPrompt, RingingAlert } from "../../../ui/staff/alarm-sound-controls";
import { StaffShop } from "../../../ui/staff/staff-shop";
import { ErrorState, LoadingState } from "../../../ui/states";
import { shopDetailQuery } from "../../venues/api";
import { RESERVATION_SETTINGS_PERMISSION } from "../staff-permissions";
import { useStaffReservationText } from "../staff-strings";
import { StaffArrivalSheet } from "./arrival/staff-arrival-sheet";
import { StaffBookingSheet } from "./caller-booking/staff-booking-sheet";
import { DayTabs, GridSection, OpenedBooking, ReservationList, ReservationsBar } from "./staff-reservations-parts";
import { useStaffReservations } from "./use-staff-reservations";
import "../../../ui/controls.css";
import "../../../ui/staff/merchant.css";
import "../staff-reservations.css";

/** merchant/reservations: the day's bookings, the table × time grid, arrivals and bookings for callers. */
export default function StaffReservationsScreen() {
	return <StaffShop>{(shop) => <ShopTimeZone shop={shop} />}</StaffShop>;
}

/** "Today" is the shop's today: the page waits for the shop's time zone. */
function ShopTimeZone({ shop }: { shop: MerchantShopRef }) {
	const { lang } = useStaffReservationText();
	const detail = useQuery(shopDetailQuery(shop.shopId, lang));
	if (detail.isError && !detail.data)
		return <ErrorState message={errorText(detail.error)} onRetry={() => void detail.refetch()} />;
	if (!detail.data) return <LoadingState />;
	return <ReservationsPage shop={shop} timeZone={detail.data.timezone} />;
}

function ReservationsPage({ shop, timeZone }: { shop: MerchantShopRef; timeZone: string }) {
	const { rt } = useStaffReservationText();
	const page = useStaffReservations({ shop, timeZone });
	const { scope, reservations, ringing, alarm, arrival, refetch } = page;
	const canSet = roleAllows(shop.role, RESERVATION_SETTINGS_PERMISSION);
	return (
		<div
			className="merchant res-staff res-page"
			// Browsers count a mouse press or the end of a touch as the tap that allows sound.
			onPointerDown={unlockAlarmSound}
			onPointerUp={unlockAlarmSound}
			data-testid="res-page"
		>
			<AlarmSoundPrompt title={rt("alert.sound")} />
			{ringing.length > 0 && (
				<RingingAlert
					count={ringing.length}
					text={rt("alert.new", { count: ringing.length })}
					ackLabel={rt("alert.ack")}
					onAck={() => alarm.acknowledge()}
					testId="res-alert"
					ackTestId="res-ack"
				/>
			)}
			<ReservationsBar page={page} shop={shop} canSet={canSet} />
			<DayTabs page={page} />
			{reservations.length > 0 && (
				<p className="res-page__count" data-testid="res-count">
					{rt("page.count", { count: page.expected.length, covers: page.covers })}
				</p>
			)}
			<div className={`res-page__body${scope.scope === "day" ? " has-grid" : ""}`}>
				<section className="res-page__list" aria-label={rt("page.list")}>
					<ReservationList page={page} timeZone={timeZone} />
				</section>
				{scope.scope === "day" && <GridSection page={page} />}
			</div>
			<OpenedBooking
				id={page.openedId}
				known={reservations}
				onClose={() => page.setOpenedId(null)}
				onAction={(action, reservation) => {
					page.setOpenedId(null);
					page.run(action, reservation);
				}}
			/>
			{page.dialogs}
			<StaffArrivalSheet
				open={arrival.open}
				shopId={shop.shopId}
				initialCode={arrival.code}
				onClose={() => page.setArrival({ open: false, code: "" })}
				onArrived={() => refetch()}
			/>
			<StaffBookingSheet
				open={page.booking}
				shopId={shop.shopId}
				days={page.days}
				initialDate={page.date}
				onClose={() => page.setBooking(false)}
				onBooked={page.onBooked}
			/>
		</div>
	);
}
