import { z } from "zod";
import { idField, oneLineText } from "./common.js";
import type { Localized } from "./i18n.js";

/**
 * Tables and the bell (issue 10, decision 016): the shop's tables edited by its owner and
 * managers, their QR codes printed on one sheet, and diners calling the staff from the table.
 */

/** Seconds a table waits between two calls of the bell, whoever rings. */
export const BELL_COOLDOWN_SECONDS = 60;
export const TABLE_NUMBER_MAX_LENGTH = 12;
export const TABLE_AREA_MAX_LENGTH = 30;
export const TABLE_SEATS_MAX = 99;

/** What a diner asks for: a waiter, or the bill. */
export const TABLE_CALL_KINDS = ["waiter", "bill"] as const;
export type TableCallKind = (typeof TABLE_CALL_KINDS)[number];

/**
 * How a table looks on the staff's grid: nobody seated; seated by the staff (a booking arrived)
 * but nothing ordered yet; eating (a round ordered); asked for the bill in this seating; calling
 * (a call nobody answered yet). Opening the table's QR link alone leaves it free (issue 27).
 */
export type TableState = "free" | "ordering" | "eating" | "waitingToPay" | "calling";

const areaName = oneLineText().trim().max(TABLE_AREA_MAX_LENGTH, { error: "tableAreaTooLong" });

/** A table's area in the three languages, zh-CN required; null: no area. */
const TableAreaField = z
	.strictObject(
		{
			"zh-CN": oneLineText("tableAreaZhRequired")
				.trim()
				.min(1, { error: "tableAreaZhRequired", abort: true })
				.max(TABLE_AREA_MAX_LENGTH, { error: "tableAreaTooLong" }),
			en: areaName.optional(),
			km: areaName.optional(),
		},
		{ error: "fieldInvalid" },
	)
	.nullable();

const tableFields = {
	number: oneLineText("tableNumberRequired")
		.trim()
		.min(1, { error: "tableNumberRequired", abort: true })
		.max(TABLE_NUMBER_MAX_LENGTH, { error: "tableNumberTooLong" }),
	seats: z
		.number({ error: "tableSeatsInvalid" })
		.int({ error: "tableSeatsInvalid" })
		.min(1, { error: "tableSeatsInvalid" })
		.max(TABLE_SEATS_MAX, { error: "tableSeatsInvalid" }),
	area: TableAreaField,
};

/** Owner or manager: a new table (its QR code is printed from the sheet). */
export const CreateTableInput = z.strictObject({ shopId: idField, ...tableFields });
export type CreateTableInput = z.infer<typeof CreateTableInput>;

/** Owner or manager: rename a table, change its seats or area. Its QR code stays valid. */
export const UpdateTableInput = z.strictObject({ tableId: idField, ...tableFields });
export type UpdateTableInput = z.infer<typeof UpdateTableInput>;

/**
 * Owner or manager: a new QR code for a table (POST /merchant/table/reprint). Every printed
 * copy and every seating token handed out from it stops working; the seating goes on.
 */
export const ReprintTableCodeInput = z.strictObject({ tableId: idField });

/** A diner at the table calls the staff, with the seating token the table page keeps. */
export const CallStaffInput = z.strictObject({
	tableToken: oneLineText().max(2000),
	kind: z.enum(TABLE_CALL_KINDS, { error: "fieldInvalid" }),
});
export type CallStaffInput = z.infer<typeof CallStaffInput>;

/** Staff: someone is going to the table; every open call of the table stops ringing. */
export const AnswerCallsInput = z.strictObject({ tableId: idField });

/** Staff: someone is going round the room; every open call of the shop stops ringing. */
export const AnswerAllCallsInput = z.strictObject({ shopId: idField });

/**
 * Owner or manager: hide a table (off the grid and the QR sheet, its printed code and its
 * seating tokens refused) or show it again (it comes back after the others).
 */
export const SetTableEnabledInput = z.strictObject({
	tableId: idField,
	enabled: z.boolean({ error: "fieldInvalid" }),
});
export type SetTableEnabledInput = z.infer<typeof SetTableEnabledInput>;

export const TABLE_MOVE_DIRECTIONS = ["up", "down"] as const;
export type TableMoveDirection = (typeof TABLE_MOVE_DIRECTIONS)[number];

/** Owner or manager: move a table one place earlier (`up`) or later (`down`) on the grid and the sheet. */
export const MoveTableInput = z.strictObject({
	tableId: idField,
	direction: z.enum(TABLE_MOVE_DIRECTIONS, { error: "fieldInvalid" }),
});
export type MoveTableInput = z.infer<typeof MoveTableInput>;

export interface TableCallView {
	id: number;
	kind: TableCallKind;
	calledAt: string;
}

/** What the diner is told once a call went through. */
export interface CallStaffResult {
	call: TableCallView;
	/** Seconds until the table may call again. */
	nextCallInSeconds: number;
}

/** BellCoolingDown's data: when the table may call again. */
export interface BellCoolingDownData {
	retryAfterSeconds: number;
}

/** One table on the staff's grid. */
export interface TableGridEntry {
	id: number;
	number: string;
	seats: number;
	/** The area in the reader's language. */
	area: string | null;
	/** The area in every language, for the edit form. */
	areaNames: Localized | null;
	/** The URL its printed QR code encodes. */
	qrUrl: string;
	state: TableState;
	/** When the table was taken (its first round, or the staff seating a booking), or null when free. */
	seatedAt: string | null;
	/** Calls nobody has answered yet, oldest first. */
	calls: TableCallView[];
}
