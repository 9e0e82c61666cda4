import type { BankCardView } from "@bayon/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { bankCardsQuery, moneyKeys, removeBankCard } from "../money-api";
import { useMoneyText } from "../money-strings";

/** The shop's bank cards, the one being unbound (asked first), and the unbinding call. */
export function useBankCards(shopId: number) {
	const { mt } = useMoneyText();
	const queryClient = useQueryClient();
	const cards = useQuery(bankCardsQuery(shopId));
	const [unbinding, setUnbinding] = useState<BankCardView | null>(null);

	const [unbind] = useDebouncedSubmit(async (card: BankCardView) => {
		setUnbinding(null);
		try {
			await removeBankCard({ shopId, cardId: card.id });
			showToast(mt("cards.unbound", { bank: card.bank, last4: card.last4 }));
		} catch {
			// Refused (a withdrawal to it is in progress) or failed: the request layer showed the
			// server's words. The list is read again either way, so "in progress" shows where it is.
		}
		await queryClient.invalidateQueries({ queryKey: moneyKeys.shop(shopId) });
	});

	return { cards, unbinding, setUnbinding, unbind };
}
