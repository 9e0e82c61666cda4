import { z } from "zod";
import { idField, oneLineText } from "./common.js";
import type { MessageKey } from "./messages.js";
import { latitudeField, longitudeField } from "./venues.js";

/**
 * An owner opens another branch of the business (issue 10): its own name, address, phone and
 * place on the map; the menu and the opening hours are copied from a branch they own as a
 * starting point (decision 018), and everything else is then edited on the usual pages.
 */

export const BRANCH_NAME_MAX = 60;
export const BRANCH_ADDRESS_MAX = 200;
export const BRANCH_PHONE_MAX = 30;
/**
 * Shops one business may have (issue 27): far above any real chain on this product, low enough
 * that a script repeating the call cannot fill the database with copies of the menu. The 51st
 * is refused with BranchLimitReached.
 */
export const BRANCHES_PER_TENANT_MAX = 50;

/** A shop's phone as printed on its door: digits with spaces, dashes, brackets and a leading +. */
export const BRANCH_PHONE_PATTERN = /^\+?[0-9][0-9 ()-]*[0-9]$/;

/** Text in three languages: zh-CN required with its own message, en and km optional (blank = not given). */
function localizedText(requiredMessage: MessageKey, max: number) {
	const translation = oneLineText().trim().max(max, { error: "branchTextTooLong" }).default("");
	return z.strictObject({
		"zh-CN": oneLineText(requiredMessage)
			.trim()
			.min(1, { error: requiredMessage, abort: true })
			.max(max, { error: "branchTextTooLong" }),
		en: translation,
		km: translation,
	});
}

export const CreateBranchInput = z.strictObject({
	/** The branch whose menu and hours are copied; the caller must own it. */
	sourceShopId: idField,
	name: localizedText("fillBranchName", BRANCH_NAME_MAX),
	address: localizedText("fillBranchAddress", BRANCH_ADDRESS_MAX),
	phone: oneLineText("fillBranchPhone")
		.trim()
		.min(1, { error: "fillBranchPhone", abort: true })
		.max(BRANCH_PHONE_MAX, { error: "branchPhoneFormat", abort: true })
		.regex(BRANCH_PHONE_PATTERN, { error: "branchPhoneFormat" }),
	latitude: latitudeField,
	longitude: longitudeField,
});
export type CreateBranchInput = z.input<typeof CreateBranchInput>;

/**
 * What a new branch started with. It takes no order until its owner opens it
 * (`acceptingOrders` false: `POST /merchant/shop/accepting-orders`), and the items and options
 * the source counts stock of start at 0 there (`stockToSet` of them), sold out until the owner
 * sets their count (decision 018, issue 27).
 */
export interface CreatedBranch {
	shopId: number;
	/** In the caller's language. */
	name: string;
	sourceShopId: number;
	acceptingOrders: boolean;
	copied: {
		categories: number;
		items: number;
		optionGroups: number;
		options: number;
		openingHours: number;
		/** Items and options counting stock: copied at 0, for the owner to set. */
		stockToSet: number;
	};
}
