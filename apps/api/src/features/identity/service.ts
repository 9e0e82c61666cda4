import { randomUUID } from "node:crypto";
import {
	type AuthSession,
	ErrorCode,
	localize,
	type MemberInfo,
	type SendSmsCodeInput,
	type SmsCodeSent,
	type SmsLoginInput,
	SmsScene,
	type TelegramAddUserResult,
	type TelegramSyncUserResult,
	type TelegramUserInput,
	type UpdateProfileInput,
	UserType,
} from "@bayon/contract";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import type { SignedInMember } from "../../http/request-context.js";
import { addSeconds } from "../../lib/clock.js";
import { hexDigestsEqual, hmacHex, randomDigits, randomToken, sha256Hex } from "../../lib/crypto.js";
import { SmsNotSent } from "../../lib/sms/provider.js";
import { isOwnUpload } from "../files/service.js";
import { isStaffMember } from "../venues/staff/staff-access.js";
import { telegramMemberLanguage, telegramUserSeen } from "./hooks.js";
import * as queries from "./queries.js";
import { checkSmsSendAllowed, defaultNickname, SessionLifetime } from "./rules.js";
import { cachedSession, forgetSessionFamily } from "./session-cache.js";
import { verifyTelegramInitData } from "./telegram.js";

/** The caller of an identity use case: tenant, language and network address. */
export interface CallerContext {
	tenant: { id: number };
	lang: string;
	ip: string;
}

/**
 * Sends a login code. The answer is the same whether or not the number belongs to a
 * member, since sending does not look at members at all.
 */
export async function sendSmsCode(
	deps: AppDeps,
	ctx: CallerContext,
	input: SendSmsCodeInput | { mobile: string; scene: SmsScene },
): Promise<SmsCodeSent> {
	const { limits } = deps.config;
	const now = deps.clock.now();
	const code = randomDigits(6);
	const codeId = await deps.db.transaction().execute(async (trx) => {
		// Parallel sends to one number, or from one address to many, would all pass the limit
		// checks otherwise.
		await queries.lockSenderAndPhone(trx, { tenantId: ctx.tenant.id, ip: ctx.ip, mobile: input.mobile });
		const history = await queries.smsSendHistory(trx, {
			tenantId: ctx.tenant.id,
			mobile: input.mobile,
			ip: ctx.ip,
			now,
			windowSeconds: limits.smsPerPhoneWindowSeconds,
		});
		const verdict = checkSmsSendAllowed(history, now, limits);
		if (!verdict.allowed) {
			const wait = verdict.retryAfterSeconds;
			throw new BusinessError(
				verdict.code,
				{ seconds: wait, minutes: Math.ceil(wait / 60) },
				{ retryAfterSeconds: wait },
			);
		}
		await queries.supersedeActiveCodes(trx, { tenantId: ctx.tenant.id, mobile: input.mobile, scene: input.scene, now });
		return queries.insertSmsCode(trx, {
			tenantId: ctx.tenant.id,
			mobile: input.mobile,
			scene: input.scene,
			codeHmac: smsCodeHmac(deps, ctx.tenant.id, input.mobile, input.scene, code),
			ip: ctx.ip,
			now,
			expiresAt: addSeconds(now, limits.smsCodeTtlSeconds),
		});
	});
	try {
		await deps.sms.send({ mobile: input.mobile, code, scene: input.scene, sentAt: now });
	} catch (error) {
		await queries.forgetUnsentSmsCode(deps.db, codeId);
		if (error instanceof SmsNotSent) throw new BusinessError(ErrorCode.SmsCodeNotSent);
		throw error;
	}
	return { resendAfterSeconds: limits.smsResendSeconds };
}

/**
 * Step-up (issue 14): a fresh code to the signed-in member's own phone before a money action
 * (adding a bank card, withdrawing). Same limits as a login code; a code of one scene is never
 * accepted for another.
 */
export async function sendStepUpCode(
	deps: AppDeps,
	ctx: CallerContext,
	memberId: number,
): Promise<SmsCodeSent & { mobile: string }> {
	const member = await queries.findMember(deps.db, ctx.tenant.id, memberId);
	if (!member) throw new BusinessError(ErrorCode.Unauthorized);
	const sent = await sendSmsCode(deps, ctx, { mobile: member.mobile, scene: SmsScene.MoneyStepUp });
	return { ...sent, mobile: member.mobile };
}

/** A step-up code that matched the member's live one, not spent yet (consumeStepUpCode spends it). */
export interface VerifiedStepUpCode {
	codeId: number;
}

/**
 * Checks the member's step-up code, before the money action's transaction: SmsCodeExpired when
 * there is no live code, SmsCodeWrong for a wrong one. Every try is counted at once, like a login
 * code's (five to a code), so wrong tries count even though the action then rolls back; a right
 * code whose action is refused (over the amount, say) stays usable for the tries left. (It runs outside the
 * action's transaction because PGlite has one connection: a second query beside an open
 * transaction would wait for it forever.)
 */
export async function verifyStepUpCode(
	deps: AppDeps,
	ctx: CallerContext,
	args: { memberId: number; code: string },
): Promise<VerifiedStepUpCode> {
	const member = await queries.findMember(deps.db, ctx.tenant.id, args.memberId);
	if (!member) throw new BusinessError(ErrorCode.Unauthorized);
	const scene = SmsScene.MoneyStepUp;
	const live = await queries.spendSmsCodeAttempt(deps.db, {
		tenantId: ctx.tenant.id,
		mobile: member.mobile,
		scene,
		now: deps.clock.now(),
		maxAttempts: deps.config.limits.smsCodeMaxAttempts,
	});
	if (!live) throw new BusinessError(ErrorCode.SmsCodeExpired);
	if (!hexDigestsEqual(live.code_hmac, smsCodeHmac(deps, ctx.tenant.id, member.mobile, scene, args.code)))
		throw new BusinessError(ErrorCode.SmsCodeWrong);
	return { codeId: live.id };
}

/**
 * Spends a verified step-up code inside the money action's transaction, so the code is used only
 * when the action commits (a refused action leaves it usable). Two actions with one code: only
 * one spends it, the other is refused SmsCodeExpired; so is a code replaced or expired meanwhile.
 */
export async function consumeStepUpCode(
	deps: AppDeps,
	trx: Transaction<DB>,
	verified: VerifiedStepUpCode,
): Promise<void> {
	const now = deps.clock.now();
	const spent = await trx
		.updateTable("sms_code")
		.set({ consumed_at: now })
		.where("id", "=", verified.codeId)
		.where("consumed_at", "is", null)
		.where("superseded_at", "is", null)
		.where("expires_at", ">", now)
		.returning("id")
		.executeTakeFirst();
	if (!spent) throw new BusinessError(ErrorCode.SmsCodeExpired);
}

/** The code is bound to tenant, phone and purpose, and keyed with the server's secret. */
function smsCodeHmac(deps: AppDeps, tenantId: number, mobile: string, scene: number, code: string): string {
	return hmacHex(deps.config.tokenSecret, `${tenantId}:${mobile}:${scene}:${code}`);
}

/** Signs in with a code sent to the phone; the first sign-in creates the member. */
export async function loginWithSmsCode(deps: AppDeps, ctx: CallerContext, input: SmsLoginInput): Promise<AuthSession> {
	const now = deps.clock.now();
	const scene = 1;
	// The try is spent (and committed) before the comparison, so wrong guesses always count.
	const live = await queries.spendSmsCodeAttempt(deps.db, {
		tenantId: ctx.tenant.id,
		mobile: input.mobile,
		scene,
		now,
		maxAttempts: deps.config.limits.smsCodeMaxAttempts,
	});
	if (!live) throw new BusinessError(ErrorCode.SmsCodeExpired);
	if (!hexDigestsEqual(live.code_hmac, smsCodeHmac(deps, ctx.tenant.id, input.mobile, scene, input.code))) {
		throw new BusinessError(ErrorCode.SmsCodeWrong);
	}
	const member = await deps.db.transaction().execute(async (trx) => {
		if (!(await queries.consumeSmsCode(trx, live.id, now))) return null;
		const found = await queries.findOrCreateMember(trx, {
			tenantId: ctx.tenant.id,
			mobile: input.mobile,
			nickname: defaultNickname(input.mobile, ctx.lang),
			now,
		});
		if (found.status === "active") await queries.recordLogin(trx, found.id, now);
		return found;
	});
	// Another request used the same code a moment earlier.
	if (!member) throw new BusinessError(ErrorCode.SmsCodeExpired);
	if (member.status !== "active") throw new BusinessError(ErrorCode.MemberDisabled);
	return startSession(deps, deps.db, { tenantId: ctx.tenant.id, memberId: member.id, loginMethod: "sms" });
}

/** Opens a new session family (or continues one on refresh) and hands out its tokens. */
async function startSession(
	deps: AppDeps,
	db: Kysely<DB> | Transaction<DB>,
	args: {
		tenantId: number;
		memberId: number;
		loginMethod: "sms" | "telegram";
		family?: { id: string; refreshExpiresAt: Date };
	},
): Promise<AuthSession> {
	const now = deps.clock.now();
	const accessToken = randomToken();
	const refreshToken = randomToken();
	let family = args.family;
	if (!family) {
		const staff = await isStaffMember(deps, { tenantId: args.tenantId, memberId: args.memberId });
		const lifetime = staff ? SessionLifetime.staffRefreshSeconds : SessionLifetime.customerRefreshSeconds;
		family = { id: randomUUID(), refreshExpiresAt: addSeconds(now, lifetime) };
	}
	// An access token never outlives its family.
	const accessExpiresAt = new Date(
		Math.min(addSeconds(now, SessionLifetime.accessSeconds).getTime(), family.refreshExpiresAt.getTime()),
	);
	await queries.insertSession(db, {
		familyId: family.id,
		tenantId: args.tenantId,
		memberId: args.memberId,
		accessHash: sha256Hex(accessToken),
		accessExpiresAt,
		refreshHash: sha256Hex(refreshToken),
		refreshExpiresAt: family.refreshExpiresAt,
		now,
		loginMethod: args.loginMethod,
	});
	return { userId: args.memberId, accessToken, refreshToken, expiresTime: accessExpiresAt.getTime() };
}

/** The member behind an access token, or null when it is unknown, expired or revoked. */
export async function authenticate(
	deps: AppDeps,
	tenantId: number,
	accessToken: string,
): Promise<SignedInMember | null> {
	const accessHash = sha256Hex(accessToken);
	const row = await cachedSession(deps, `${tenantId}:${accessHash}`, () =>
		queries.findMemberByAccessHash(deps.db, { tenantId, accessHash, now: deps.clock.now() }),
	);
	return row ? { id: row.memberId, sessionFamilyId: row.familyId } : null;
}

/**
 * Two tabs of one browser refreshing at the same moment present the same refresh token; the
 * one that loses is refused but not taken for a thief within this many seconds of the
 * rotation (it finds the new pair the other tab stored). Later reuse revokes the family.
 */
const REFRESH_REUSE_GRACE_SECONDS = 10;

/**
 * Exchanges a refresh token for a new pair. Each refresh token works once; presenting
 * one that was already exchanged means it leaked (or a client is confused), so the whole
 * family is revoked and the member must sign in again.
 */
export async function refreshSession(deps: AppDeps, ctx: CallerContext, refreshToken: string): Promise<AuthSession> {
	const now = deps.clock.now();
	const refreshHash = sha256Hex(refreshToken);
	let ended: { memberId: number; familyId: string } | null = null;
	const session = await deps.db.transaction().execute(async (trx) => {
		const rotated = await queries.rotateRefreshToken(trx, { tenantId: ctx.tenant.id, refreshHash, now });
		if (!rotated) {
			const known = await queries.findSessionByRefreshHash(trx, { tenantId: ctx.tenant.id, refreshHash });
			const rotatedAgo = known?.rotated_at ? (now.getTime() - new Date(known.rotated_at).getTime()) / 1000 : null;
			if (known && rotatedAgo !== null && rotatedAgo > REFRESH_REUSE_GRACE_SECONDS && !known.revoked_at) {
				await queries.revokeFamily(trx, known.family_id, now);
				ended = { memberId: known.member_id, familyId: known.family_id };
			}
			return null;
		}
		const member = await queries.findMember(trx, ctx.tenant.id, rotated.member_id);
		if (member?.status !== "active") {
			await queries.revokeFamily(trx, rotated.family_id, now);
			ended = { memberId: rotated.member_id, familyId: rotated.family_id };
			return null;
		}
		return startSession(deps, trx, {
			tenantId: ctx.tenant.id,
			memberId: rotated.member_id,
			loginMethod: rotated.login_method,
			family: { id: rotated.family_id, refreshExpiresAt: new Date(rotated.refresh_expires_at) },
		});
	});
	if (ended) await announceSessionEnded(deps, ctx.tenant.id, ended);
	if (!session) throw new BusinessError(ErrorCode.SessionExpired);
	return session;
}

/**
 * Ends the caller's session family at once: its access and refresh tokens stop working,
 * and the websockets opened with it close on every server.
 */
export async function logout(deps: AppDeps, ctx: CallerContext & { member: SignedInMember | null }): Promise<void> {
	if (!ctx.member) return;
	await queries.revokeFamily(deps.db, ctx.member.sessionFamilyId, deps.clock.now());
	await announceSessionEnded(deps, ctx.tenant.id, { memberId: ctx.member.id, familyId: ctx.member.sessionFamilyId });
}

async function announceSessionEnded(deps: AppDeps, tenantId: number, ended: { memberId: number; familyId: string }) {
	// This server refuses the family's tokens before the ending request answers; the others
	// as soon as the bus delivers the event (their caches listen for it).
	forgetSessionFamily(deps, ended.familyId);
	await deps.events
		.publish({ type: "session.ended", tenantId, memberId: ended.memberId, sessionFamilyId: ended.familyId })
		// The tokens are revoked already; a socket that misses this closes at its next reconnect.
		.catch(() => {});
}

/** The signed-in member's profile with balance, points and merchant role: one query (decision 025). */
export async function getMemberInfo(deps: AppDeps, ctx: CallerContext, memberId: number): Promise<MemberInfo> {
	const member = await queries.findMemberInfo(deps.db, { tenantId: ctx.tenant.id, memberId, now: deps.clock.now() });
	if (!member) throw new BusinessError(ErrorCode.Unauthorized);
	const merchantShops = member.staffShops.map((shop) => ({
		shopId: shop.id,
		shopName: localize(shop.name, ctx.lang),
		role: shop.role,
	}));
	const userType = merchantShops.some((shop) => shop.role === "owner")
		? UserType.MerchantOwner
		: merchantShops.length > 0
			? UserType.MerchantStaff
			: UserType.User;
	return {
		id: member.id,
		nickname: member.nickname,
		avatar: member.avatar,
		mobile: member.mobile,
		gender: member.gender,
		birthday: member.birthday,
		// No wallet account yet: the member has never had a balance movement.
		balance: Number(member.balance ?? 0),
		points: member.points,
		// The coupons usable now (unused, in their dates, switched on), as GET /coupon/count says.
		couponCount: Number(member.couponCount ?? 0),
		userType,
		isMerchant: merchantShops.length > 0,
		merchantShops,
		telegramLinked: Boolean(member.telegramLinked),
		isPlatformOperator: Boolean(member.platformOperator),
		isBusinessAdmin: Boolean(member.businessAdmin),
	};
}

/** Changes nickname, avatar, gender or birthday; the phone changes only through a fresh code. */
export async function updateProfile(
	deps: AppDeps,
	ctx: CallerContext,
	memberId: number,
	input: UpdateProfileInput,
): Promise<MemberInfo> {
	if (input.avatar && !(await isOwnUpload(deps, { tenantId: ctx.tenant.id, memberId, url: input.avatar }))) {
		throw BusinessError.invalidField("avatar", "avatarInvalid");
	}
	const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
	if (Object.keys(changes).length > 0) {
		await queries.updateMemberProfile(deps.db, { tenantId: ctx.tenant.id, memberId, now: deps.clock.now(), changes });
	}
	return getMemberInfo(deps, ctx, memberId);
}

function requireBotToken(deps: AppDeps): string {
	if (!deps.config.telegramBotToken) throw new BusinessError(ErrorCode.TelegramNotConfigured);
	return deps.config.telegramBotToken;
}

async function recordTelegramIdentity(
	deps: AppDeps,
	db: Kysely<DB> | Transaction<DB>,
	ctx: CallerContext,
	input: TelegramUserInput,
) {
	const user = verifyTelegramInitData(input.initData, requireBotToken(deps), deps.clock.now());
	const identity = await queries.upsertTelegramIdentity(db, {
		tenantId: ctx.tenant.id,
		telegramUserId: user.id,
		username: user.username,
		firstName: user.firstName,
		lastName: user.lastName,
		languageCode: user.languageCode,
		photoUrl: user.photoUrl,
		allowsWriteToPm: user.allowsWriteToPm,
		// Client facts, not identity: kept for support, never trusted for access.
		platform: input.platform ?? null,
		clientVersion: input.version ?? null,
		authDate: user.authDate,
		now: deps.clock.now(),
	});
	await telegramUserSeen(db, {
		telegramUserId: user.id,
		allowsWriteToPm: user.allowsWriteToPm,
		now: deps.clock.now(),
	});
	if (identity.member_id !== null)
		await telegramMemberLanguage(db, {
			tenantId: ctx.tenant.id,
			memberId: identity.member_id,
			lang: ctx.lang,
			now: deps.clock.now(),
		});
	return { user, linkedMemberId: identity.member_id };
}

/**
 * Spec /api/v1/addUser: posted when the app starts inside Telegram. Records the verified
 * Telegram user and signs them in when that user is linked to an active member.
 */
export async function addTelegramUser(
	deps: AppDeps,
	ctx: CallerContext,
	input: TelegramUserInput,
): Promise<TelegramAddUserResult> {
	const { user, linkedMemberId } = await recordTelegramIdentity(deps, deps.db, ctx, input);
	if (linkedMemberId === null) return { telegramUserId: String(user.id), linked: false, session: null };
	const member = await queries.findMember(deps.db, ctx.tenant.id, linkedMemberId);
	if (member?.status !== "active") throw new BusinessError(ErrorCode.MemberDisabled);
	await queries.recordLogin(deps.db, member.id, deps.clock.now());
	const session = await startSession(deps, deps.db, {
		tenantId: ctx.tenant.id,
		memberId: member.id,
		loginMethod: "telegram",
	});
	return { telegramUserId: String(user.id), linked: true, session };
}

/**
 * Spec /api/v1/syncUser: links the verified Telegram user to the signed-in member, so the
 * next start inside Telegram signs them in directly. A member has at most one Telegram
 * account; a Telegram account already linked to someone else is refused.
 */
export async function linkTelegramUser(
	deps: AppDeps,
	ctx: CallerContext,
	memberId: number,
	input: TelegramUserInput,
): Promise<TelegramSyncUserResult> {
	const now = deps.clock.now();
	return deps.db.transaction().execute(async (trx) => {
		const { user } = await recordTelegramIdentity(deps, trx, ctx, input);
		const locked = await queries.lockTelegramIdentity(trx, ctx.tenant.id, user.id);
		if (locked.member_id !== null && locked.member_id !== memberId)
			throw new BusinessError(ErrorCode.TelegramAlreadyLinked);
		if (locked.member_id === null) {
			await queries.unlinkTelegramOfMember(trx, ctx.tenant.id, memberId);
			await queries.linkTelegramIdentity(trx, { tenantId: ctx.tenant.id, telegramUserId: user.id, memberId, now });
			await telegramMemberLanguage(trx, { tenantId: ctx.tenant.id, memberId, lang: ctx.lang, now });
		}
		return { telegramUserId: String(user.id), linked: true as const };
	});
}

/** Phone and nickname of members, for the shop's staff looking at their orders. */
export async function memberContacts(
	deps: AppDeps,
	tenantId: number,
	ids: number[],
): Promise<Map<number, { mobile: string; nickname: string }>> {
	const rows = await queries.findMembersByIds(deps.db, tenantId, ids);
	return new Map(rows.map((row) => [row.id, { mobile: row.mobile, nickname: row.nickname }]));
}

/** The active member with this phone, or null (staff ordering for a customer). */
export async function findActiveMemberIdByMobile(
	deps: AppDeps,
	tenantId: number,
	mobile: string,
): Promise<number | null> {
	const row = await queries.findMemberByMobile(deps.db, tenantId, mobile);
	return row?.status === "active" ? row.id : null;
}

/**
 * The member with this phone, created now if nobody has it yet: an owner adds staff by phone
 * before their first sign-in, and that sign-in then finds the member and its role (decision 017).
 */
export async function findOrCreateMemberByMobile(
	trx: Transaction<DB>,
	args: { tenantId: number; mobile: string; lang: string; now: Date },
): Promise<{ id: number; status: string }> {
	return queries.findOrCreateMember(trx, {
		tenantId: args.tenantId,
		mobile: args.mobile,
		nickname: defaultNickname(args.mobile, args.lang),
		now: args.now,
	});
}

/** The member's own phone (the default contact on their orders). */
export async function memberMobile(deps: AppDeps, tenantId: number, memberId: number): Promise<string> {
	const row = await queries.findMember(deps.db, tenantId, memberId);
	if (!row) throw new BusinessError(ErrorCode.Unauthorized);
	return row.mobile;
}
