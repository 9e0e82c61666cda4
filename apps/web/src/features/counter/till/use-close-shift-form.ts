import type { ShiftView } from "@bayon/contract";
import { type FormEvent, useState } from "react";
import { errorText } from "../../../lib/api-client";
import { useCurrency } from "../../../lib/app-config";
import { closeShift, parseMoney } from "../api";
import { useCounterText } from "../strings";

/** Closing the shift: the cash (in riel too) and card slips counted, a note, checked, then sent. */
export function useCloseShiftForm({
	shopId,
	shift,
	onClosed,
}: {
	shopId: number;
	shift: ShiftView;
	onClosed: () => void;
}) {
	const { ct } = useCounterText();
	const currency = useCurrency();
	const [cash, setCash] = useState("");
	const [cashSecond, setCashSecond] = useState("");
	const [card, setCard] = useState("");
	const [note, setNote] = useState("");
	const [pending, setPending] = useState(false);
	const [message, setMessage] = useState<string | null>(null);
	const submit = async (event: FormEvent) => {
		event.preventDefault();
		const countedCash = parseMoney(cash, currency.decimals);
		const countedSecond = currency.second ? (parseMoney(cashSecond, 0) ?? 0) : 0;
		const countedCard = parseMoney(card, currency.decimals) ?? 0;
		if (
			countedCash === null ||
			!Number.isFinite(countedCash) ||
			!Number.isFinite(countedSecond) ||
			!Number.isFinite(countedCard)
		) {
			setMessage(ct("field.amountFormat", { example: (50).toFixed(currency.decimals) }));
			return;
		}
		setPending(true);
		setMessage(null);
		try {
			await closeShift({ shopId, shiftId: shift.id, countedCash, countedCashSecond: countedSecond, countedCard, note });
			onClosed();
		} catch (error) {
			setMessage(errorText(error));
		} finally {
			setPending(false);
		}
	};
	return { cash, setCash, cashSecond, setCashSecond, card, setCard, note, setNote, pending, message, submit };
}
