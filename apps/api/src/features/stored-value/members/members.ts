import {
	ErrorCode,
	localize,
	type MemberListQuery,
	type MemberMobile,
	type MemberPage,
	type RevealMemberMobileInput,
} from "@bayon/contract";
import type { ExpressionBuilder, Kysely, Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { maskMobile } from "../../../lib/mask.js";
import { recordShopChange } from "../../shop-changes/record.js";
import { requireShopPermission } from "../../venues/staff/staff-access.js";
import { walletBalances } from "../bill/bill-queries.js";

type Db = Kysely<DB> | Transaction<DB>;

/** `%` and `_` typed into the search box are letters, not LIKE wildcards. */
function likeContaining(text: string): string {
	return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function findMembers(db: Db, args: { tenantId: number; q: string; before: number | null; limit: number }) {
	let query = db
		.selectFrom("member")
		.select(["id", "nickname", "mobile", "created_at"])
		.where("tenant_id", "=", args.tenantId);
	if (args.before !== null) query = query.where("id", "<", args.before);
	if (args.q !== "") {
		const digits = args.q.replace(/\D/g, "");
		query = query.where((eb) => eb.or([eb("nickname", "ilike", likeContaining(args.q)), ...phoneMatches(eb, digits)]));
	}
	return query.orderBy("id", "desc").limit(args.limit).execute();
}

/**
 * A phone search matches only what a reader may know already: the whole number, or up to its
 * last four digits (what the masked number shows). Any other run of digits finds no phone, so
 * searching digit by digit cannot spell out a number the list masks (issue 27).
 */
function phoneMatches(eb: ExpressionBuilder<DB, "member">, digits: string) {
	if (digits.length === PHONE_DIGITS) return [eb("mobile", "=", digits)];
	if (digits.length > 0 && digits.length <= SHOWN_TAIL_DIGITS) return [eb("mobile", "like", `%${digits}`)];
	return [];
}
const PHONE_DIGITS = 11;
const SHOWN_TAIL_DIGITS = 4;

/** The members' cards that are still running, with their names in every language. */
function activeCards(db: Db, args: { tenantId: number; memberIds: number[]; now: Date }) {
	if (args.memberIds.length === 0) return Promise.resolve([]);
	return db
		.selectFrom("member_card")
		.select(["member_id", "name", "expires_at"])
		.where("tenant_id", "=", args.tenantId)
		.where("member_id", "in", args.memberIds)
		.where("expires_at", ">", args.now)
		.execute();
}

/**
 * Each member's last visit: their latest order, counter payment or seated booking, in one
 * query. Each part is one indexed probe per member: orders by (member_id, created_at), counter
 * payments by the payment code they used (pay_code (member_id, id); the code is used at the
 * moment of the payment), bookings by (member_id, starts_at) among those that were seated.
 */
async function lastVisits(db: Db, memberIds: number[]): Promise<Map<number, Date>> {
	if (memberIds.length === 0) return new Map();
	const rows = await db
		.selectFrom("member as m")
		.select([
			"m.id",
			(eb) =>
				eb
					.selectFrom("customer_order as o")
					.select((o) => o.fn.max("o.created_at").as("at"))
					.whereRef("o.member_id", "=", "m.id")
					.as("order_at"),
			(eb) =>
				eb
					.selectFrom("pay_code as c")
					.select("c.used_at")
					.whereRef("c.member_id", "=", "m.id")
					.where("c.used_at", "is not", null)
					.orderBy("c.id", "desc")
					.limit(1)
					.as("counter_at"),
			(eb) =>
				eb
					.selectFrom("reservation as r")
					.select((r) => r.fn.max("r.starts_at").as("at"))
					.whereRef("r.member_id", "=", "m.id")
					.where("r.status", "in", ["seated", "completed"])
					.as("seated_at"),
		])
		.where("m.id", "in", memberIds)
		.execute();
	const visits = new Map<number, Date>();
	for (const row of rows) {
		const times = [row.order_at, row.counter_at, row.seated_at]
			.filter((at): at is Date => at !== null && at !== undefined)
			.map((at) => new Date(at).getTime());
		if (times.length > 0) visits.set(row.id, new Date(Math.max(...times)));
	}
	return visits;
}

/**
 * `GET /merchant/members`: the tenant's members with balance, running card, last visit and
 * masked phone, newest first, keyset-paged by member id; `q` finds a nickname part, a whole
 * phone number or the last digits of one. For
 * owners and managers (permission `members`); staff see balances only of a payer at the counter.
 */
export async function listMembers(
	deps: AppDeps,
	ctx: SignedInContext,
	query: z.output<typeof MemberListQuery>,
): Promise<MemberPage> {
	await requireShopPermission(deps, ctx, query.shopId, "members");
	const before = query.cursor === undefined ? null : Number(query.cursor);
	if (before !== null && !Number.isSafeInteger(before)) throw BusinessError.invalidField("cursor", "fieldInvalid");
	const rows = await findMembers(deps.db, {
		tenantId: ctx.tenant.id,
		q: query.q,
		before,
		limit: query.limit + 1,
	});
	const page = rows.slice(0, query.limit);
	const ids = page.map((row) => row.id);
	const [balances, cards, visits] = await Promise.all([
		walletBalances(deps.db, ctx.tenant.id, ids),
		activeCards(deps.db, { tenantId: ctx.tenant.id, memberIds: ids, now: deps.clock.now() }),
		lastVisits(deps.db, ids),
	]);
	const cardOf = new Map(cards.map((card) => [card.member_id, card]));
	return {
		list: page.map((row) => {
			const card = cardOf.get(row.id);
			return {
				memberId: row.id,
				nickname: row.nickname,
				// Masked for every reader: an owner reveals one number at a time (revealMemberMobile).
				mobile: maskMobile(row.mobile),
				balance: balances.get(row.id) ?? 0,
				card: card ? { name: localize(card.name, ctx.lang), expiresAt: card.expires_at.toISOString() } : null,
				lastVisitAt: visits.get(row.id)?.toISOString() ?? null,
				joinedAt: row.created_at.toISOString(),
			};
		}),
		nextCursor: rows.length > query.limit ? String(page.at(-1)?.id) : null,
	};
}

/**
 * `POST /merchant/members/mobile`: one member's full phone number, for the shop's owners only
 * (permission `memberContact`; managers and staff see the masked number). Each reveal is written
 * to the shop's change log in the same transaction, whom and by whom (the log's row says when),
 * with the masked number only: the log's readers include managers.
 */
export async function revealMemberMobile(
	deps: AppDeps,
	ctx: SignedInContext,
	input: RevealMemberMobileInput,
): Promise<MemberMobile> {
	await requireShopPermission(deps, ctx, input.shopId, "memberContact");
	return deps.db.transaction().execute(async (trx) => {
		const member = await trx
			.selectFrom("member")
			.select(["id", "nickname", "mobile"])
			.where("tenant_id", "=", ctx.tenant.id)
			.where("id", "=", input.memberId)
			.executeTakeFirst();
		if (!member) throw new BusinessError(ErrorCode.NotFound);
		await recordShopChange(trx, {
			tenantId: ctx.tenant.id,
			shopId: input.shopId,
			memberId: ctx.member.id,
			subject: "member",
			subjectId: member.id,
			action: "reveal_mobile",
			after: { nickname: member.nickname, mobile: maskMobile(member.mobile) },
		});
		return { memberId: member.id, mobile: member.mobile };
	});
}
