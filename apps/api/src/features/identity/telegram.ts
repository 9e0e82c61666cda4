import { ErrorCode } from "@bayon/contract";
import { parse, validate } from "@telegram-apps/init-data-node";
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
	const parsed = parseVerified(initData, botToken);
	const user = parsed.user;
	if (!user || !Number.isSafeInteger(user.id)) throw new BusinessError(ErrorCode.TelegramInvalid);
	const ageSeconds = (now.getTime() - parsed.auth_date.getTime()) / 1000;
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
		authDate: parsed.auth_date,
	};
}

function parseVerified(initData: string, botToken: string) {
	try {
		// Age is checked by the caller against our clock, so the library's own expiry is off.
		validate(initData, botToken, { expiresIn: 0 });
		return parse(initData, false);
	} catch {
		throw new BusinessError(ErrorCode.TelegramInvalid);
	}
}
