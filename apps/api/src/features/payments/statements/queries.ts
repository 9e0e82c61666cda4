import {
	DISCREPANCY_PAGE_SIZE,
	type DiscrepancyKind,
	type DiscrepancyListQuery,
	type DiscrepancyPage,
	type DiscrepancyRail,
	type DiscrepancyView,
	ErrorCode,
	PAY_RAILS,
	RAIL_STATEMENT_ZONES,
	type ResolveDiscrepancyInput,
	type StatementRunsAnswer,
} from "@bayon/contract";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";

/** How far back the statement runs are listed per rail. */
const RUNS_LISTED = 14;

function discrepancies(db: Kysely<DB>, tenantId: number) {
	return db
		.selectFrom("payment_discrepancy as d")
		.leftJoin("payment as p", "p.id", "d.payment_id")
		.leftJoin("member as m", "m.id", "d.resolved_by")
		.where("d.tenant_id", "=", tenantId);
}

const VIEW_COLUMNS = [
	"d.id",
	"d.rail",
	"d.kind",
	"d.payment_id",
	"d.rail_trade_no",
	"d.statement_date",
	"d.our_amount",
	"d.rail_amount",
	"d.detail",
	"d.found_at",
	"d.resolved_at",
	"d.resolved_by",
	"d.resolution_note",
	"p.purpose",
	"p.purpose_id",
	"p.currency",
	"p.rail_currency",
	"m.nickname",
] as const;

type ViewRow = {
	id: number;
	rail: string;
	kind: string;
	payment_id: string | null;
	rail_trade_no: string | null;
	statement_date: string | Date | null;
	our_amount: number | string | null;
	rail_amount: number | string | null;
	detail: Record<string, unknown> | string;
	found_at: Date | string;
	resolved_at: Date | string | null;
	resolved_by: number | null;
	resolution_note: string | null;
	purpose: string | null;
	purpose_id: number | null;
	currency: string | null;
	rail_currency: string | null;
	nickname: string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();
const amountOf = (value: number | string | null) => (value === null ? null : Number(value));

export function discrepancyView(row: ViewRow): DiscrepancyView {
	const detail = typeof row.detail === "string" ? (JSON.parse(row.detail) as Record<string, unknown>) : row.detail;
	const lineCurrency = typeof detail.currency === "string" ? detail.currency : null;
	return {
		id: Number(row.id),
		rail: row.rail as DiscrepancyRail,
		kind: row.kind as DiscrepancyKind,
		paymentId: row.payment_id,
		purpose: row.purpose,
		purposeId: row.purpose_id === null ? null : Number(row.purpose_id),
		railTradeNo: row.rail_trade_no,
		statementDate:
			row.statement_date === null
				? null
				: typeof row.statement_date === "string"
					? row.statement_date.slice(0, 10)
					: row.statement_date.toISOString().slice(0, 10),
		ourAmount: amountOf(row.our_amount),
		railAmount: amountOf(row.rail_amount),
		currency: row.rail_currency ?? lineCurrency ?? row.currency,
		detail,
		foundAt: iso(row.found_at),
		resolvedAt: row.resolved_at === null ? null : iso(row.resolved_at),
		resolvedBy: row.resolved_by === null ? null : { id: Number(row.resolved_by), name: row.nickname ?? "" },
		resolutionNote: row.resolution_note,
	};
}

/** The tenant's differences, open (newest found first) or resolved (newest resolved first), one page. */
export async function listDiscrepancies(
	deps: AppDeps,
	tenantId: number,
	query: z.output<typeof DiscrepancyListQuery>,
): Promise<DiscrepancyPage> {
	let base = discrepancies(deps.db, tenantId).where("d.resolved_at", query.status === "open" ? "is" : "is not", null);
	if (query.rail) base = base.where("d.rail", "=", query.rail);
	const counted = await base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
	const rows = await base
		.select(VIEW_COLUMNS)
		.orderBy(query.status === "open" ? "d.found_at" : "d.resolved_at", "desc")
		.orderBy("d.id", "desc")
		.limit(DISCREPANCY_PAGE_SIZE)
		.offset((query.page - 1) * DISCREPANCY_PAGE_SIZE)
		.execute();
	return {
		list: rows.map((row) => discrepancyView(row as ViewRow)),
		total: Number(counted.n),
		page: query.page,
		pageSize: DISCREPANCY_PAGE_SIZE,
	};
}

/** Every open difference of the tenant (for the CSV), oldest first, at most `limit`. */
export async function openDiscrepancies(
	deps: AppDeps,
	args: { tenantId: number; rail?: DiscrepancyRail | undefined; limit: number },
): Promise<DiscrepancyView[]> {
	let base = discrepancies(deps.db, args.tenantId).where("d.resolved_at", "is", null);
	if (args.rail) base = base.where("d.rail", "=", args.rail);
	const rows = await base.select(VIEW_COLUMNS).orderBy("d.found_at").orderBy("d.id").limit(args.limit).execute();
	return rows.map((row) => discrepancyView(row as ViewRow));
}

/**
 * Resolves one open difference with the operator's note, once: the update holds only while it
 * is still open, so two operators (or one clicking twice) resolve it once; the other is refused
 * with who resolved it.
 */
export async function resolveDiscrepancy(
	deps: AppDeps,
	args: { tenantId: number; memberId: number; input: z.output<typeof ResolveDiscrepancyInput> },
): Promise<DiscrepancyView> {
	const resolved = await deps.db
		.updateTable("payment_discrepancy")
		.set({ resolved_at: deps.clock.now(), resolved_by: args.memberId, resolution_note: args.input.note })
		.where("tenant_id", "=", args.tenantId)
		.where("id", "=", args.input.id)
		.where("resolved_at", "is", null)
		.returning("id")
		.executeTakeFirst();
	const row = await discrepancies(deps.db, args.tenantId)
		.select(VIEW_COLUMNS)
		.where("d.id", "=", args.input.id)
		.executeTakeFirst();
	if (!row) throw new BusinessError(ErrorCode.NotFound);
	const view = discrepancyView(row as ViewRow);
	if (!resolved)
		throw new BusinessError(ErrorCode.DiscrepancyAlreadyResolved, { name: view.resolvedBy?.name ?? "" }, view);
	return view;
}

/** Each rail set up for the tenant, with its latest statement runs. */
export async function statementRuns(deps: AppDeps, tenantId: number): Promise<StatementRunsAnswer> {
	const settings = await deps.db
		.selectFrom("payment_rail_settings")
		.select(["rail", "enabled"])
		.where("tenant_id", "=", tenantId)
		.execute();
	const rails = PAY_RAILS.filter((rail) => settings.some((row) => row.rail === rail));
	const answer: StatementRunsAnswer = { rails: [] };
	for (const rail of rails) {
		const runs = await deps.db
			.selectFrom("payment_statement_run")
			.selectAll()
			.where("tenant_id", "=", tenantId)
			.where("rail", "=", rail)
			.orderBy("statement_date", "desc")
			.limit(RUNS_LISTED)
			.execute();
		answer.rails.push({
			rail,
			enabled: settings.find((row) => row.rail === rail)?.enabled ?? false,
			timeZone: RAIL_STATEMENT_ZONES[rail],
			runs: runs.map((run) => ({
				statementDate:
					typeof run.statement_date === "string"
						? run.statement_date.slice(0, 10)
						: new Date(run.statement_date).toISOString().slice(0, 10),
				status: run.status,
				ourCount: run.our_count,
				railCount: run.rail_count,
				differences: run.differences,
				lastError: run.last_error ?? null,
				startedAt: iso(run.started_at),
				finishedAt: run.finished_at ? iso(run.finished_at) : null,
			})),
		});
	}
	return answer;
}
