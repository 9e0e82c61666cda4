import type { Kysely, SelectQueryBuilder, Transaction } from "kysely";
import type { DB } from "../../db/schema.js";

/**
 * What identity lets the features above it add, without importing them (decision 030): identity
 * is low (members, sessions, step-up codes), and everything else may use it. The composition
 * root (app.ts, reactions.ts) fills these at start-up; registering again replaces, since the
 * tests build many apps in one process.
 */

type Db = Kysely<DB> | Transaction<DB>;

/** What a feature does when identity learns of a Telegram user, inside identity's transaction. */
export interface TelegramUserListener {
	/** The Mini App started for a verified Telegram user (allowsWriteToPm as Telegram said it). */
	seen?(db: Db, user: { telegramUserId: number; allowsWriteToPm: boolean | null; now: Date }): Promise<void>;
	/** A member uses the app through Telegram, in this language (signed in as a linked user, or just linked). */
	memberLanguage?(db: Db, args: { tenantId: number; memberId: number; lang: string; now: Date }): Promise<void>;
}

const telegramListeners = new Map<string, TelegramUserListener>();

/** `name` says who listens (one listener per name). */
export function listenToTelegramUsers(name: string, listener: TelegramUserListener): void {
	telegramListeners.set(name, listener);
}

export async function telegramUserSeen(
	db: Db,
	user: { telegramUserId: number; allowsWriteToPm: boolean | null; now: Date },
): Promise<void> {
	for (const listener of telegramListeners.values()) await listener.seen?.(db, user);
}

export async function telegramMemberLanguage(
	db: Db,
	args: { tenantId: number; memberId: number; lang: string; now: Date },
): Promise<void> {
	for (const listener of telegramListeners.values()) await listener.memberLanguage?.(db, args);
}

/**
 * The member's usable coupons for get-info's one query (decision 025): a subquery selecting
 * `n`, the count, as the coupons feature counts them for GET /coupon/count. Coupons hands it in.
 */
export type CouponCountSubquery = (
	db: Db,
	args: { tenantId: number; memberId: number; now: Date },
	// biome-ignore lint/suspicious/noExplicitAny: the tables it reads are the coupons feature's business.
) => SelectQueryBuilder<DB, any, { n: string }>;

let couponCount: CouponCountSubquery | null = null;

export function countCouponsWith(subquery: CouponCountSubquery): void {
	couponCount = subquery;
}

export function couponCountSubquery(): CouponCountSubquery {
	if (!couponCount) throw new Error("no coupon count is registered (the composition root registers it)");
	return couponCount;
}
