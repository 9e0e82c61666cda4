import { type Kysely, sql, type Transaction } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { preparedQuery } from "../../db/prepared.js";
import type { DB } from "../../db/schema.js";
import { couponCountSubquery } from "./hooks.js";
import type { SmsSendHistory } from "./rules.js";

type Db = Kysely<DB> | Transaction<DB>;

// ---- SMS codes ----

/**
 * Holds sends from one address, then to one phone, in line for the rest of the transaction:
 * the per-IP and per-phone limit checks would race otherwise. Always in this order, so two
 * sends never wait for each other's second lock.
 */
export async function lockSenderAndPhone(
	trx: Transaction<DB>,
	args: { tenantId: number; ip: string; mobile: string },
): Promise<void> {
	await sql`SELECT pg_advisory_xact_lock(hashtext(${`sms-ip:${args.tenantId}:${args.ip}`}))`.execute(trx);
	await sql`SELECT pg_advisory_xact_lock(hashtext(${`sms:${args.tenantId}:${args.mobile}`}))`.execute(trx);
}

export async function smsSendHistory(
	db: Db,
	args: { tenantId: number; mobile: string; ip: string; now: Date; windowSeconds: number },
): Promise<SmsSendHistory> {
	const windowStart = new Date(args.now.getTime() - args.windowSeconds * 1000);
	const dayStart = new Date(args.now.getTime() - 24 * 3600 * 1000);
	const hourStart = new Date(args.now.getTime() - 3600 * 1000);
	const phone = await db
		.selectFrom("sms_code")
		.where("tenant_id", "=", args.tenantId)
		.where("mobile", "=", args.mobile)
		.where("created_at", ">", dayStart)
		.select((eb) => [
			eb.fn.max("created_at").as("last_sent_at"),
			eb.fn.countAll<string>().as("today"),
			sql<string>`count(*) FILTER (WHERE created_at > ${windowStart})`.as("in_window"),
			sql<Date | null>`min(created_at) FILTER (WHERE created_at > ${windowStart})`.as("oldest_in_window"),
		])
		.executeTakeFirstOrThrow();
	const ip = await db
		.selectFrom("sms_code")
		.where("ip", "=", args.ip)
		.where("created_at", ">", hourStart)
		.select((eb) => eb.fn.countAll<string>().as("count"))
		.executeTakeFirstOrThrow();
	return {
		lastSentToPhoneAt: phone.last_sent_at ? new Date(phone.last_sent_at) : null,
		sentToPhoneInWindow: Number(phone.in_window),
		oldestInWindowAt: phone.oldest_in_window ? new Date(phone.oldest_in_window) : null,
		sentToPhoneToday: Number(phone.today),
		sentFromIpInHour: Number(ip.count),
	};
}

/** A new code replaces the earlier ones: only the latest code sent can be used. */
export async function supersedeActiveCodes(
	db: Db,
	args: { tenantId: number; mobile: string; scene: number; now: Date },
) {
	await db
		.updateTable("sms_code")
		.set({ superseded_at: args.now })
		.where("tenant_id", "=", args.tenantId)
		.where("mobile", "=", args.mobile)
		.where("scene", "=", args.scene)
		.where("consumed_at", "is", null)
		.where("superseded_at", "is", null)
		.execute();
}

export async function insertSmsCode(
	db: Db,
	row: { tenantId: number; mobile: string; scene: number; codeHmac: string; ip: string; now: Date; expiresAt: Date },
): Promise<number> {
	const inserted = await db
		.insertInto("sms_code")
		.values({
			tenant_id: row.tenantId,
			mobile: row.mobile,
			scene: row.scene,
			code_hmac: row.codeHmac,
			ip: row.ip,
			created_at: row.now,
			expires_at: row.expiresAt,
		})
		.returning("id")
		.executeTakeFirstOrThrow();
	return inserted.id;
}

/**
 * A code no provider could send is removed: nobody has it, so it must not sign anyone in, and a
 * send that did not happen must not count against the resend wait or the daily allowance (both
 * are counted from these rows).
 */
export async function forgetUnsentSmsCode(db: Db, id: number): Promise<void> {
	await db.deleteFrom("sms_code").where("id", "=", id).execute();
}

/**
 * Spends one try on the live code of this phone and scene and returns it, or nothing when
 * there is no live code (never sent, expired, used, replaced, or out of tries). The row
 * lock of the UPDATE makes concurrent tries count one by one.
 */
export async function spendSmsCodeAttempt(
	db: Db,
	args: { tenantId: number; mobile: string; scene: number; now: Date; maxAttempts: number },
): Promise<{ id: number; code_hmac: string } | undefined> {
	return db
		.updateTable("sms_code")
		.set((eb) => ({ attempts: eb("attempts", "+", 1) }))
		.where("id", "=", (eb) =>
			eb
				.selectFrom("sms_code")
				.select("id")
				.where("tenant_id", "=", args.tenantId)
				.where("mobile", "=", args.mobile)
				.where("scene", "=", args.scene)
				.where("consumed_at", "is", null)
				.where("superseded_at", "is", null)
				.where("expires_at", ">", args.now)
				.orderBy("id", "desc")
				.limit(1),
		)
		.where("attempts", "<", args.maxAttempts)
		.where("consumed_at", "is", null)
		.returning(["id", "code_hmac"])
		.executeTakeFirst();
}

/** Single use: only one of several concurrent correct tries gets the row back. */
export async function consumeSmsCode(db: Db, id: number, now: Date): Promise<boolean> {
	const row = await db
		.updateTable("sms_code")
		.set({ consumed_at: now })
		.where("id", "=", id)
		.where("consumed_at", "is", null)
		.returning("id")
		.executeTakeFirst();
	return row !== undefined;
}

// ---- Members ----

export async function findOrCreateMember(
	db: Db,
	args: { tenantId: number; mobile: string; nickname: string; now: Date },
) {
	await db
		.insertInto("member")
		.values({
			tenant_id: args.tenantId,
			mobile: args.mobile,
			nickname: args.nickname,
			avatar: null,
			birthday: null,
			updated_at: args.now,
		})
		.onConflict((oc) => oc.columns(["tenant_id", "mobile"]).doNothing())
		.execute();
	return db
		.selectFrom("member")
		.select(["id", "status"])
		.where("tenant_id", "=", args.tenantId)
		.where("mobile", "=", args.mobile)
		.executeTakeFirstOrThrow();
}

export async function recordLogin(db: Db, memberId: number, now: Date) {
	await db.updateTable("member").set({ last_login_at: now }).where("id", "=", memberId).execute();
}

export function findMember(db: Db, tenantId: number, memberId: number) {
	return db
		.selectFrom("member")
		.select(["id", "mobile", "nickname", "avatar", "gender", "birthday", "points", "status"])
		.where("tenant_id", "=", tenantId)
		.where("id", "=", memberId)
		.executeTakeFirst();
}

/**
 * Everything get-info shows, in one round trip (decision 025): the member, their wallet balance
 * (0 before their first movement: the account is created with it), usable coupons, Telegram
 * link, platform operator and business administrator flags, and the shops they work at. Read
 * fresh on every call, so nothing the member changes (balance, points, coupons, roles) can show
 * stale. Each part reads what its own feature's query reads: accountBalance (wallet/ledger.ts),
 * isPlatformOperator (merchant-wallet/operator.ts), findTenantAdmin and listStaffShops
 * (venues/queries.ts); the coupon count is the coupons feature's own subquery, handed in at
 * start-up (hooks.ts).
 */
export async function findMemberInfo(db: Db, args: { tenantId: number; memberId: number; now: Date }) {
	const [row] = await memberInfoQuery(db, args);
	return row;
}

// Building, compiling and planning this query cost several times running it: done once.
const memberInfoQuery = preparedQuery((db: Db, args: { tenantId: number; memberId: number; now: Date }) => {
	const { tenantId, memberId } = args;
	return db
		.selectFrom("member as m")
		.select(["m.id", "m.mobile", "m.nickname", "m.avatar", "m.gender", "m.birthday", "m.points"])
		.select((eb) => [
			eb
				.selectFrom("ledger_account as a")
				.select("a.balance")
				.where("a.tenant_id", "=", tenantId)
				.where("a.kind", "=", "member_wallet")
				.where("a.member_id", "=", memberId)
				.as("balance"),
			couponCountSubquery()(db, args).as("couponCount"),
			eb
				.exists(
					eb
						.selectFrom("telegram_identity as ti")
						.select("ti.telegram_user_id")
						.where("ti.tenant_id", "=", tenantId)
						.where("ti.member_id", "=", memberId),
				)
				.as("telegramLinked"),
			eb
				.exists(
					eb
						.selectFrom("platform_operator as po")
						.select("po.member_id")
						.where("po.tenant_id", "=", tenantId)
						.where("po.member_id", "=", memberId),
				)
				.as("platformOperator"),
			eb
				.exists(
					eb
						.selectFrom("tenant_admin as ta")
						.select("ta.member_id")
						.where("ta.tenant_id", "=", tenantId)
						.where("ta.member_id", "=", memberId),
				)
				.as("businessAdmin"),
			jsonArrayFrom(
				eb
					.selectFrom("shop_staff as st")
					.innerJoin("shop as s", "s.id", "st.shop_id")
					.select(["s.id", "s.name", "st.role"])
					.where("st.member_id", "=", memberId)
					.where("s.tenant_id", "=", tenantId)
					.orderBy("s.id"),
			).as("staffShops"),
		])
		.where("m.tenant_id", "=", tenantId)
		.where("m.id", "=", memberId);
});

export async function updateMemberProfile(
	db: Db,
	args: {
		tenantId: number;
		memberId: number;
		now: Date;
		changes: { nickname?: string; avatar?: string; gender?: 0 | 1 | 2; birthday?: string | null };
	},
) {
	await db
		.updateTable("member")
		.set({ ...args.changes, updated_at: args.now })
		.where("tenant_id", "=", args.tenantId)
		.where("id", "=", args.memberId)
		.execute();
}

// ---- Sessions ----

export async function insertSession(
	db: Db,
	row: {
		familyId: string;
		tenantId: number;
		memberId: number;
		accessHash: string;
		accessExpiresAt: Date;
		refreshHash: string;
		refreshExpiresAt: Date;
		now: Date;
		loginMethod: "sms" | "telegram";
	},
) {
	await db
		.insertInto("auth_session")
		.values({
			family_id: row.familyId,
			tenant_id: row.tenantId,
			member_id: row.memberId,
			access_hash: row.accessHash,
			access_expires_at: row.accessExpiresAt,
			refresh_hash: row.refreshHash,
			refresh_expires_at: row.refreshExpiresAt,
			created_at: row.now,
			login_method: row.loginMethod,
		})
		.execute();
}

/** The member behind a live access token (not revoked, not expired, member active). */
export function findMemberByAccessHash(db: Db, args: { tenantId: number; accessHash: string; now: Date }) {
	return db
		.selectFrom("auth_session as s")
		.innerJoin("member as m", "m.id", "s.member_id")
		.select(["m.id as memberId", "s.family_id as familyId", "s.access_expires_at as accessExpiresAt"])
		.where("s.access_hash", "=", args.accessHash)
		.where("s.tenant_id", "=", args.tenantId)
		.where("s.revoked_at", "is", null)
		.where("s.access_expires_at", ">", args.now)
		.where("m.status", "=", "active")
		.executeTakeFirst();
}

/** Marks a refresh token used, once; a second presenter gets nothing back. */
export function rotateRefreshToken(db: Db, args: { tenantId: number; refreshHash: string; now: Date }) {
	return db
		.updateTable("auth_session")
		.set({ rotated_at: args.now })
		.where("refresh_hash", "=", args.refreshHash)
		.where("tenant_id", "=", args.tenantId)
		.where("rotated_at", "is", null)
		.where("revoked_at", "is", null)
		.where("refresh_expires_at", ">", args.now)
		.returning(["family_id", "member_id", "refresh_expires_at", "login_method"])
		.executeTakeFirst();
}

export function findSessionByRefreshHash(db: Db, args: { tenantId: number; refreshHash: string }) {
	return db
		.selectFrom("auth_session")
		.select(["family_id", "member_id", "rotated_at", "revoked_at"])
		.where("refresh_hash", "=", args.refreshHash)
		.where("tenant_id", "=", args.tenantId)
		.executeTakeFirst();
}

export async function revokeFamily(db: Db, familyId: string, now: Date) {
	await db
		.updateTable("auth_session")
		.set({ revoked_at: now })
		.where("family_id", "=", familyId)
		.where("revoked_at", "is", null)
		.execute();
}

// ---- Telegram identities ----

export async function upsertTelegramIdentity(
	db: Db,
	row: {
		tenantId: number;
		telegramUserId: number;
		username: string | null;
		firstName: string | null;
		lastName: string | null;
		languageCode: string | null;
		photoUrl: string | null;
		allowsWriteToPm: boolean | null;
		platform: string | null;
		clientVersion: string | null;
		authDate: Date;
		now: Date;
	},
) {
	const profile = {
		username: row.username,
		first_name: row.firstName,
		last_name: row.lastName,
		language_code: row.languageCode,
		photo_url: row.photoUrl,
		allows_write_to_pm: row.allowsWriteToPm,
		platform: row.platform,
		client_version: row.clientVersion,
		last_auth_date: row.authDate,
		updated_at: row.now,
	};
	return db
		.insertInto("telegram_identity")
		.values({
			tenant_id: row.tenantId,
			telegram_user_id: row.telegramUserId,
			member_id: null,
			linked_at: null,
			...profile,
		})
		.onConflict((oc) => oc.columns(["tenant_id", "telegram_user_id"]).doUpdateSet(profile))
		.returning(["member_id"])
		.executeTakeFirstOrThrow();
}

export async function unlinkTelegramOfMember(db: Db, tenantId: number, memberId: number) {
	await db
		.updateTable("telegram_identity")
		.set({ member_id: null, linked_at: null })
		.where("tenant_id", "=", tenantId)
		.where("member_id", "=", memberId)
		.execute();
}

export async function linkTelegramIdentity(
	db: Db,
	args: { tenantId: number; telegramUserId: number; memberId: number; now: Date },
) {
	await db
		.updateTable("telegram_identity")
		.set({ member_id: args.memberId, linked_at: args.now })
		.where("tenant_id", "=", args.tenantId)
		.where("telegram_user_id", "=", args.telegramUserId)
		.execute();
}

/** Locks the identity row so that two links of the same Telegram user cannot interleave. */
export function lockTelegramIdentity(db: Db, tenantId: number, telegramUserId: number) {
	return db
		.selectFrom("telegram_identity")
		.select("member_id")
		.where("tenant_id", "=", tenantId)
		.where("telegram_user_id", "=", telegramUserId)
		.forUpdate()
		.executeTakeFirstOrThrow();
}

export function findMembersByIds(db: Db, tenantId: number, ids: number[]) {
	if (ids.length === 0) return Promise.resolve([]);
	return db
		.selectFrom("member")
		.select(["id", "mobile", "nickname"])
		.where("tenant_id", "=", tenantId)
		.where("id", "in", ids)
		.execute();
}

export function findMemberByMobile(db: Db, tenantId: number, mobile: string) {
	return db
		.selectFrom("member")
		.select(["id", "status"])
		.where("tenant_id", "=", tenantId)
		.where("mobile", "=", mobile)
		.executeTakeFirst();
}
