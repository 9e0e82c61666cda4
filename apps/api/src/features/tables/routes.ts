import {
	AnswerAllCallsInput,
	AnswerCallsInput,
	CallStaffInput,
	CreateTableInput,
	MoveTableInput,
	ReprintTableCodeInput,
	SetTableEnabledInput,
	ShopQuery,
	UpdateTableInput,
} from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { publicOrigin } from "../../http/origin.js";
import { signedIn } from "../../http/request-context.js";
import { listStaffShops } from "../venues/staff/staff-access.js";
import { QrSheets, SHEET_LIMITS } from "./qr-sheet.js";
import * as tables from "./service.js";

/**
 * Tables and the bell (decision 016): owners and managers edit tables and print their codes;
 * the shop's staff see the live grid and answer calls; a diner calls from the table page.
 * GET /merchant/tables (the list with QR URLs, any staff) stays with the venues.
 */
export async function tableRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();
	// Built one at a time, the last sheet of each shop kept (issue 27).
	const sheets = new QrSheets({ ...SHEET_LIMITS, ...deps.config.qrSheetLimits });

	r.post("/merchant/table/create", { schema: { body: CreateTableInput } }, async (request) =>
		ok(await tables.createTable(deps, signedIn(request), { ...request.body, origin: publicOrigin(deps, request) })),
	);
	r.post("/merchant/table/update", { schema: { body: UpdateTableInput } }, async (request) =>
		ok(await tables.updateTable(deps, signedIn(request), { ...request.body, origin: publicOrigin(deps, request) })),
	);
	/** Hide a table (its codes refused) or show it again. */
	r.post("/merchant/table/enable", { schema: { body: SetTableEnabledInput } }, async (request) =>
		ok(await tables.setTableEnabled(deps, signedIn(request), { ...request.body, origin: publicOrigin(deps, request) })),
	);
	/** One place up or down the grid and the sheet; answers the tables' ids in their new order. */
	r.post("/merchant/table/move", { schema: { body: MoveTableInput } }, async (request) =>
		ok(await tables.moveTable(deps, signedIn(request), request.body)),
	);
	/** The shop's hidden tables, to show one again. */
	r.get("/merchant/table/hidden", { schema: { querystring: ShopQuery } }, async (request) =>
		ok(
			await tables.hiddenTables(deps, signedIn(request), {
				shopId: request.query.shopId,
				origin: publicOrigin(deps, request),
			}),
		),
	);
	/** A new QR code for a table; printed copies and codes handed out from them stop working. */
	r.post("/merchant/table/reprint", { schema: { body: ReprintTableCodeInput } }, async (request) =>
		ok(
			await tables.reprintTableCode(deps, signedIn(request), {
				tableId: request.body.tableId,
				origin: publicOrigin(deps, request),
			}),
		),
	);
	/** Every table's QR code on A4 pages, as a PDF download (refusals answer the usual JSON envelope). */
	r.get("/merchant/table/qr-sheet", { schema: { querystring: ShopQuery } }, async (request, reply) => {
		const ctx = signedIn(request);
		const { shopId } = request.query;
		const list = await tables.tablesToPrint(deps, ctx, { shopId, origin: publicOrigin(deps, request) });
		const shops = await listStaffShops(deps, { tenantId: ctx.tenant.id, memberId: ctx.member.id, lang: ctx.lang });
		const shopName = shops.find((shop) => shop.shopId === shopId)?.shopName ?? "";
		const pdf = await sheets.sheetFor(shopId, { shopName, tables: list }, request.log);
		return reply
			.header("content-type", "application/pdf")
			.header("content-disposition", `attachment; filename="table-codes-${shopId}.pdf"`)
			.header("cache-control", "no-store")
			.send(pdf);
	});

	/** The staff's live grid of tables. */
	r.get("/merchant/bell/tables", { schema: { querystring: ShopQuery } }, async (request) =>
		ok(
			await tables.tableGrid(deps, signedIn(request), {
				shopId: request.query.shopId,
				origin: publicOrigin(deps, request),
			}),
		),
	);
	r.post("/merchant/bell/answer", { schema: { body: AnswerCallsInput } }, async (request) =>
		ok(await tables.answerCalls(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/bell/answer-all", { schema: { body: AnswerAllCallsInput } }, async (request) =>
		ok(await tables.answerAllCalls(deps, signedIn(request), request.body)),
	);
	/** Public: the seating token is the proof of sitting at the table; signing in is not needed to call. */
	r.post("/table/call", { config: { public: true }, schema: { body: CallStaffInput } }, async (request) =>
		ok(await tables.callStaff(deps, request.ctx, request.body)),
	);
}
