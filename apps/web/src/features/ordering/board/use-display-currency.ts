import type { AppConfig, SecondCurrency } from "@bayon/contract";
import { useState } from "react";
import { errorText } from "../../../lib/api-client";
import { appConfigQuery, useAppConfig, useCurrency } from "../../../lib/app-config";
import { formatPrice } from "../../../lib/format";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { useMerchantText } from "../../../ui/staff/strings";
import { setDisplayCurrency } from "./api";

/** What the form starts from when the shop shows one currency: riel, as Phnom Penh prices. */
export const RIEL: SecondCurrency = { code: "KHR", symbol: "៛", rate: 4100, roundTo: 100, symbolPosition: "after" };
/** The example price in the hint and preview: 2.50 in the shop's currency. */
export const EXAMPLE_AMOUNT = 250;

export interface Draft {
	code: string;
	symbol: string;
	rate: string;
	roundTo: number;
	symbolPosition: "before" | "after";
}

const draftOf = (second: SecondCurrency): Draft => ({ ...second, rate: String(second.rate) });

/**
 * The second display currency's form: on or off, its draft, the example price it gives, and
 * saving it (every price on screen follows at once).
 */
export function useDisplayCurrency(shopId: number) {
	const { mt } = useMerchantText();
	const config = useAppConfig();
	const currency = useCurrency();
	const saved = currency.second ?? null;
	const [editing, setEditing] = useState(false);
	const [draft, setDraft] = useState<Draft>(() => draftOf(saved ?? RIEL));
	const [problem, setProblem] = useState<string | null>(null);
	const [busy, setBusy] = useState(false);
	const open = editing || saved !== null;

	const store = async (second: SecondCurrency | null) => {
		setBusy(true);
		setProblem(null);
		try {
			const answer = await setDisplayCurrency(shopId, second);
			// Every price on screen follows at once, before the configuration is fetched again.
			queryClient.setQueryData(appConfigQuery.queryKey, (old: AppConfig | undefined) =>
				old ? { ...old, currency: { ...old.currency, second: answer.second } } : old,
			);
			appStore.setState({ currency: { ...currency, second: answer.second } });
			if (answer.second) setDraft(draftOf(answer.second));
			setEditing(false);
			showToast(mt(answer.second ? "currency.saved" : "currency.off"));
		} catch (error) {
			setProblem(errorText(error));
		} finally {
			setBusy(false);
		}
	};

	const submit = () =>
		void store({
			code: draft.code.trim().toUpperCase(),
			symbol: draft.symbol,
			// Not a whole number: sent as it is, so the server names the field in the owner's language.
			rate: /^\d+$/.test(draft.rate) ? Number(draft.rate) : Number.NaN,
			roundTo: draft.roundTo,
			symbolPosition: draft.symbolPosition,
		});

	const toggle = (on: boolean) => {
		if (on) {
			setEditing(true);
			return;
		}
		setEditing(false);
		if (saved) void store(null);
	};

	const previewSecond: SecondCurrency = {
		code: draft.code,
		symbol: draft.symbol.trim() || draft.code,
		rate: Number(draft.rate) || 0,
		roundTo: draft.roundTo,
		symbolPosition: draft.symbolPosition,
	};
	const example = formatPrice(EXAMPLE_AMOUNT, { ...currency, second: open ? previewSecond : RIEL });

	const change = (next: Partial<Draft>) => setDraft({ ...draft, ...next });

	return { config, currency, open, draft, change, problem, busy, submit, toggle, example };
}
