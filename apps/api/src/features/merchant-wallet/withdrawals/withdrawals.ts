import {
	type CreateWithdrawalInput,
	ErrorCode,
	formatMoney,
	localize,
	WITHDRAWAL_ARRIVAL_WORKING_DAYS,
	type WithdrawalEvent,
	type WithdrawalPage,
	type WithdrawalReveal,
	WithdrawalStatus,
	type WithdrawalView,
} from "@bayon/contract";
import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import { requiredIdempotencyKey } from "../../../http/idempotency-key.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { consumeStepUpCode, type VerifiedStepUpCode, verifyStepUpCode } from "../../identity/service.js";
import { addDays, toLocalMoment } from "../../venues/hours.js";
import { requireShopPermission } from "../../venues/staff/staff-access.js";
import { postLedgerTxn } from "../../wallet/ledger.js";
import { publishWalletChanged } from "../events.js";
import { lockShopAvailable, MONEY_PERMISSION } from "./step-up.js";

/**
 * A shop's withdrawals (decision 023), asked for by its owner: the amount moves from available
 * to in withdrawal in the same transaction, under the available account's row lock, so two
 * requests never both take the same money. The platform's review (platform-review.ts) moves it
 * on. The presentation here serves both: the owner never learns which operator decided.
 */

type Db = Kysely<DB> | Transaction<DB>;

/** Whose page a withdrawal is shown on: the owner sees "the platform", operators see each other's names. */
export type Audience = "owner" | "platform";

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === "23505";

/**
 * Spec §9: the latest local day a withdrawal should arrive, `days` working days (Monday to
 * Friday; public holidays are not known) after the local day it was asked for.
 */
export function arrivalDate(requestedAt: Date, timeZone: string, days = WITHDRAWAL_ARRIVAL_WORKING_DAYS): string {
	let date = toLocalMoment(requestedAt, timeZone).date;
	for (let counted = 0; counted < days; ) {
		date = addDays(date, 1);
		const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
		if (weekday !== 0 && weekday !== 6) counted++;
	}
	return date;
}

// ---------------------------------------------------------------------------------------------
// Reading and presenting

function withdrawalRows(db: Db, tenantId: number) {
	return db
		.selectFrom("shop_withdrawal as w")
		.innerJoin("shop as s", "s.id", "w.shop_id")
		.innerJoin("shop_bank_card as c", "c.id", "w.card_id")
		.select([
			"w.id",
			"w.shop_id",
			"w.card_id",
			"w.amount",
			"w.status",
			"w.reject_reason",
			"w.bank_reference",
			"w.transfer_date",
			"w.version",
			"w.idempotency_key",
			"w.created_at",
			"s.name as shop_name",
			"s.timezone",
			"c.holder",
			"c.bank",
			"c.last4",
		])
		.where("w.tenant_id", "=", tenantId);
}

type WithdrawalRow = Awaited<ReturnType<ReturnType<typeof withdrawalRows>["executeTakeFirstOrThrow"]>>;

/** One page, newest first: `cursor` is the last id of the page before. */
export async function withdrawalPage(
	deps: AppDeps,
	args: {
		tenantId: number;
		lang: string;
		audience: Audience;
		shopId?: number | undefined;
		status?: WithdrawalStatus | undefined;
		cursor?: string | undefined;
		pageSize: number;
	},
): Promise<WithdrawalPage> {
	let query = withdrawalRows(deps.db, args.tenantId);
	if (args.shopId !== undefined) query = query.where("w.shop_id", "=", args.shopId);
	if (args.status !== undefined) query = query.where("w.status", "=", args.status);
	if (args.cursor !== undefined) query = query.where("w.id", "<", Number(args.cursor));
	const rows = await query
		.orderBy("w.id", "desc")
		.limit(args.pageSize + 1)
		.execute();
	const page = rows.slice(0, args.pageSize);
	return {
		list: await presentWithdrawals(deps.db, page, args),
		nextCursor: rows.length > args.pageSize ? String(page.at(-1)?.id) : null,
	};
}

/** One withdrawal of the tenant (and of the shop, when named), or NotFound. */
export async function withdrawalView(
	db: Db,
	args: { tenantId: number; lang: string; audience: Audience; id: number; shopId?: number },
): Promise<WithdrawalView> {
	let query = withdrawalRows(db, args.tenantId).where("w.id", "=", args.id);
	if (args.shopId !== undefined) query = query.where("w.shop_id", "=", args.shopId);
	const row = await query.executeTakeFirst();
	if (!row) throw new BusinessError(ErrorCode.NotFound);
	const [view] = await presentWithdrawals(db, [row], args);
	if (!view) throw new BusinessError(ErrorCode.NotFound);
	return view;
}

async function presentWithdrawals(
	db: Db,
	rows: WithdrawalRow[],
	args: { lang: string; audience: Audience },
): Promise<WithdrawalView[]> {
	if (rows.length === 0) return [];
	const events = await db
		.selectFrom("shop_withdrawal_event as e")
		.leftJoin("member as m", "m.id", "e.actor_member_id")
		.select([
			"e.withdrawal_id",
			"e.from_status",
			"e.to_status",
			"e.actor",
			"e.note",
			"e.at",
			"m.nickname as actor_nickname",
		])
		.where(
			"e.withdrawal_id",
			"in",
			rows.map((row) => row.id),
		)
		.orderBy("e.id")
		.execute();
	const reveals = await db
		.selectFrom("shop_withdrawal_reveal as r")
		.innerJoin("member as m", "m.id", "r.member_id")
		.select(["r.withdrawal_id", "r.via", "r.at", "m.nickname"])
		.where(
			"r.withdrawal_id",
			"in",
			rows.map((row) => row.id),
		)
		.orderBy("r.id")
		.execute();
	const revealsOf = new Map<number, WithdrawalReveal[]>();
	for (const reveal of reveals) {
		const list = revealsOf.get(reveal.withdrawal_id) ?? [];
		list.push({
			via: reveal.via,
			// As with decisions: the owner is told the platform read it, not which of its people.
			actorName: args.audience === "owner" ? null : (reveal.nickname ?? null),
			at: new Date(reveal.at).toISOString(),
		});
		revealsOf.set(reveal.withdrawal_id, list);
	}
	const byWithdrawal = new Map<number, WithdrawalEvent[]>();
	for (const event of events) {
		const list = byWithdrawal.get(event.withdrawal_id) ?? [];
		list.push({
			from: event.from_status,
			to: event.to_status,
			actor: event.actor,
			// The owner is told the platform decided, not which of its people.
			actorName: event.actor === "operator" && args.audience === "owner" ? null : (event.actor_nickname ?? null),
			note: event.note,
			at: new Date(event.at).toISOString(),
		});
		byWithdrawal.set(event.withdrawal_id, list);
	}
	return rows.map((row) => {
		const createdAt = new Date(row.created_at);
		const events = byWithdrawal.get(row.id) ?? [];
		return {
			id: row.id,
			shopId: row.shop_id,
			shopName: localize(row.shop_name, args.lang),
			amount: Number(row.amount),
			status: row.status,
			card: { id: row.card_id, holder: row.holder, bank: row.bank, last4: row.last4 },
			rejectReason: row.reject_reason,
			bankReference: row.bank_reference,
			transferDate: row.transfer_date,
			returned:
				row.status === WithdrawalStatus.Rejected &&
				events.some(
					(event) => event.from === WithdrawalStatus.AwaitingArrival && event.to === WithdrawalStatus.Rejected,
				),
			createdAt: createdAt.toISOString(),
			arrivesBy: arrivalDate(createdAt, row.timezone),
			shopTimezone: row.timezone,
			version: row.version,
			events,
			reveals: revealsOf.get(row.id) ?? [],
		};
	});
}

// ---------------------------------------------------------------------------------------------
// The owner's calls

/** `GET /merchant/withdrawals?shopId=&status=&cursor=`. */
export async function listShopWithdrawals(
	deps: AppDeps,
	ctx: SignedInContext,
	query: { shopId: number; status?: WithdrawalStatus | undefined; cursor?: string | undefined; pageSize: number },
): Promise<WithdrawalPage> {
	await requireShopPermission(deps, ctx, query.shopId, MONEY_PERMISSION);
	return withdrawalPage(deps, { ...query, tenantId: ctx.tenant.id, lang: ctx.lang, audience: "owner" });
}

/** `GET /merchant/withdrawals/detail?shopId=&id=`: another shop's withdrawal is NotFound. */
export async function shopWithdrawalDetail(
	deps: AppDeps,
	ctx: SignedInContext,
	query: { shopId: number; id: number },
): Promise<WithdrawalView> {
	await requireShopPermission(deps, ctx, query.shopId, MONEY_PERMISSION);
	return withdrawalView(deps.db, {
		tenantId: ctx.tenant.id,
		lang: ctx.lang,
		audience: "owner",
		id: query.id,
		shopId: query.shopId,
	});
}

/** Rolls a request's transaction back when its Idempotency-Key turned out to have asked already. */
class AskedMeanwhile extends Error {
	constructor(readonly withdrawalId: number) {
		super("asked meanwhile");
	}
}

/**
 * `POST /merchant/withdrawals/create` (Idempotency-Key required, step-up code). Under the lock on
 * the shop's available money: nothing withdrawable → NoWithdrawableAmount; under the tenant's
 * minimum → WithdrawalBelowMinimum; over what is withdrawable → WithdrawalExceedsAvailable; a card
 * not the shop's (or removed) → BankCardUnknown. Then the withdrawal, its first event and the
 * `withdrawal_request` move (available → in withdrawal) in one transaction, the code spent in it.
 * The same key again answers the same withdrawal and moves nothing; with another amount or card
 * it is refused (IdempotencyKeyReused).
 */
export async function createWithdrawal(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof CreateWithdrawalInput>,
	idempotencyKey: string | undefined,
): Promise<WithdrawalView> {
	const key = requiredIdempotencyKey(idempotencyKey);
	await requireShopPermission(deps, ctx, input.shopId, MONEY_PERMISSION);
	const tenantId = ctx.tenant.id;
	const view = (id: number) =>
		withdrawalView(deps.db, { tenantId, lang: ctx.lang, audience: "owner", id, shopId: input.shopId });
	const askedWithKey = async (db: Db) => {
		const earlier = await db
			.selectFrom("shop_withdrawal")
			.select(["id", "amount", "card_id"])
			.where("shop_id", "=", input.shopId)
			.where("idempotency_key", "=", key)
			.executeTakeFirst();
		if (!earlier) return null;
		if (Number(earlier.amount) !== input.amount || earlier.card_id !== input.cardId)
			throw new BusinessError(ErrorCode.IdempotencyKeyReused);
		return earlier.id;
	};

	// A retry after success comes back here: its code is spent by then, so look before checking it.
	const earlier = await askedWithKey(deps.db);
	if (earlier !== null) return view(earlier);
	let verified: VerifiedStepUpCode;
	try {
		verified = await verifyStepUpCode(deps, ctx, { memberId: ctx.member.id, code: input.code });
	} catch (error) {
		// The same request sent twice at once: the other one may have spent the code on this very withdrawal.
		const meanwhile = await askedWithKey(deps.db);
		if (meanwhile !== null) return view(meanwhile);
		throw error;
	}

	const now = deps.clock.now();
	const created = await deps.db
		.transaction()
		.execute(async (trx) => {
			const available = await lockShopAvailable(trx, { tenantId, shopId: input.shopId });
			// The same key committed while this request waited for the lock.
			const meanwhile = await askedWithKey(trx);
			if (meanwhile !== null) throw new AskedMeanwhile(meanwhile);
			const terms = await trx
				.selectFrom("tenant")
				.select("minimum_withdrawal")
				.where("id", "=", tenantId)
				.executeTakeFirstOrThrow();
			const minimum = Number(terms.minimum_withdrawal);
			const withdrawable = Math.max(available, 0);
			if (withdrawable <= 0) throw new BusinessError(ErrorCode.NoWithdrawableAmount);
			if (input.amount < minimum)
				throw new BusinessError(ErrorCode.WithdrawalBelowMinimum, {
					minimum: formatMoney(minimum, ctx.tenant.currency),
				});
			if (input.amount > withdrawable)
				throw new BusinessError(ErrorCode.WithdrawalExceedsAvailable, {
					available: formatMoney(withdrawable, ctx.tenant.currency),
				});
			const card = await trx
				.selectFrom("shop_bank_card")
				.select("id")
				.where("tenant_id", "=", tenantId)
				.where("shop_id", "=", input.shopId)
				.where("id", "=", input.cardId)
				.where("removed_at", "is", null)
				.executeTakeFirst();
			if (!card) throw new BusinessError(ErrorCode.BankCardUnknown);
			await consumeStepUpCode(deps, trx, verified);
			const withdrawal = await trx
				.insertInto("shop_withdrawal")
				.values({
					tenant_id: tenantId,
					shop_id: input.shopId,
					card_id: card.id,
					amount: input.amount,
					requested_by_member_id: ctx.member.id,
					idempotency_key: key,
					created_at: now,
					updated_at: now,
				})
				.returning(["id", "status"])
				.executeTakeFirstOrThrow();
			await trx
				.insertInto("shop_withdrawal_event")
				.values({
					withdrawal_id: withdrawal.id,
					from_status: null,
					to_status: withdrawal.status,
					actor: "owner",
					actor_member_id: ctx.member.id,
					note: null,
					at: now,
				})
				.execute();
			await postLedgerTxn(trx, {
				tenantId,
				kind: "withdrawal_request",
				idempotencyKey: `withdrawal:${withdrawal.id}:request`,
				orderId: null,
				withdrawalId: withdrawal.id,
				now,
				moves: [
					{ account: { kind: "shop_available", tenantId, shopId: input.shopId }, amount: -input.amount },
					{ account: { kind: "shop_withdrawing", tenantId, shopId: input.shopId }, amount: input.amount },
				],
			});
			return { id: withdrawal.id, status: withdrawal.status };
		})
		.catch(async (error: unknown) => {
			if (error instanceof AskedMeanwhile) return { id: error.withdrawalId, status: null };
			// Two requests with one key inserted at the same moment: the other one's stands.
			if (isUniqueViolation(error)) {
				const meanwhile = await askedWithKey(deps.db);
				if (meanwhile !== null) return { id: meanwhile, status: null };
			}
			throw error;
		});
	// Only the request that moved the money announces it.
	if (created.status !== null)
		await publishWalletChanged(deps, {
			tenantId,
			shopId: input.shopId,
			reason: "withdrawalRequested",
			withdrawalId: created.id,
			withdrawalStatus: created.status,
		});
	return view(created.id);
}
