import { z } from "zod";
import { queryIdField, queryInteger } from "./common.js";
import { Limits } from "./constants.js";

/**
 * The record of who changed what in a shop's merchant area (issue 10), written by
 * recordShopChange in the changing transaction; owners and managers read it (permission `changeLog`).
 */

/** GET merchant/changes/page?shopId=&page=&pageSize= (newest first). */
export const ShopChangesQuery = z.object({
	shopId: queryIdField,
	page: queryInteger({ min: 1 }).default(1),
	pageSize: queryInteger({ min: 1, max: Limits.pageSizeMax }).default(20),
});
export type ShopChangesQuery = z.infer<typeof ShopChangesQuery>;

/** A value as it was or became, in the reader's language (names kept per language are resolved). */
export type ChangeValue = string | number | boolean | null | ChangeValue[] | { [key: string]: ChangeValue };

/** One field that changed: `before` is null for something created, `after` for something removed. */
export interface ChangedField {
	field: string;
	before: ChangeValue;
	after: ChangeValue;
}

export interface ShopChangeView {
	id: number;
	at: string;
	by: { memberId: number; nickname: string; mobile: string };
	/** `menu_item`, `shop`, `shop_staff`, … (the web app names them in the reader's language). */
	subject: string;
	subjectId: string | null;
	/** `create`, `update`, `delete`, or a named action (`sold_out`, `rotate_qr`, …). */
	action: string;
	/** What it is about in words when the record says (an item's or table's name, a staff member's phone). */
	label: string | null;
	/** Only the fields whose value differs between before and after. */
	fields: ChangedField[];
}
