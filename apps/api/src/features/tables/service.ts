import {
	BELL_COOLDOWN_SECONDS,
	type BellCoolingDownData,
	type CallStaffInput,
	type CallStaffResult,
	type CreateTableInput,
	ErrorCode,
	type Localized,
	type MerchantTable,
	type MoveTableInput,
	roleAllows,
	type SetTableEnabledInput,
	type ShopPermission,
	type TableCallView,
	type TableGridEntry,
	type TableState,
	type UpdateTableInput,
} from "@bayon/contract";
import type { Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import type { RequestContext, SignedInContext } from "../../http/request-context.js";
import { tellShopGroup } from "../notifications/outbox/outbox.js";
import { currentSeating, listCurrentSeatings } from "../ordering/bills/table-seatings.js";
import { announceTableEvent } from "../ordering/events.js";
import { recordShopChange } from "../shop-changes/record.js";
import { requireShopPermission, requireStaffWithoutOracle, staffRoleAt } from "../venues/staff/staff-access.js";
import { presentMerchantTable } from "../venues/tables/tables.js";
import * as queries from "./queries.js";

/**
 * Tables and the bell (decision 016). Owners and managers (permission `shop`) add and edit
 * tables and give one a new QR code; all the shop's staff (permission `tables`) see the grid
 * and answer calls; a diner seated at a table calls the staff with their seating token.
 */

type TableRow = Omit<Awaited<ReturnType<typeof queries.listTables>>[number], "sort">;

/** The table as a change-log entry shows it. */
const loggedTable = (row: TableRow) => ({ number: row.number, seats: row.seats, area: row.area });

/**
 * A call on one table: staff of another shop and customers are answered alike for real and
 * made-up ids (requireStaffWithoutOracle); the shop's own staff without `permission` are
 * told Forbidden.
 */
async function authorizeForTable(
	deps: AppDeps,
	ctx: SignedInContext,
	tableId: number,
	permission: ShopPermission,
	options: { includeHidden?: boolean } = {},
) {
	const table = await queries.findTable(deps.db, { tenantId: ctx.tenant.id, tableId, ...options });
	await requireStaffWithoutOracle(deps, ctx, table?.shop_id);
	const role = table ? await staffRoleAt(deps, ctx, table.shop_id) : null;
	if (!table || !role || !roleAllows(role, permission)) throw new BusinessError(ErrorCode.Forbidden);
	return table;
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === "23505";

/**
 * One change to a table: made and put in the change log in one transaction, then announced to
 * the shop's staff (their grids refetch).
 */
async function changeTable(
	deps: AppDeps,
	ctx: SignedInContext,
	args: { shopId: number; action: "create" | "update" | "rotate_qr" | "disable" | "enable" | "move"; reason: string },
	change: (trx: Transaction<DB>) => Promise<{ row: TableRow; before?: unknown; after: unknown }>,
): Promise<TableRow> {
	const row = await deps.db.transaction().execute(async (trx) => {
		const { row, before, after } = await change(trx);
		await recordShopChange(trx, {
			tenantId: ctx.tenant.id,
			shopId: args.shopId,
			memberId: ctx.member.id,
			subject: "dining_table",
			subjectId: row.id,
			action: args.action,
			before,
			after,
		});
		return row;
	});
	await announceTableEvent(deps, {
		type: "table.changed",
		tenantId: ctx.tenant.id,
		shopId: row.shop_id,
		tableId: row.id,
		reason: args.reason,
	});
	return row;
}

export async function createTable(
	deps: AppDeps,
	ctx: SignedInContext,
	input: CreateTableInput & { origin: string },
): Promise<MerchantTable> {
	await requireShopPermission(deps, ctx, input.shopId, "shop");
	const row = await changeTable(
		deps,
		ctx,
		{ shopId: input.shopId, action: "create", reason: "created" },
		async (trx) => {
			const created = await queries.insertTable(trx, input);
			if (!created) throw new BusinessError(ErrorCode.TableNumberTaken);
			return { row: created, after: loggedTable(created) };
		},
	);
	return presentMerchantTable(deps, ctx, { shopId: row.shop_id, origin: input.origin }, row);
}

/** Renames a table or changes its seats or area; its printed code keeps working. */
export async function updateTable(
	deps: AppDeps,
	ctx: SignedInContext,
	input: UpdateTableInput & { origin: string },
): Promise<MerchantTable> {
	const table = await authorizeForTable(deps, ctx, input.tableId, "shop");
	let row: TableRow;
	try {
		row = await changeTable(deps, ctx, { shopId: table.shop_id, action: "update", reason: "updated" }, async (trx) => {
			const before = await queries.lockTable(trx, input.tableId);
			const taken = await queries.numberTakenByAnother(trx, {
				shopId: table.shop_id,
				number: input.number,
				tableId: input.tableId,
			});
			if (taken) throw new BusinessError(ErrorCode.TableNumberTaken);
			const after = await queries.updateTable(trx, input.tableId, input);
			return { row: after, before: loggedTable(before), after: loggedTable(after) };
		});
	} catch (error) {
		// Two tables renamed to the same number at once: the unique index decides.
		if (isUniqueViolation(error)) throw new BusinessError(ErrorCode.TableNumberTaken);
		throw error;
	}
	return presentMerchantTable(deps, ctx, { shopId: row.shop_id, origin: input.origin }, row);
}

/**
 * A new QR code for a table: the QR version goes up, so every printed copy (and a photo of
 * one) and every seating token handed out from it stop working; the diners at the table scan
 * the new print and carry on with the same bill (decision 009).
 */
export async function reprintTableCode(
	deps: AppDeps,
	ctx: SignedInContext,
	args: { tableId: number; origin: string },
): Promise<MerchantTable> {
	const table = await authorizeForTable(deps, ctx, args.tableId, "shop");
	const scope = { shopId: table.shop_id, action: "rotate_qr", reason: "codeRotated" } as const;
	const row = await changeTable(deps, ctx, scope, async (trx) => {
		const before = await queries.lockTable(trx, args.tableId);
		const after = await queries.bumpQrVersion(trx, args.tableId);
		return { row: after, before: { qrVersion: before.qr_version }, after: { qrVersion: after.qr_version } };
	});
	return presentMerchantTable(deps, ctx, { shopId: row.shop_id, origin: args.origin }, row);
}

/**
 * Hides a table (off the grid and the sheet; its printed code and its seating tokens are
 * refused like a reprinted code's) or shows it again, after the tables in use. A seating
 * still open at a hidden table stays on "Tables to pay" for the staff to settle. Hiding a
 * hidden table changes nothing and logs nothing.
 */
export async function setTableEnabled(
	deps: AppDeps,
	ctx: SignedInContext,
	input: SetTableEnabledInput & { origin: string },
): Promise<MerchantTable> {
	const table = await authorizeForTable(deps, ctx, input.tableId, "shop", { includeHidden: true });
	const present = (row: TableRow) =>
		presentMerchantTable(deps, ctx, { shopId: row.shop_id, origin: input.origin }, row);
	if (table.enabled === input.enabled) return present(table);
	const scope = {
		shopId: table.shop_id,
		action: input.enabled ? "enable" : "disable",
		reason: input.enabled ? "enabled" : "disabled",
	} as const;
	const row = await changeTable(deps, ctx, scope, async (trx) => {
		const before = await queries.lockTable(trx, input.tableId);
		// A second tap, or someone else's, got here first.
		if (before.enabled === input.enabled) throw new TableUnchanged(before);
		const after = await queries.setEnabled(trx, before, input.enabled);
		return { row: after, before: { enabled: before.enabled }, after: { enabled: input.enabled } };
	}).catch((error: unknown) => {
		if (error instanceof TableUnchanged) return error.row;
		throw error;
	});
	return present(row);
}

/** Rolls back a change that turned out to change nothing (and so logs and announces nothing). */
class TableUnchanged extends Error {
	constructor(readonly row: TableRow) {
		super("table unchanged");
	}
}

/**
 * Moves a table one place up or down the grid and the sheet (among the tables in use). The
 * first table moved up, or the last down, stays where it is. The shop's tables are renumbered
 * 1, 2, … so old equal sort values cannot make a move do nothing.
 */
export async function moveTable(
	deps: AppDeps,
	ctx: SignedInContext,
	input: MoveTableInput,
): Promise<{ tableIds: number[] }> {
	const table = await authorizeForTable(deps, ctx, input.tableId, "shop");
	let order: number[] = [];
	const scope = { shopId: table.shop_id, action: "move", reason: "moved" } as const;
	await changeTable(deps, ctx, scope, async (trx) => {
		await queries.lockShopTables(trx, table.shop_id);
		const rows = await queries.listTables(trx, table.shop_id);
		order = rows.map((row) => row.id);
		const from = order.indexOf(input.tableId);
		const to = from + (input.direction === "up" ? -1 : 1);
		const moved = rows[from];
		// Hidden by someone else meanwhile, or already at the end it is moved towards.
		if (!moved) throw new TableUnchanged(table);
		if (to < 0 || to >= order.length) throw new TableUnchanged(moved);
		order.splice(from, 1);
		order.splice(to, 0, input.tableId);
		for (const [index, id] of order.entries()) {
			const row = rows.find((candidate) => candidate.id === id);
			if (row && row.sort !== index + 1) await queries.setSort(trx, id, index + 1);
		}
		return { row: moved, before: { position: from + 1 }, after: { position: to + 1 } };
	}).catch((error: unknown) => {
		if (!(error instanceof TableUnchanged)) throw error;
	});
	return { tableIds: order };
}

/** The shop's hidden tables, for showing one again (permission `shop`). */
export async function hiddenTables(
	deps: AppDeps,
	ctx: SignedInContext,
	args: { shopId: number; origin: string },
): Promise<MerchantTable[]> {
	await requireShopPermission(deps, ctx, args.shopId, "shop");
	const rows = await queries.listTables(deps.db, args.shopId, "hidden");
	return rows.map((row) => presentMerchantTable(deps, ctx, args, row));
}

/** The shop's tables with their QR URLs, for the printed sheet (permission `shop`). */
export async function tablesToPrint(
	deps: AppDeps,
	ctx: SignedInContext,
	args: { shopId: number; origin: string },
): Promise<MerchantTable[]> {
	await requireShopPermission(deps, ctx, args.shopId, "shop");
	const rows = await queries.listTables(deps.db, args.shopId);
	return rows.map((row) => presentMerchantTable(deps, ctx, args, row));
}

const presentCall = (row: { id: number; kind: "waiter" | "bill"; called_at: Date | string }): TableCallView => ({
	id: row.id,
	kind: row.kind,
	calledAt: new Date(row.called_at).toISOString(),
});

/** The staff's live grid: every table, what is happening at it, and its unanswered calls. */
export async function tableGrid(
	deps: AppDeps,
	ctx: SignedInContext,
	args: { shopId: number; origin: string },
): Promise<TableGridEntry[]> {
	await requireShopPermission(deps, ctx, args.shopId, "tables");
	const [rows, seatings, calls] = await Promise.all([
		queries.listTables(deps.db, args.shopId),
		listCurrentSeatings(deps, { tenantId: ctx.tenant.id, shopId: args.shopId }),
		queries.unansweredCalls(deps.db, args.shopId),
	]);
	const askedForBill = new Set(
		(
			await queries.seatingsThatAskedForTheBill(
				deps.db,
				seatings.map((seating) => seating.billId),
			)
		).map((row) => row.bill_id),
	);
	return rows.map((row) => {
		const seating = seatings.find((s) => s.tableId === row.id);
		const open = calls.filter((call) => call.table_id === row.id);
		let state: TableState = "free";
		if (open.length > 0) state = "calling";
		else if (seating && askedForBill.has(seating.billId)) state = "waitingToPay";
		else if (seating) state = seating.rounds > 0 ? "eating" : "ordering";
		return {
			...presentMerchantTable(deps, ctx, args, row),
			areaNames: row.area as Localized | null,
			state,
			seatedAt: seating ? seating.seatedAt.toISOString() : null,
			calls: open.map(presentCall),
		};
	});
}

/**
 * A diner calls the staff from the table page with the token of the seating they joined.
 * One call per table per BELL_COOLDOWN_SECONDS, whoever rings: the table's row is locked so
 * two diners tapping at once make one call, and the other is told how long to wait.
 */
export async function callStaff(deps: AppDeps, ctx: RequestContext, input: CallStaffInput): Promise<CallStaffResult> {
	const seating = await currentSeating(deps, ctx, input.tableToken);
	const { table, bill } = seating;
	const now = deps.clock.now();
	const call = await deps.db.transaction().execute(async (trx) => {
		await queries.lockTable(trx, table.tableId);
		const last = await queries.lastCall(trx, table.tableId);
		if (last) {
			const waitedMs = now.getTime() - new Date(last.called_at).getTime();
			const leftSeconds = Math.ceil((BELL_COOLDOWN_SECONDS * 1000 - waitedMs) / 1000);
			if (leftSeconds > 0) {
				const data: BellCoolingDownData = { retryAfterSeconds: leftSeconds };
				throw new BusinessError(ErrorCode.BellCoolingDown, { seconds: leftSeconds }, data);
			}
		}
		const inserted = await queries.insertCall(trx, {
			tenantId: ctx.tenant.id,
			shopId: table.shopId,
			tableId: table.tableId,
			billId: bill.id,
			memberId: ctx.member?.id ?? null,
			kind: input.kind,
			calledAt: now,
		});
		// The staff group hears the bell too, for when no one is looking at the grid (decision 024).
		await tellShopGroup(trx, {
			tenantId: ctx.tenant.id,
			shopId: table.shopId,
			kind: "shopBellCall",
			subjectId: inserted.id,
			now,
		});
		return inserted;
	});
	await announceTableEvent(deps, {
		type: "table.called",
		tenantId: ctx.tenant.id,
		shopId: table.shopId,
		tableId: table.tableId,
		reason: input.kind,
	});
	return { call: presentCall(call), nextCallInSeconds: BELL_COOLDOWN_SECONDS };
}

/** Someone is going to the table: its open calls stop ringing on every screen. */
export async function answerCalls(
	deps: AppDeps,
	ctx: SignedInContext,
	args: { tableId: number },
): Promise<{ answered: number }> {
	const table = await authorizeForTable(deps, ctx, args.tableId, "tables");
	const answered = await queries.answerCalls(deps.db, {
		tableId: args.tableId,
		memberId: ctx.member.id,
		now: deps.clock.now(),
	});
	await announceAnswered(deps, ctx, table.shop_id, answered);
	return { answered: answered.length };
}

/** Someone is going round the room: every open call of the shop stops ringing on every screen. */
export async function answerAllCalls(
	deps: AppDeps,
	ctx: SignedInContext,
	args: { shopId: number },
): Promise<{ answered: number }> {
	await requireShopPermission(deps, ctx, args.shopId, "tables");
	const answered = await queries.answerCalls(deps.db, {
		shopId: args.shopId,
		memberId: ctx.member.id,
		now: deps.clock.now(),
	});
	await announceAnswered(deps, ctx, args.shopId, answered);
	return { answered: answered.length };
}

async function announceAnswered(
	deps: AppDeps,
	ctx: SignedInContext,
	shopId: number,
	answered: Array<{ table_id: number }>,
) {
	for (const tableId of new Set(answered.map((call) => call.table_id)))
		await announceTableEvent(deps, {
			type: "table.changed",
			tenantId: ctx.tenant.id,
			shopId,
			tableId,
			reason: "answered",
		});
}
