import { ErrorCode, type Localized, localize, type MerchantTable, type ResolvedTable } from "@bayon/contract";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { CallerContext } from "../caller.js";
import * as queries from "../queries.js";
import { requireStaff } from "../staff/staff-access.js";
import { signSeatingToken, signTableToken, verifySeatingToken, verifyTableToken } from "./table-token.js";

/** A table as scanning its code finds it, with the QR version its printed code must carry. */
export interface ScannedTable extends Omit<ResolvedTable, "token"> {
	qrVersion: number;
}

async function loadScannedTable(
	deps: AppDeps,
	ctx: CallerContext,
	claims: { tenantId: number; shopId: number; tableId: number },
): Promise<ScannedTable> {
	if (claims.tenantId !== ctx.tenant.id) throw new BusinessError(ErrorCode.TableInvalid);
	const table = await queries.findTable(deps.db, { tenantId: ctx.tenant.id, tableId: claims.tableId });
	if (!table?.enabled || table.shop_id !== claims.shopId) throw new BusinessError(ErrorCode.TableInvalid);
	return {
		shopId: table.shop_id,
		shopName: localize(table.shop_name, ctx.lang),
		tableId: table.id,
		number: table.number,
		seats: table.seats,
		area: table.area ? localize(table.area, ctx.lang) : null,
		qrVersion: table.qr_version,
	};
}

/** Turns a table's printed QR code into its shop and table, refusing forged, edited or reprinted codes. */
export async function findTableOfPrintedCode(deps: AppDeps, ctx: CallerContext, token: string): Promise<ScannedTable> {
	const claims = verifyTableToken(token, deps.config.tokenSecret);
	if (!claims) throw new BusinessError(ErrorCode.TableInvalid);
	const table = await loadScannedTable(deps, ctx, claims);
	if (table.qrVersion !== claims.version) throw new BusinessError(ErrorCode.TableInvalid);
	return table;
}

/** Whether a text is shaped like a seating token rather than a printed code (neither is checked here). */
export const isSeatingToken = (token: string) => token.startsWith("s");

/**
 * Reads a seating token: its table, its seating and whether the table's code is still the one
 * it was issued under (a reprint voids it). A forged or edited token is TableInvalid; whether
 * the seating is still going is for the caller, who owns seatings, to check.
 */
export async function readSeatingToken(
	deps: AppDeps,
	ctx: CallerContext,
	token: string,
): Promise<{ table: ScannedTable; seatingId: number; codeReprinted: boolean }> {
	const claims = verifySeatingToken(token, deps.config.tokenSecret);
	if (!claims) throw new BusinessError(ErrorCode.TableInvalid);
	const table = await loadScannedTable(deps, ctx, claims);
	return { table, seatingId: claims.seatingId, codeReprinted: table.qrVersion !== claims.version };
}

/** The token a diner keeps for one seating at a table. */
export function issueSeatingToken(deps: AppDeps, ctx: CallerContext, table: ScannedTable, seatingId: number): string {
	return signSeatingToken(
		{ tenantId: ctx.tenant.id, shopId: table.shopId, tableId: table.tableId, version: table.qrVersion, seatingId },
		deps.config.tokenSecret,
	);
}

/** The page a table's QR code opens. */
export const SCAN_PAGE_PATH = "/pages/components/pages/scan/operate";

/** A table as its shop's staff see it, with the URL its printed QR code encodes (current QR version). */
export function presentMerchantTable(
	deps: AppDeps,
	ctx: CallerContext,
	args: { shopId: number; origin: string },
	row: { id: number; number: string; seats: number; area: Localized | null; qr_version: number },
): MerchantTable {
	const token = signTableToken(
		{ tenantId: ctx.tenant.id, shopId: args.shopId, tableId: row.id, version: row.qr_version },
		deps.config.tokenSecret,
	);
	return {
		id: row.id,
		number: row.number,
		seats: row.seats,
		area: row.area ? localize(row.area, ctx.lang) : null,
		qrUrl: `${args.origin}${SCAN_PAGE_PATH}?token=${encodeURIComponent(token)}`,
	};
}

/** The shop's tables with their QR URLs, for its owner and staff only. */
export async function listMerchantTables(
	deps: AppDeps,
	ctx: CallerContext & { member: { id: number } },
	args: { shopId: number; origin: string },
): Promise<MerchantTable[]> {
	await requireStaff(deps, ctx, args.shopId);
	const rows = await queries.listTables(deps.db, args.shopId);
	return rows.map((row) => presentMerchantTable(deps, ctx, args, row));
}
