import {
	type Address,
	ErrorCode,
	type PointsFulfilment,
	type PointsItemDetail,
	type ShopSummary,
} from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError, errorText, RequestError } from "../../../lib/api-client";
import { Paths, withQuery } from "../../../lib/paths";
import { useAppState } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { addressListQuery } from "../../addresses/api";
import { shopListQuery } from "../../venues/api";
import { newIntentKey, redeemItem, refreshPoints } from "../guest-api";
import { positiveId } from "../guest-format";
import { type PointsTextKey, usePointsText } from "../guest-strings";

/** What went wrong with a redeem, and what the member can do about it. */
export interface Problem {
	message: string;
	fix: PointsTextKey | null;
	action: "earn" | "browse" | "redemption" | null;
}

function problemOf(error: unknown): Problem {
	if (error instanceof RequestError) return { message: errorText(error), fix: "fix.lost", action: null };
	const code = error instanceof ApiError ? error.code : null;
	const message = errorText(error);
	switch (code) {
		case ErrorCode.PointsInsufficient:
			return { message, fix: "fix.pointsInsufficient", action: "earn" };
		case ErrorCode.PointsItemSoldOut:
			return { message, fix: "fix.soldOut", action: "browse" };
		case ErrorCode.PointsItemAlreadyRedeemed:
			return { message, fix: "fix.alreadyRedeemed", action: "redemption" };
		case ErrorCode.PointsItemUnavailable:
			return { message, fix: "fix.unavailable", action: "browse" };
		case ErrorCode.PointsFulfilmentUnavailable:
			return { message, fix: "fix.fulfilment", action: null };
		default:
			return { message, fix: null, action: null };
	}
}

/**
 * A redeem as the member sets it up: the way (pickup or delivery, in the query string with the
 * shop or address, so adding an address and coming back keeps them), the shops or addresses to
 * choose from, and the redeem itself, sent once per intent; a refusal becomes a `problem`.
 */
export function useRedeem(detail: PointsItemDetail, memberId: number, onRefused: () => void) {
	const { pt, lang } = usePointsText();
	const navigate = useNavigate();
	const [params, setParams] = useSearchParams();
	const { item, redeem } = detail;
	const way: PointsFulfilment | null =
		item.fulfilments.find((offered) => offered === params.get("way")) ?? item.fulfilments[0] ?? null;
	const shops = useQuery({ ...shopListQuery(lang, null, ""), enabled: way === "pickup" });
	const addresses = useQuery({ ...addressListQuery(memberId), enabled: way === "delivery" });
	const shop = usePickedShop(shops.data, positiveId(params.get("shopId")));
	const address = usePickedAddress(addresses.data, positiveId(params.get("addressId")), memberId);
	const [problem, setProblem] = useState<Problem | null>(null);

	// One key per intent: a double tap, or a retry after a lost answer, redeems once; another
	// way, shop or address is another intent, and so is the next try after a refusal.
	const intent = `${item.id}:${way}:${way === "pickup" ? shop.chosen?.id : address.chosen?.id}`;
	const key = useRef({ intent, value: newIntentKey() });
	if (key.current.intent !== intent) key.current = { intent, value: newIntentKey() };

	const choose = (next: Record<string, string>) => {
		setProblem(null);
		setParams(
			(current) => {
				const merged = new URLSearchParams(current);
				for (const [name, value] of Object.entries(next)) merged.set(name, value);
				return merged;
			},
			{ replace: true },
		);
	};

	const target =
		way === "pickup" && shop.chosen
			? { shopId: shop.chosen.id }
			: way === "delivery" && address.chosen
				? { addressId: address.chosen.id }
				: null;
	const ready = redeem.allowed && way !== null && target !== null;

	const [submit, submitting] = useDebouncedSubmit(async () => {
		if (!ready || way === null || target === null) return;
		setProblem(null);
		try {
			const view = await redeemItem({ itemId: item.id, fulfilment: way, ...target }, key.current.value);
			showToast(pt("confirm.done"));
			void refreshPoints({ view, lang, memberId });
			navigate(withQuery(Paths.scoreProductOrderDetail, { id: view.id }), { replace: true });
		} catch (error) {
			// Refused: nothing was redeemed, so the next tap is a new intent; a lost answer keeps
			// the key, and the server answers the same redemption if the first one went through.
			if (error instanceof ApiError) {
				key.current = { intent, value: newIntentKey() };
				onRefused();
			}
			setProblem(problemOf(error));
		}
	});

	return { way, shops, addresses, shop, address, problem, choose, ready, submit, submitting };
}

export type Redeem = ReturnType<typeof useRedeem>;

/** The shop asked for, else the one the customer orders from, else the first. */
function usePickedShop(
	shops: readonly ShopSummary[] | undefined,
	askedId: number | null,
): { chosen: ShopSummary | null; currentId: number | null } {
	const state = useAppState((s) => s.store?.id ?? s.desk?.shopId ?? s.cart[0]?.shopId ?? null);
	const list = shops ?? [];
	const chosen = list.find((shop) => shop.id === askedId) ?? list.find((shop) => shop.id === state) ?? list[0] ?? null;
	return { chosen, currentId: state };
}

/** The address asked for, else the one chosen for delivery in the cart, else the default, else the first. */
function usePickedAddress(
	addresses: readonly Address[] | undefined,
	askedId: number | null,
	memberId: number,
): { chosen: Address | null } {
	const deliveryId = useAppState((s) => (s.address?.memberId === memberId ? (s.address.address?.id ?? null) : null));
	const list = addresses ?? [];
	const chosen =
		list.find((address) => address.id === askedId) ??
		list.find((address) => address.id === deliveryId) ??
		list.find((address) => address.isDefault) ??
		list[0] ??
		null;
	return { chosen };
}
