import type { CartProblem, PricedCart, ShopSummary } from "@bayon/contract";
import { useState } from "react";
import { useNavigate } from "react-router";
import { errorText } from "../../../lib/api-client";
import { useI18n } from "../../../lib/i18n";
import { Paths } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { checkoutMessage, pauseParams, shopStatus } from "../../venues/open-state";
import { buildPriceRequest, cartPriceQuery } from "./api";
import { applyServerPrices } from "./cart-store";

/** The problem to tell first: the cart's own (shop closed, address, minimum), then the lines'. */
export function firstProblem(priced: PricedCart): CartProblem | null {
	return priced.problems[0] ?? priced.lines.find((line) => line.problems.length > 0)?.problems[0] ?? null;
}

/**
 * "Go to checkout": a closed shop is answered at once with the spec's message; otherwise the
 * server prices the cart, and only an orderable cart goes on to payment. Anything in the way is
 * toasted (the first problem); from the menu, the cart page then opens to show every problem.
 */
export function useCheckout(shop: ShopSummary | null | undefined) {
	const { m, lang } = useI18n();
	const navigate = useNavigate();
	const [busy, setBusy] = useState(false);

	const checkout = async ({ showCartOnProblem = false } = {}) => {
		if (!shop || busy) return;
		const status = shopStatus(shop.openState);
		if (status !== "open") {
			showToast(m(checkoutMessage[status], pauseParams(shop.openState, shop.timezone)));
			return;
		}
		const request = buildPriceRequest(appStore.getState(), shop.id);
		if (!request) return;
		setBusy(true);
		try {
			const priced = await queryClient.fetchQuery(cartPriceQuery(request.input, lang));
			applyServerPrices(priced.keys, priced);
			if (priced.orderable) {
				navigate(Paths.pay);
				return;
			}
			const problem = firstProblem(priced);
			if (problem) showToast(problem.message);
			if (showCartOnProblem) navigate(Paths.cart);
		} catch (error) {
			showToast(errorText(error));
		} finally {
			setBusy(false);
		}
	};

	return { checkout, busy };
}
