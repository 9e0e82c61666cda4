import { ErrorCode } from "@bayon/contract";
import { validate } from "@telegram-apps/init-data-node";
import { z } from "zod";
import { BusinessError } from "../../http/business-error.js";
import { TelegramInitDataLifetime } from "./rules.js";

export interface VerifiedTelegramUser {
	id: number;
	username: string | null;
	firstName: string | null;
	lastName: string | null;
	languageCode: string | null;
	photoUrl: string | null;
	allowsWriteToPm: boolean | null;
	authDate: Date;
}

/**
 * Checks the raw Telegram.WebApp.initData string (security-and-money §A5): its HMAC with
 * the bot token, then its age against our clock. Only what this returns is trusted; the
 * loose fields the client posts beside it are not.
 */
export function verifyTelegramInitData(initData: string, botToken: string, now: Date): VerifiedTelegramUser {
	const { user, authDate } = parseVerified(initData, botToken);
	const ageSeconds = (now.getTime() - authDate.getTime()) / 1000;
	if (ageSeconds < -TelegramInitDataLifetime.maxFutureSkewSeconds) throw new BusinessError(ErrorCode.TelegramInvalid);
	if (ageSeconds > TelegramInitDataLifetime.maxAgeSeconds) throw new BusinessError(ErrorCode.TelegramExpired);
	return {
		id: user.id,
		username: user.username ?? null,
		firstName: user.first_name ?? null,
		lastName: user.last_name ?? null,
		languageCode: user.language_code ?? null,
		photoUrl: user.photo_url ?? null,
		allowsWriteToPm: user.allows_write_to_pm ?? null,
		authDate,
	};
}

/** The fields we use from initData's `user` JSON (Telegram's WebAppUser). */
const TelegramUser = z.looseObject({
	id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
	username: z.string().optional(),
	first_name: z.string().optional(),
	last_name: z.string().optional(),
	language_code: z.string().optional(),
	photo_url: z.string().optional(),
	allows_write_to_pm: z.boolean().optional(),
});

/**
 * Checks the hash with the library, then reads only `auth_date` and `user`: the field set
 * depends on how the app was launched (no `query_id` or `signature` on some clients), so
 * nothing else is required (security-and-money §A5 step 8).
 */
function parseVerified(initData: string, botToken: string) {
	try {
		// Age is checked by the caller against our clock, so the library's own expiry is off.
		validate(initData, botToken, { expiresIn: 0 });
	} catch {
		throw new BusinessError(ErrorCode.TelegramInvalid);
	}
	const params = new URLSearchParams(initData);
	const authSeconds = Number(params.get("auth_date"));
	const user = TelegramUser.safeParse(safeJson(params.get("user")));
	if (!Number.isSafeInteger(authSeconds) || authSeconds <= 0 || !user.success)
		throw new BusinessError(ErrorCode.TelegramInvalid);
	return { user: user.data, authDate: new Date(authSeconds * 1000) };
}

function safeJson(text: string | null): unknown {
	try {
		return text === null ? null : JSON.parse(text);
	} catch {
		return null;
	}
}
