import type { PaymentRail, PaymentRailView, SaveRailSettingsInput } from "@bayon/contract";

/**
 * The payment rails form (issue 29 part 6): each rail's fields in the order the provider's
 * console gives them, the draft the page edits (prefilled from the summary; secrets empty,
 * which keeps the stored ones), and the save input made from it.
 */

export type RailFieldKind =
	| "text"
	| "secret"
	| "longSecret"
	| "privateKey"
	| "publicKey"
	| "switch"
	| "choice"
	| "date";

export interface RailField {
	name: string;
	kind: RailFieldKind;
	/** A choice's values (the first is the default). */
	options?: readonly string[];
}

export const RAIL_FIELDS: Record<PaymentRail, readonly RailField[]> = {
	wechat: [
		{ name: "appId", kind: "text" },
		{ name: "mchId", kind: "text" },
		{ name: "certSerial", kind: "text" },
		{ name: "privateKey", kind: "privateKey" },
		{ name: "apiV3Key", kind: "secret" },
		{ name: "platformPublicKey", kind: "publicKey" },
		{ name: "platformPublicKeyId", kind: "text" },
		{ name: "appSecret", kind: "secret" },
		{ name: "h5Enabled", kind: "switch" },
	],
	alipay: [
		{ name: "appId", kind: "text" },
		{ name: "sellerId", kind: "text" },
		{ name: "appPrivateKey", kind: "privateKey" },
		{ name: "alipayPublicKey", kind: "publicKey" },
		{ name: "environment", kind: "choice", options: ["production", "sandbox"] },
	],
	khqr: [
		{ name: "bakongAccountId", kind: "text" },
		{ name: "merchantName", kind: "text" },
		{ name: "merchantCity", kind: "text" },
		{ name: "token", kind: "longSecret" },
		{ name: "tokenExpiresAt", kind: "date" },
		{ name: "environment", kind: "choice", options: ["production", "sit"] },
	],
};

/** Kinds whose stored value is never shown: only its last four, and empty keeps it. */
export const isSecretKind = (kind: RailFieldKind) =>
	kind === "secret" || kind === "longSecret" || kind === "privateKey" || kind === "publicKey";

export type RailDraft = Record<string, string | boolean>;

/** What the form starts from: the summary's ids and switches, secrets empty (kept unless replaced). */
export function railDraftOf(view: PaymentRailView): RailDraft {
	const draft: RailDraft = {};
	for (const field of RAIL_FIELDS[view.rail]) {
		const shown = view.summary[field.name] ?? null;
		if (isSecretKind(field.kind)) draft[field.name] = "";
		else if (field.kind === "switch") draft[field.name] = shown === "true";
		else if (field.kind === "choice") draft[field.name] = shown ?? field.options?.[0] ?? "";
		else if (field.kind === "date") draft[field.name] = shown ? shown.slice(0, 10) : "";
		else draft[field.name] = shown ?? "";
	}
	return draft;
}

/** The save call for a draft: texts trimmed, the token's expiry day as that day's start (UTC). */
export function railSaveInput(rail: PaymentRail, draft: RailDraft): SaveRailSettingsInput {
	const settings: Record<string, string | boolean> = {};
	for (const field of RAIL_FIELDS[rail]) {
		const value = draft[field.name];
		if (typeof value === "boolean") settings[field.name] = value;
		else if (field.kind === "date") settings[field.name] = value ? `${value}T00:00:00.000Z` : "";
		else settings[field.name] = (value ?? "").trim();
	}
	return { rail, settings } as SaveRailSettingsInput;
}
