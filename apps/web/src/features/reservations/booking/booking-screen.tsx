import { Link, useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { Paths } from "../../../lib/paths";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { useRequireMember } from "../../identity/require-member";
import { timezoneOf } from "../../venues/api";
import { useCurrentShop } from "../../venues/current-shop";
import { useGuestText } from "../guest-strings";
import {
	AgreeCard,
	BookingFooter,
	GuestSection,
	PreorderSection,
	TimeSection,
	WhereWhenSection,
} from "./booking-sections";
import { Policy } from "./booking-terms";
import { GuestPaySheet } from "./guest-pay-sheet";
import { GuestPreorderSheet } from "./guest-preorder-sheet";
import { useBookingForm } from "./use-booking-form";
import "../../../ui/footer-bar.css";
import "../guest-reservations.css";
import "../../../ui/controls.css";

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

function BookingForm(props: { shopId: number; initialTimeZone: string | null; name: string; phone: string }) {
	const { shopId } = props;
	const form = useBookingForm(props);
	const { view, draft, booked, toDetail } = form;
	return (
		<div className="guest-book has-footer" data-testid="booking-page">
			<WhereWhenSection form={form} shopId={shopId} />
			<TimeSection form={form} />
			<GuestSection form={form} />
			<PreorderSection form={form} />
			{view && <Policy view={view} partyChosen={draft.party !== null} />}
			<AgreeCard form={form} />
			<BookingFooter form={form} />

			<GuestPreorderSheet
				open={form.preorderOpen}
				shopId={shopId}
				lines={form.preorderLines}
				onChange={form.changePreorder}
				onClose={() => form.setPreorderOpen(false)}
			/>
			{booked && (
				<GuestPaySheet open reservation={booked} onClose={() => toDetail(booked)} onPaid={(paid) => toDetail(paid)} />
			)}
		</div>
	);
}
