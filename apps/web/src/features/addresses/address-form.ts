import { type Address, type MessageKey, SaveAddressInput } from "@bayon/contract";
import { formatMessage, isMessageKey } from "../../lib/i18n/messages";

/**
 * The address form's rules are the contract's `SaveAddressInput`: the same schema the server
 * validates with, so each broken rule reads the same in the browser and in the server's answer.
 */

export interface AddressDraft {
	recipient: string;
	phone: string;
	address: string;
	houseNumber: string;
	isDefault: boolean;
	latitude: number | null;
	longitude: number | null;
}

export type AddressField = "recipient" | "phone" | "address" | "houseNumber" | "point";

/** A broken rule: a key of the contract's messages, or `pickPoint` (no point on the map yet). */
export type AddressProblem = { key: MessageKey } | { key: "pickPoint" };
export type AddressProblems = Partial<Record<AddressField, AddressProblem>>;

export const emptyDraft = (phone = ""): AddressDraft => ({
	recipient: "",
	phone,
	address: "",
	houseNumber: "",
	isDefault: false,
	latitude: null,
	longitude: null,
});

export function draftFromAddress(address: Address): AddressDraft {
	return {
		recipient: address.recipient,
		phone: address.phone,
		address: address.address,
		houseNumber: address.houseNumber,
		isDefault: address.isDefault,
		latitude: address.latitude,
		longitude: address.longitude,
	};
}

function fieldOf(path: readonly PropertyKey[]): AddressField | null {
	const name = String(path[0] ?? "");
	if (name === "latitude" || name === "longitude") return "point";
	if (name === "recipient" || name === "phone" || name === "address" || name === "houseNumber") return name;
	return null;
}

export type AddressValidation = { ok: true; input: SaveAddressInput } | { ok: false; problems: AddressProblems };

/**
 * Checks a draft. On an edit (`id`), the default flag is sent only when it is being turned on:
 * the server keeps the current flag otherwise (a default address stays the default).
 */
export function validateAddress(draft: AddressDraft, id?: number): AddressValidation {
	// Not yet a SaveAddressInput: the point is missing until one is picked on the map.
	const input = {
		...(id ? { id } : {}),
		recipient: draft.recipient,
		phone: draft.phone,
		address: draft.address,
		houseNumber: draft.houseNumber,
		latitude: draft.latitude ?? undefined,
		longitude: draft.longitude ?? undefined,
		...(id ? (draft.isDefault ? { isDefault: true } : {}) : { isDefault: draft.isDefault }),
	};
	const parsed = SaveAddressInput.safeParse(input);
	if (parsed.success) {
		return { ok: true, input: parsed.data };
	}
	const problems: AddressProblems = {};
	for (const issue of parsed.error.issues) {
		const field = fieldOf(issue.path);
		if (!field || problems[field]) continue;
		if (field === "point") problems.point = { key: "pickPoint" };
		else problems[field] = { key: isMessageKey(issue.message) ? issue.message : "fieldInvalid" };
	}
	return { ok: false, problems };
}

/** The text of a contract message for a field, in `lang` (`fieldInvalid` names the field). */
export function problemText(problem: { key: MessageKey }, lang: string, fieldLabel: string): string {
	return formatMessage(problem.key, lang, { field: fieldLabel });
}

/** Server validation issues (`data.issues` of a 400 answer) by form field. */
export function serverIssues(data: unknown): Partial<Record<AddressField, string>> {
	const issues = (data as { issues?: unknown } | null)?.issues;
	const found: Partial<Record<AddressField, string>> = {};
	if (!Array.isArray(issues)) return found;
	for (const issue of issues) {
		if (!issue || typeof issue !== "object") continue;
		const { field, message } = issue as { field?: unknown; message?: unknown };
		if (typeof field !== "string" || typeof message !== "string") continue;
		const name = fieldOf([field.split(".")[0] ?? ""]);
		if (name && !found[name]) found[name] = message;
	}
	return found;
}
