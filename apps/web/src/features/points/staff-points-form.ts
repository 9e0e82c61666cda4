import {
	type PointsFulfilment,
	type PointsItemAdmin,
	type PointsRule,
	SavePointsItemInput,
	SavePointsRuleInput,
} from "@bayon/contract";
import type { z } from "zod";
import { type Checked, checkWith, type LocalizedDraft, textDraft } from "../../lib/form";

/**
 * The owner's points forms, checked with the contract's own schemas (SavePointsRuleInput,
 * SavePointsItemInput): the same rules and the same words the server would answer with.
 */

/**
 * A typed whole number: null for an empty field, NaN for anything but digits (the schema then
 * refuses it with the field's own message). Up to 9 digits: a points price may be 10,000,000.
 */
export function parseCount(text: string): number | null {
	const value = text.trim();
	if (value === "") return null;
	return /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
}

export interface PointsRuleDraft {
	pointsPerUnit: string;
}

export const pointsRuleDraft = (rule: PointsRule | undefined): PointsRuleDraft => ({
	pointsPerUnit: String(rule?.pointsPerUnit ?? 0),
});

export function checkPointsRule(
	draft: PointsRuleDraft,
	at: { shopId: number; lang: string },
): Checked<z.output<typeof SavePointsRuleInput>> {
	return checkWith(
		SavePointsRuleInput,
		{ shopId: at.shopId, pointsPerUnit: parseCount(draft.pointsPerUnit) ?? undefined },
		at,
	);
}

/**
 * Points an order paying `paid` (minor units) earns at `pointsPerUnit`, before any VIP
 * multiplier: decision 022's floor(paid × rate / 10^decimals), for the sheet's example.
 */
export const pointsEarned = (paid: number, pointsPerUnit: number, decimals: number): number =>
	Math.floor((paid * pointsPerUnit) / 10 ** decimals);

export interface PointsItemDraft {
	name: LocalizedDraft;
	description: LocalizedDraft;
	/** The uploaded picture's URL, or none. */
	image: string | null;
	pointsPrice: string;
	stock: string;
	fulfilments: PointsFulfilment[];
	sort: string;
	onShelf: boolean;
}

export function pointsItemDraft(item: PointsItemAdmin | undefined): PointsItemDraft {
	return {
		name: textDraft(item?.name),
		description: textDraft(item?.description),
		image: item?.image ?? null,
		pointsPrice: item ? String(item.pointsPrice) : "",
		stock: item ? String(item.stock) : "",
		// A new item starts with pickup: the counter needs nothing more to hand it over.
		fulfilments: item ? [...item.fulfilments] : ["pickup"],
		sort: String(item?.sort ?? 0),
		onShelf: item?.onShelf ?? true,
	};
}

/** Pickup before delivery, whatever order the boxes were ticked in. */
const FULFILMENT_ORDER: readonly PointsFulfilment[] = ["pickup", "delivery"];

export function checkPointsItem(
	draft: PointsItemDraft,
	at: {
		shopId: number;
		lang: string;
		labels: Record<string, string>;
		item?: Pick<PointsItemAdmin, "id" | "version" | "stock">;
		/** The stock the sheet started from (default: the item's): the save applies typed − read. */
		stockRead?: number;
	},
): Checked<z.output<typeof SavePointsItemInput>> {
	const request = {
		shopId: at.shopId,
		...(at.item ? { id: at.item.id, version: at.item.version, stockRead: at.stockRead ?? at.item.stock } : {}),
		name: draft.name,
		description: draft.description,
		image: draft.image,
		pointsPrice: parseCount(draft.pointsPrice) ?? undefined,
		stock: parseCount(draft.stock) ?? undefined,
		fulfilments: FULFILMENT_ORDER.filter((way) => draft.fulfilments.includes(way)),
		sort: parseCount(draft.sort) ?? 0,
		onShelf: draft.onShelf,
	};
	return checkWith(SavePointsItemInput, request, at);
}

/**
 * The save of an item as it is, with one change (the list's on-shelf switch). It sends the
 * stock it read as both read and typed: no change, so redemptions meanwhile stay counted.
 */
export function pointsItemInput(
	shopId: number,
	item: PointsItemAdmin,
	change: Partial<Pick<PointsItemAdmin, "onShelf">>,
): SavePointsItemInput {
	return {
		shopId,
		id: item.id,
		version: item.version,
		name: item.name,
		description: item.description,
		image: item.image,
		pointsPrice: item.pointsPrice,
		stock: item.stock,
		stockRead: item.stock,
		fulfilments: item.fulfilments,
		sort: item.sort,
		onShelf: item.onShelf,
		...change,
	};
}
