import { CARD_POINTS_PERCENT_MIN, SaveVipCardInput, type VipCardAdmin } from "@bayon/contract";
import type { z } from "zod";
import {
	type CheckContext,
	type Checked,
	checkWith,
	type LocalizedDraft,
	moneyText,
	parseMoney,
	parseWhole,
	textDraft,
} from "../../lib/form";

/**
 * The VIP card type editor, checked with the contract's SaveVipCardInput (the server's own
 * rules: a card needs at least one benefit, at most 90 % off, a cap above zero or none…).
 */

export interface VipCardDraft {
	name: LocalizedDraft;
	description: LocalizedDraft;
	/** Major units as typed. */
	price: string;
	validityDays: string;
	/** Empty: no discount. */
	discountPercent: string;
	/** Major units; empty: no cap. */
	discountCap: string;
	freeDelivery: boolean;
	/** 100 = ×1. */
	pointsPercent: number;
	sort: string;
	onSale: boolean;
}

export function vipCardDraft(card: VipCardAdmin | undefined, decimals: number): VipCardDraft {
	return {
		name: textDraft(card?.name),
		description: textDraft(card?.description),
		price: moneyText(card?.price, decimals),
		validityDays: card ? String(card.validityDays) : "",
		discountPercent: card && card.benefits.discountPercent > 0 ? String(card.benefits.discountPercent) : "",
		discountCap: moneyText(card?.benefits.discountCap, decimals),
		freeDelivery: card?.benefits.freeDelivery ?? false,
		pointsPercent: card?.benefits.pointsPercent ?? CARD_POINTS_PERCENT_MIN,
		sort: String(card?.sort ?? 0),
		onSale: card?.onSale ?? true,
	};
}

export function checkVipCard(
	draft: VipCardDraft,
	at: CheckContext & { card?: Pick<VipCardAdmin, "id" | "version"> | undefined },
): Checked<z.output<typeof SaveVipCardInput>> {
	const price = parseMoney(draft.price, at.decimals);
	const discountCap = parseMoney(draft.discountCap, at.decimals);
	const request = {
		shopId: at.shopId,
		...(at.card ? { id: at.card.id, version: at.card.version } : {}),
		name: draft.name,
		description: draft.description,
		price: price ?? undefined,
		validityDays: parseWhole(draft.validityDays) ?? undefined,
		discountPercent: parseWhole(draft.discountPercent) ?? 0,
		discountCap,
		freeDelivery: draft.freeDelivery,
		pointsPercent: draft.pointsPercent,
		sort: parseWhole(draft.sort) ?? 0,
		onSale: draft.onSale,
	};
	return checkWith(SaveVipCardInput, request, at, { price, discountCap });
}

/** The multiplier choices: ×1 to ×5 (the contract's 100–500 %), and the card's own if it is between them. */
export function pointsChoices(current: number): number[] {
	const whole = [100, 200, 300, 400, 500];
	return whole.includes(current) ? whole : [...whole, current].sort((a, b) => a - b);
}

/** 150 → "1.5", 200 → "2". */
export const multiplierText = (percent: number): string => String(percent / 100);
