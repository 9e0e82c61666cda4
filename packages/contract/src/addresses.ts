import { z } from "zod";
import { idField, mobileField, oneLineText, queryIdField } from "./common.js";
import { latitudeField, longitudeField } from "./venues.js";

const requiredText = (max: number) =>
	oneLineText("enterRecipientAndAddress")
		.trim()
		.min(1, { error: "enterRecipientAndAddress", abort: true })
		.max(max, { error: "fieldInvalid" });

/** Add (no id) or edit (with id) a delivery address; the point comes from the map. */
export const SaveAddressInput = z.strictObject({
	id: idField.optional(),
	recipient: requiredText(30),
	phone: mobileField,
	address: requiredText(200),
	houseNumber: oneLineText().trim().max(100, { error: "fieldInvalid" }).default(""),
	latitude: latitudeField,
	longitude: longitudeField,
	/** Omitted on an edit: the address keeps its current flag. */
	isDefault: z.boolean().optional(),
	/**
	 * The shop the member orders from. An address outside its delivery area is saved but never
	 * made (or kept) the default by this save: the answer's `deliverable` is false and the app
	 * says so (issue 27).
	 */
	shopId: idField.optional(),
});
export type SaveAddressInput = z.input<typeof SaveAddressInput>;

export interface Address {
	id: number;
	recipient: string;
	phone: string;
	address: string;
	houseNumber: string;
	latitude: number;
	longitude: number;
	isDefault: boolean;
	/** Whether the shop named in the request delivers here; null when no shop was named. */
	deliverable: boolean | null;
}

/** GET address/list: with `shopId`, each address says whether that shop delivers there. */
export const AddressListQuery = z.object({ shopId: queryIdField.optional() });
export type AddressListQuery = z.infer<typeof AddressListQuery>;

export const ADDRESS_MAX_PER_MEMBER = 20;
