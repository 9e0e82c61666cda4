import { z } from "zod";
import { Limits, PHONE_PATTERN } from "./constants.js";
import type { MessageKey } from "./messages.js";

/**
 * Field schemas reused by several features. Their error texts are keys of the shared
 * message catalogue (messages.ts); the server and the web app translate them.
 *
 * Input is taken as it is or refused, never coerced (decision 007):
 * - every text field is built from `oneLineText` or `multiLineText`, which refuse control
 *   characters (PostgreSQL cannot store byte 0; the others corrupt logs, CSV exports and
 *   screens) and invisible direction marks (a stored name must read as it is);
 * - a number in a JSON body is a JSON number (`true`, `"16"` or `[[1]]` are refused);
 * - a number in a query string or path is plain decimal digits (`queryInteger`,
 *   `queryDecimal`); a repeated key (`?id=1&id=2`) arrives as an array and is refused.
 */

/** Control characters (C0, DEL, C1), the Unicode line and paragraph separators, and lone surrogate halves. */
const NOT_IN_ONE_LINE = /[\p{Cc}\p{Cs}\u2028\u2029]/u;
/** The same, except tab, line feed and carriage return: text typed into a multi-line box. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const NOT_IN_TEXT_BLOCK = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Cs}\u2028\u2029]/u;

/**
 * Invisible marks that change the direction text is shown in: LRM, RLM and the Arabic letter
 * mark, the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069, and the
 * byte-order mark U+FEFF. A right-to-left override in a table number or a dish's name makes
 * it read differently from what is stored ("1\u202E01" shows as "110"), on the staff's
 * screens, the printed QR sheet and in exports. None of our languages needs them (decision 007):
 * Khmer's zero-width space and joiners (U+200B–U+200D) are not among them and stay allowed.
 */
export const DIRECTION_MARKS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/;

/**
 * Text on one line: a name, an address, a token. `error` is the message for a value that is
 * not a string at all; chain `.trim()`, `.min()`, `.max()` and rules after it.
 */
export function oneLineText(error: MessageKey = "fieldInvalid") {
	return z
		.string({ error })
		.refine((value) => !NOT_IN_ONE_LINE.test(value), { error: "textHasControlChars", abort: true })
		.refine((value) => !DIRECTION_MARKS.test(value), { error: "textHasDirectionMarks", abort: true });
}

/** Text that may span lines (a remark, a reason): like `oneLineText`, but tabs and line breaks are kept. */
export function multiLineText(error: MessageKey = "fieldInvalid") {
	return z
		.string({ error })
		.refine((value) => !NOT_IN_TEXT_BLOCK.test(value), { error: "textHasControlChars", abort: true })
		.refine((value) => !DIRECTION_MARKS.test(value), { error: "textHasDirectionMarks", abort: true });
}

export const mobileField = oneLineText("fillPhone")
	.trim()
	.min(1, { error: "fillPhone", abort: true })
	.regex(PHONE_PATTERN, { error: "phoneFormat" });

/** A row id in a JSON body: a positive whole JSON number. */
export const idField = z
	.number({ error: "fieldInvalid" })
	.int({ error: "fieldInvalid" })
	.positive({ error: "fieldInvalid" });

/** The longest digit run read from a query string: past 15 digits a number is no longer exact. */
const MAX_QUERY_DIGITS = 15;

/**
 * A whole number in a query string or path: decimal digits only, with a leading minus only
 * when `min` is negative. Blanks, `0x10`, `1e3`, `+1`, `true` and repeated keys are refused.
 */
export function queryInteger(bounds: { min: number; max?: number }, error: MessageKey = "fieldInvalid") {
	const digits = bounds.min < 0 ? /^-?\d+$/ : /^\d+$/;
	return z
		.string({ error })
		.max(MAX_QUERY_DIGITS + 1, { error })
		.regex(digits, { error })
		.transform(Number)
		.pipe(
			z
				.number()
				.int({ error })
				.min(bounds.min, { error })
				.max(bounds.max ?? Number.MAX_SAFE_INTEGER, { error }),
		);
}

/** A decimal number in a query string (a latitude): digits with an optional minus and decimal point. */
export function queryDecimal(bounds: { min: number; max: number }, error: MessageKey = "fieldInvalid") {
	return z
		.string({ error })
		.max(2 * MAX_QUERY_DIGITS, { error })
		.regex(/^-?\d+(\.\d+)?$/, { error })
		.transform(Number)
		.pipe(z.number().min(bounds.min, { error }).max(bounds.max, { error }));
}

/** A row id in a query string or path (`/order/detail/:id`). */
export const queryIdField = queryInteger({ min: 1 });

export const PageQuery = z.object({
	page: queryInteger({ min: 1 }).default(1),
	pageSize: queryInteger({ min: 1, max: Limits.pageSizeMax }).default(10),
});
export type PageQuery = z.infer<typeof PageQuery>;

export interface PageResult<T> {
	list: T[];
	total: number;
}

/** A row id as the path parameter `:id`. */
export const IdParams = z.object({ id: queryIdField });
/** A shop chosen in the query string (`?shopId=`). */
export const ShopQuery = z.object({ shopId: queryIdField });
/** An order chosen in the query string (`?orderId=`). */
export const OrderIdQuery = z.object({ orderId: queryIdField });
