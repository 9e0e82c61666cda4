import {
	AlipayRailSettings,
	BAKONG_TOKEN_WARN_DAYS,
	ErrorCode,
	formatMessage,
	isMessageKey,
	KhqrRailSettings,
	type MessageKey,
	type PaymentRail,
	type PaymentRailsView,
	type PaymentRailView,
	RAIL_KEY_FIELDS,
	RAIL_SECRET_FIELDS,
	type RailAuditEntry,
	type RailAuditPage,
	type RailConnectionProblem,
	type RailConnectionResult,
	type RailSettingsByRail,
	type SaveRailSettingsInput,
	WechatRailSettings,
} from "@bayon/contract";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { DB, RailName } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { ConnectionCheck, PaymentGateway } from "../gateway.js";
import { RAIL_NAMES, RAILS } from "../rails/index.js";
import { forgetRailGateways } from "../registry.js";
import { readPrivateKey, readPublicKey } from "./keys.js";
import { openRailSettings, writeRailSettings } from "./store.js";

/**
 * The platform operator sets up the payment rails (issue 29 part 6, decision 031): what the
 * page shows of each (a summary, never a secret), saving with secrets kept when left empty and
 * keys read for real, switching on and off, removing, testing the connection, and the audit
 * log of all of it (field names, never values). Who may call (platform operators) is checked
 * in routes.ts before any of this runs.
 */

export interface Operator {
	tenant: { id: number };
	member: { id: number };
	lang: string;
}

const SCHEMAS = { wechat: WechatRailSettings, alipay: AlipayRailSettings, khqr: KhqrRailSettings } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

type StoredRow = { enabled: boolean; sealed: string };

/** `GET /platform/payment-rails`: every rail, set up or not, as the page may show it. */
export async function listRails(deps: AppDeps, tenantId: number): Promise<PaymentRailsView> {
	const rows = await deps.db
		.selectFrom("payment_rail_settings as s")
		.leftJoin("member as m", "m.id", "s.updated_by")
		.select(["s.rail", "s.enabled", "s.summary", "s.expires_at", "s.updated_at", "m.nickname"])
		.where("s.tenant_id", "=", tenantId)
		.execute();
	const now = deps.clock.now();
	const rails = RAIL_NAMES.map((rail): PaymentRailView => {
		const row = rows.find((r) => r.rail === rail);
		if (!row) return { rail, state: "notSetUp", summary: {}, updatedAt: null, updatedBy: null, warning: null };
		return {
			rail,
			state: row.enabled ? "on" : "off",
			summary: row.summary,
			updatedAt: new Date(row.updated_at).toISOString(),
			updatedBy: row.nickname ?? null,
			warning: rail === "khqr" && row.expires_at ? tokenWarning(new Date(row.expires_at), now) : null,
		};
	});
	return { rails };
}

/** The Bakong token's expiry, when it is a week away or past. */
export function tokenWarning(expiresAt: Date, now: Date): PaymentRailView["warning"] {
	const left = expiresAt.getTime() - now.getTime();
	if (left <= 0) return { kind: "tokenExpired", expiresAt: expiresAt.toISOString(), days: 0 };
	if (left > BAKONG_TOKEN_WARN_DAYS * DAY_MS) return null;
	return { kind: "tokenExpiresSoon", expiresAt: expiresAt.toISOString(), days: Math.ceil(left / DAY_MS) };
}

/** A field the operator must fix, answered like a schema failure so the page puts it under the field. */
function fieldProblem(lang: string, field: string, rule: MessageKey): BusinessError {
	return new BusinessError(
		ErrorCode.BadRequest,
		{ field },
		{ issues: [{ field, rule, message: formatMessage(rule, lang, { field }) }] },
		rule,
	);
}

async function lockRow(trx: Transaction<DB>, tenantId: number, rail: RailName): Promise<StoredRow | undefined> {
	return trx
		.selectFrom("payment_rail_settings")
		.select(["enabled", "sealed"])
		.where("tenant_id", "=", tenantId)
		.where("rail", "=", rail)
		.forUpdate()
		.executeTakeFirst();
}

async function audit(
	db: Transaction<DB> | AppDeps["db"],
	args: {
		tenantId: number;
		rail: RailName;
		memberId: number;
		action: RailAuditEntry["action"];
		detail?: object;
		at: Date;
	},
) {
	await db
		.insertInto("payment_rail_audit")
		.values({
			tenant_id: args.tenantId,
			rail: args.rail,
			member_id: args.memberId,
			action: args.action,
			detail: JSON.stringify(args.detail ?? {}),
			at: args.at,
		})
		.execute();
}

type Draft = z.output<typeof SaveRailSettingsInput>["settings"];

/**
 * The whole settings a save stands for: the draft, its empty secrets filled from what is stored,
 * its keys read and normalised, checked with the rail's schema. Throws the first field's problem.
 */
function completeSettings<R extends RailName>(
	lang: string,
	rail: R,
	draft: Draft,
	stored: RailSettingsByRail[R] | null,
): { settings: RailSettingsByRail[R]; fingerprints: Record<string, string> } {
	const merged: Record<string, unknown> = { ...draft };
	for (const field of RAIL_SECRET_FIELDS[rail] as readonly string[]) {
		const given = typeof merged[field] === "string" ? (merged[field] as string).trim() : "";
		if (given !== "") merged[field] = given;
		else if (stored) merged[field] = (stored as Record<string, unknown>)[field];
		else throw fieldProblem(lang, `settings.${field}`, "railSecretMissing");
	}
	const fingerprints: Record<string, string> = {};
	const publicHalves: string[] = [];
	for (const field of RAIL_KEY_FIELDS[rail] as readonly string[]) {
		const own = /private/i.test(field);
		const reading = own ? readPrivateKey(String(merged[field])) : readPublicKey(String(merged[field]));
		if (!reading.ok) throw fieldProblem(lang, `settings.${field}`, reading.problem);
		// A provider's public key that is the merchant's own (the commonest mix-up) would refuse every answer.
		if (!own && publicHalves.includes(reading.publicPem))
			throw fieldProblem(lang, `settings.${field}`, "railPublicKeyIsOwn");
		publicHalves.push(reading.publicPem);
		merged[field] = reading.pem;
		fingerprints[field] = reading.fingerprint;
	}
	const parsed = SCHEMAS[rail].safeParse(merged);
	if (!parsed.success) {
		const issue = parsed.error.issues[0];
		const field = `settings.${issue?.path.join(".") ?? ""}`;
		const rule = issue && isMessageKey(issue.message) ? issue.message : "fieldInvalid";
		throw fieldProblem(lang, field, rule);
	}
	return { settings: parsed.data as RailSettingsByRail[R], fingerprints };
}

const lastFour = (value: string) => (value.length > 4 ? value.slice(-4) : "");

/** What the page may show back of a rail's settings: ids and switches as they are, secrets' last four. */
export function summaryOf<R extends RailName>(
	rail: R,
	settings: RailSettingsByRail[R],
	fingerprints: Record<string, string>,
): Record<string, string | null> {
	const summary: Record<string, string | null> = {};
	const secrets = RAIL_SECRET_FIELDS[rail] as readonly string[];
	const keys = RAIL_KEY_FIELDS[rail] as readonly string[];
	for (const [field, value] of Object.entries(settings)) {
		if (keys.includes(field)) summary[field] = fingerprints[field] ?? null;
		else if (secrets.includes(field)) summary[field] = lastFour(String(value));
		else summary[field] = String(value);
	}
	return summary;
}

/**
 * `POST /platform/payment-rails/save`: stores a rail's whole settings. A rail saved the first
 * time is on; a rail switched off stays off. The audit row names the fields that changed.
 */
export async function saveRail(deps: AppDeps, operator: Operator, input: z.output<typeof SaveRailSettingsInput>) {
	const tenantId = operator.tenant.id;
	const rail = input.rail;
	const now = deps.clock.now();
	await deps.db.transaction().execute(async (trx) => {
		const row = await lockRow(trx, tenantId, rail);
		let stored: RailSettingsByRail[typeof rail] | null = null;
		if (row) {
			try {
				stored = openRailSettings(deps.config, tenantId, rail, row.sealed);
			} catch {
				// Every secret given again replaces what no longer opens; otherwise the operator must.
				const secrets = RAIL_SECRET_FIELDS[rail] as readonly string[];
				const given = input.settings as Record<string, unknown>;
				if (secrets.some((field) => typeof given[field] !== "string" || (given[field] as string).trim() === ""))
					throw new BusinessError(ErrorCode.RailSettingsUnreadable);
			}
		}
		const { settings, fingerprints } = completeSettings(operator.lang, rail, input.settings, stored);
		const fields = Object.keys(settings).filter(
			(field) =>
				!stored ||
				JSON.stringify((stored as Record<string, unknown>)[field]) !==
					JSON.stringify((settings as Record<string, unknown>)[field]),
		);
		await writeRailSettings(trx, deps.config, {
			tenantId,
			rail,
			settings,
			summary: summaryOf(rail, settings, fingerprints),
			expiresAt: rail === "khqr" ? new Date((settings as RailSettingsByRail["khqr"]).tokenExpiresAt) : null,
			by: operator.member.id,
			now,
		});
		if (row && !row.enabled)
			await trx
				.updateTable("payment_rail_settings")
				.set({ enabled: false })
				.where("tenant_id", "=", tenantId)
				.where("rail", "=", rail)
				.execute();
		await audit(trx, { tenantId, rail, memberId: operator.member.id, action: "saved", detail: { fields }, at: now });
	});
	forgetRailGateways(deps, tenantId);
	deps.log.info({ tenantId, rail, memberId: operator.member.id }, "payment rail settings saved by an operator");
	return listRails(deps, tenantId);
}

/** `POST …/enable` and `…/disable`: the rail is offered to payers, or not. */
export async function switchRail(deps: AppDeps, operator: Operator, rail: RailName, enabled: boolean) {
	const tenantId = operator.tenant.id;
	const now = deps.clock.now();
	await deps.db.transaction().execute(async (trx) => {
		if (!(await lockRow(trx, tenantId, rail))) throw new BusinessError(ErrorCode.RailNotSetUp);
		await trx
			.updateTable("payment_rail_settings")
			.set({ enabled, updated_at: now, updated_by: operator.member.id })
			.where("tenant_id", "=", tenantId)
			.where("rail", "=", rail)
			.execute();
		await audit(trx, {
			tenantId,
			rail,
			memberId: operator.member.id,
			action: enabled ? "enabled" : "disabled",
			at: now,
		});
	});
	forgetRailGateways(deps, tenantId);
	deps.log.info({ tenantId, rail, enabled, memberId: operator.member.id }, "payment rail switched by an operator");
	return listRails(deps, tenantId);
}

/** `POST …/remove`: the settings are deleted (the audit log stays); the rail is as if never set up. */
export async function removeRail(deps: AppDeps, operator: Operator, rail: RailName) {
	const tenantId = operator.tenant.id;
	const now = deps.clock.now();
	await deps.db.transaction().execute(async (trx) => {
		const removed = await trx
			.deleteFrom("payment_rail_settings")
			.where("tenant_id", "=", tenantId)
			.where("rail", "=", rail)
			.returning("rail")
			.executeTakeFirst();
		if (!removed) throw new BusinessError(ErrorCode.RailNotSetUp);
		await audit(trx, { tenantId, rail, memberId: operator.member.id, action: "removed", at: now });
	});
	forgetRailGateways(deps, tenantId);
	deps.log.info({ tenantId, rail, memberId: operator.member.id }, "payment rail removed by an operator");
	return listRails(deps, tenantId);
}

const PROBLEM_MESSAGES: Record<RailConnectionProblem, MessageKey> = {
	unreachable: "railTestUnreachable",
	credentials: "railTestCredentials",
	signature: "railTestSignature",
	expired: "railTestExpired",
	misconfigured: "railTestMisconfigured",
	notAvailable: "railTestNotAvailable",
};

/**
 * `POST …/test`: a harmless call to the rail with the saved settings (on or off), its outcome in
 * the operator's language. A rail whose code is not in this server yet answers "not available".
 */
export async function testRail(deps: AppDeps, operator: Operator, rail: RailName): Promise<RailConnectionResult> {
	const tenantId = operator.tenant.id;
	const row = await deps.db
		.selectFrom("payment_rail_settings")
		.select(["sealed"])
		.where("tenant_id", "=", tenantId)
		.where("rail", "=", rail)
		.executeTakeFirst();
	if (!row) throw new BusinessError(ErrorCode.RailNotSetUp);
	const check = await checkWith(deps, tenantId, rail, row.sealed);
	await audit(deps.db, {
		tenantId,
		rail,
		memberId: operator.member.id,
		action: "tested",
		detail: { outcome: check.ok ? "ok" : check.problem },
		at: deps.clock.now(),
	});
	// Whatever a test found, the next payment makes its gateway afresh.
	forgetRailGateways(deps, tenantId);
	deps.log.info(
		{ tenantId, rail, memberId: operator.member.id, outcome: check.ok ? "ok" : check.problem },
		"payment rail connection tested by an operator",
	);
	if (check.ok) return { ok: true, message: formatMessage("railTestOk", operator.lang) };
	return {
		ok: false,
		problem: check.problem,
		message: formatMessage(PROBLEM_MESSAGES[check.problem], operator.lang),
		detail: check.detail,
	};
}

async function checkWith(
	deps: AppDeps,
	tenantId: number,
	rail: RailName,
	sealed: string,
): Promise<{ ok: true } | { ok: false; problem: RailConnectionProblem; detail: string | null }> {
	let gateway: PaymentGateway;
	try {
		const settings = openRailSettings(deps.config, tenantId, rail, sealed);
		gateway = RAILS[rail].gateway(deps, tenantId, settings as never);
	} catch {
		return { ok: false, problem: "notAvailable", detail: null };
	}
	if (!gateway.checkConnection) return { ok: false, problem: "notAvailable", detail: null };
	let answer: ConnectionCheck;
	try {
		answer = await gateway.checkConnection();
	} catch (error) {
		// A rail should answer a failure as a problem; one that throws is named by its kind only.
		deps.log.warn({ tenantId, rail, kind: (error as Error)?.name }, "payment rail connection test threw");
		return { ok: false, problem: "unreachable", detail: null };
	}
	return answer.ok ? { ok: true } : { ok: false, problem: answer.problem, detail: answer.detail || null };
}

/** `GET …/audit`: the last hundred changes and tests, newest first. */
export async function railAudit(
	deps: AppDeps,
	tenantId: number,
	rail: PaymentRail | undefined,
): Promise<RailAuditPage> {
	let query = deps.db
		.selectFrom("payment_rail_audit as a")
		.leftJoin("member as m", "m.id", "a.member_id")
		.select(["a.id", "a.rail", "a.action", "a.detail", "a.at", "m.nickname"])
		.where("a.tenant_id", "=", tenantId);
	if (rail) query = query.where("a.rail", "=", rail);
	const rows = await query.orderBy("a.at", "desc").orderBy("a.id", "desc").limit(100).execute();
	return {
		entries: rows.map((row) => {
			const detail = row.detail as { fields?: unknown; outcome?: unknown };
			return {
				id: Number(row.id),
				rail: row.rail,
				action: row.action,
				at: new Date(row.at).toISOString(),
				by: row.nickname ?? null,
				fields: Array.isArray(detail.fields) ? detail.fields.map(String) : [],
				outcome: typeof detail.outcome === "string" ? detail.outcome : null,
			};
		}),
	};
}

/**
 * The Bakong tokens that run out within a week, or have: a warning in the server's log once a
 * day per tenant (per server), from the jobs loop. Returns how many it warned of this time.
 */
const warnedOn = new WeakMap<AppDeps, Map<number, string>>();
export async function warnOfExpiringRailTokens(deps: AppDeps): Promise<number> {
	const now = deps.clock.now();
	const rows = await deps.db
		.selectFrom("payment_rail_settings")
		.select(["tenant_id", "expires_at"])
		.where("rail", "=", "khqr")
		.where("enabled", "=", true)
		.where("expires_at", "<", new Date(now.getTime() + BAKONG_TOKEN_WARN_DAYS * DAY_MS))
		.execute();
	let warnings = warnedOn.get(deps);
	if (!warnings) {
		warnings = new Map();
		warnedOn.set(deps, warnings);
	}
	const today = now.toISOString().slice(0, 10);
	let count = 0;
	for (const row of rows) {
		if (!row.expires_at || warnings.get(row.tenant_id) === today) continue;
		const warning = tokenWarning(new Date(row.expires_at), now);
		if (!warning) continue;
		warnings.set(row.tenant_id, today);
		count += 1;
		deps.log.warn(
			{ tenantId: row.tenant_id, rail: "khqr", expiresAt: warning.expiresAt, daysLeft: warning.days },
			warning.kind === "tokenExpired"
				? "the Bakong token has expired: KHQR payments cannot be checked until the operator saves a new one"
				: "the Bakong token expires within a week: the operator should renew it and save the new one",
		);
	}
	return count;
}
