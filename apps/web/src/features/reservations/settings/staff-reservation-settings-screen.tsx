import { type MerchantShopRef, type ReservationSettingsPage, roleAllows } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { errorText } from "../../../lib/api-client";
import { StaffShop } from "../../../ui/staff/staff-shop";
import { ErrorState, LoadingState, NotAllowedState } from "../../../ui/states";
import { reservationSettingsQuery } from "../staff-api";
import { RESERVATION_SETTINGS_PERMISSION } from "../staff-permissions";
import { useStaffReservationText } from "../staff-strings";
import {
	DepositSection,
	GeneralSection,
	PolicySection,
	SaveBar,
	TurnsSection,
	WindowSection,
} from "./settings-sections";
import { TablesSection } from "./settings-tables-section";
import { useSettingsEditor } from "./use-settings-editor";
import "../../../ui/staff/merchant.css";
import "../staff-reservations.css";

/** merchant/reservationSettings: the owner's booking rules and which tables take bookings. */
export default function StaffReservationSettingsScreen() {
	return <StaffShop>{(shop) => <SettingsPage shop={shop} />}</StaffShop>;
}

function SettingsPage({ shop }: { shop: MerchantShopRef }) {
	const { rt } = useStaffReservationText();
	if (!roleAllows(shop.role, RESERVATION_SETTINGS_PERMISSION))
		return <NotAllowedState message={rt("settings.onlyOwner")} testId="res-settings-not-allowed" />;
	return <SettingsLoader shopId={shop.shopId} />;
}

function SettingsLoader({ shopId }: { shopId: number }) {
	const saved = useQuery(reservationSettingsQuery(shopId));
	if (saved.isError && !saved.data)
		return <ErrorState message={errorText(saved.error)} onRetry={() => void saved.refetch()} />;
	if (!saved.data) return <LoadingState />;
	return (
		<div className="merchant page-pad res-staff res-settings" data-testid="res-settings">
			<SettingsEditor shopId={shopId} page={saved.data} reload={() => saved.refetch()} />
			<TablesSection shopId={shopId} tables={saved.data.tables} />
		</div>
	);
}

function SettingsEditor(props: { shopId: number; page: ReservationSettingsPage; reload: () => Promise<unknown> }) {
	const { rt } = useStaffReservationText();
	const editor = useSettingsEditor(props);
	return (
		<>
			<p className="field__hint res-settings__zone">{rt("settings.timeZone", { zone: props.page.shopTimeZone })}</p>
			<GeneralSection editor={editor} />
			<TurnsSection editor={editor} />
			<WindowSection editor={editor} />
			<PolicySection editor={editor} />
			<DepositSection editor={editor} />
			<SaveBar editor={editor} />
		</>
	);
}
