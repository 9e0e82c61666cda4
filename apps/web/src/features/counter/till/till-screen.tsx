import { type MerchantShopRef, roleAllows } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { useAppConfig } from "../../../lib/app-config";
import { queryClient } from "../../../lib/query-client";
import { StaffShop } from "../../../ui/staff/staff-shop";
import { ErrorState, LoadingState, NotAllowedState } from "../../../ui/states";
import { counterKeys, tillQuery } from "../api";
import { useCounterText } from "../strings";
import { TakePaymentSheet, type TakeTarget } from "../take-payment/take-payment-sheet";
import { ClosedShift } from "./closed-shift";
import { OpenShift } from "./open-shift";
import { OpenShiftForm } from "./open-shift-form";
import "../../../ui/controls.css";
import "../../../ui/staff/merchant.css";
import "../counter.css";

/**
 * merchant/till (班次): the staff member's shift at the counter. It opens with the float counted
 * into the drawer; the page then shows what the till expects per method and this shift's
 * payments (a cash or card one can be handed back); closing asks for the count and shows
 * expected against counted, with the difference. The board's order card and the table bill
 * open the Take payment sheet here (`?take=order&id=…&amount=…&label=…`).
 */
export default function TillScreen() {
	return <StaffShop>{(shop) => <TillAccess key={shop.shopId} shop={shop} />}</StaffShop>;
}

function TillAccess({ shop }: { shop: MerchantShopRef }) {
	const { ct } = useCounterText();
	if (!roleAllows(shop.role, "counter"))
		return <NotAllowedState message={ct("notAllowed")} testId="till-not-allowed" />;
	return <TillPage shop={shop} />;
}

/** The take target named by the page's address, when a board or bill sent the staff here. */
function takeTargetOf(params: URLSearchParams): TakeTarget | null {
	const purpose = params.get("take");
	const purposeId = Number(params.get("id"));
	const amount = Number(params.get("amount"));
	if ((purpose !== "order" && purpose !== "table_bill") || !Number.isSafeInteger(purposeId) || purposeId < 1)
		return null;
	if (!Number.isSafeInteger(amount) || amount < 1) return null;
	return { purpose, purposeId, amount, label: params.get("label") ?? "" };
}

function TillPage({ shop }: { shop: MerchantShopRef }) {
	const { ct } = useCounterText();
	const till = useQuery(tillQuery(shop.shopId));
	// The tenant's currency (and riel beside it) decides the fields: loaded before they show.
	const config = useAppConfig();
	const [params, setParams] = useSearchParams();
	const target = takeTargetOf(params);
	const refresh = () => void queryClient.invalidateQueries({ queryKey: counterKeys.all });
	const closeSheet = () => {
		setParams({}, { replace: true });
		refresh();
	};
	if (till.isPending || config.isPending) return <LoadingState />;
	if (till.isError && !till.data) return <ErrorState onRetry={() => void till.refetch()} />;
	const open = till.data.open;
	return (
		<div className="merchant page-pad counter-till" data-testid="till-page">
			{open ? (
				<OpenShift shop={shop} shift={open} onChanged={refresh} />
			) : (
				<OpenShiftForm shopId={shop.shopId} onOpened={refresh} />
			)}
			{till.data.closed.length > 0 && (
				<section className="card" data-testid="till-closed">
					<h2 className="section__title">{ct("till.closedList")}</h2>
					{till.data.closed.map((shift) => (
						<ClosedShift key={shift.id} shift={shift} />
					))}
				</section>
			)}
			{target && (
				<TakePaymentSheet
					shopId={shop.shopId}
					target={target}
					shiftOpen={open !== null}
					openShift={<OpenShiftForm shopId={shop.shopId} onOpened={refresh} />}
					onClose={closeSheet}
					onTaken={refresh}
					onPaidByCode={refresh}
				/>
			)}
		</div>
	);
}
