import type { RedemptionView } from "@bayon/contract";
import { useState } from "react";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { cancelRedemption, confirmRedemptionReceipt, refreshPoints } from "../guest-api";
import { usePointsText } from "../guest-strings";

export type RedemptionAction = "cancel" | "confirmReceipt";

/**
 * The member's cancel and confirm-receipt: asked first (`asking`), then sent once; done, the
 * member's points and the redemption reload; refused, `onRefused` shows where it stands now.
 */
export function useRedemptionActions(redemption: RedemptionView, memberId: number, onRefused: () => void) {
	const { pt, lang } = usePointsText();
	const [asking, setAsking] = useState<RedemptionAction | null>(null);
	const act = async (action: RedemptionAction) => {
		setAsking(null);
		try {
			const view =
				action === "cancel" ? await cancelRedemption(redemption.id) : await confirmRedemptionReceipt(redemption.id);
			showToast(pt(action === "cancel" ? "order.cancelDone" : "order.receiptDone"));
			await refreshPoints({ view, lang, memberId });
		} catch {
			// The request layer said why (the state changed meanwhile, …): show where it stands now.
			onRefused();
		}
	};
	const [run, running] = useDebouncedSubmit(act);
	return { asking, setAsking, run, running };
}
