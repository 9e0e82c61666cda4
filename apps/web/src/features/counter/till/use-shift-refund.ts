import type { ShiftView } from "@bayon/contract";
import { useState } from "react";
import { errorText } from "../../../lib/api-client";
import { useMoney } from "../../../lib/app-config";
import { showToast } from "../../../lib/toast";
import { cashRefund } from "../api";
import { useCounterText } from "../strings";

export type ShiftTake = ShiftView["takes"][number];

/** Handing a cash or card payment of the shift back: which one is being confirmed, and the refund. */
export function useShiftRefund({ shopId, onChanged }: { shopId: number; onChanged: () => void }) {
	const { ct } = useCounterText();
	const money = useMoney();
	const [refunding, setRefunding] = useState<ShiftTake | null>(null);
	const refund = async () => {
		const take = refunding;
		setRefunding(null);
		if (!take) return;
		try {
			await cashRefund(shopId, take.id);
			showToast(ct("till.refundDone", { amount: money(take.amount) }));
		} catch (error) {
			showToast(errorText(error));
		} finally {
			onChanged();
		}
	};
	return { refunding, setRefunding, refund };
}
