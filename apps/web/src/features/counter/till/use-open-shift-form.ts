import { type FormEvent, useState } from "react";
import { errorText } from "../../../lib/api-client";
import { useCurrency } from "../../../lib/app-config";
import { openShift, parseMoney } from "../api";
import { useCounterText } from "../strings";

/** Opening a shift: the float counted into the drawer (in riel too), checked, then sent. */
export function useOpenShiftForm({ shopId, onOpened }: { shopId: number; onOpened: () => void }) {
	const { ct } = useCounterText();
	const currency = useCurrency();
	const [floatCash, setFloatCash] = useState("");
	const [floatSecond, setFloatSecond] = useState("");
	const [pending, setPending] = useState(false);
	const [message, setMessage] = useState<string | null>(null);
	const submit = async (event: FormEvent) => {
		event.preventDefault();
		const cash = parseMoney(floatCash, currency.decimals) ?? 0;
		const second = currency.second ? (parseMoney(floatSecond, 0) ?? 0) : 0;
		if (!Number.isFinite(cash) || !Number.isFinite(second)) {
			setMessage(ct("field.amountFormat", { example: (50).toFixed(currency.decimals) }));
			return;
		}
		setPending(true);
		setMessage(null);
		try {
			await openShift({ shopId, floatCash: cash, floatCashSecond: second });
			onOpened();
		} catch (error) {
			setMessage(errorText(error));
		} finally {
			setPending(false);
		}
	};
	return { floatCash, setFloatCash, floatSecond, setFloatSecond, pending, message, submit };
}
