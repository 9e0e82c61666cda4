import { ErrorCode } from "@bayon/contract";
import type { RateLimits } from "../../lib/config.js";

/** What the store knows about recent sends, as counted by queries.smsSendHistory. */
export interface SmsSendHistory {
	lastSentToPhoneAt: Date | null;
	sentToPhoneInWindow: number;
	/** The oldest send inside the window, to tell the user when it frees up. */
	oldestInWindowAt: Date | null;
	sentToPhoneToday: number;
	sentFromIpInHour: number;
}

export type SmsSendVerdict =
	| { allowed: true }
	| {
			allowed: false;
			code: typeof ErrorCode.SmsSendTooFrequent | typeof ErrorCode.SmsSendLimit | typeof ErrorCode.SmsSendIpLimit;
			retryAfterSeconds: number;
	  };

/**
 * OTP sending limits (security-and-money §A2): a cooldown between sends, a cap per phone
 * per window and per day, and a cap per IP per hour. Checked in this order so that the
 * most specific reason is the one the user reads.
 */
export function checkSmsSendAllowed(history: SmsSendHistory, now: Date, limits: RateLimits): SmsSendVerdict {
	if (history.lastSentToPhoneAt) {
		const elapsed = (now.getTime() - history.lastSentToPhoneAt.getTime()) / 1000;
		if (elapsed < limits.smsResendSeconds) {
			return {
				allowed: false,
				code: ErrorCode.SmsSendTooFrequent,
				retryAfterSeconds: Math.ceil(limits.smsResendSeconds - elapsed),
			};
		}
	}
	if (history.sentToPhoneInWindow >= limits.smsPerPhoneInWindow) {
		const freesAt = (history.oldestInWindowAt?.getTime() ?? now.getTime()) + limits.smsPerPhoneWindowSeconds * 1000;
		return {
			allowed: false,
			code: ErrorCode.SmsSendLimit,
			retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)),
		};
	}
	if (history.sentToPhoneToday >= limits.smsPerPhonePerDay) {
		return { allowed: false, code: ErrorCode.SmsSendLimit, retryAfterSeconds: 24 * 3600 };
	}
	if (history.sentFromIpInHour >= limits.smsPerIpPerHour) {
		return { allowed: false, code: ErrorCode.SmsSendIpLimit, retryAfterSeconds: 3600 };
	}
	return { allowed: true };
}

/** Session lifetimes (security-and-money §A3): staff sessions end sooner than customers'. */
export const SessionLifetime = {
	accessSeconds: 15 * 60,
	customerRefreshSeconds: 30 * 24 * 3600,
	staffRefreshSeconds: 12 * 3600,
} as const;

/** How long Telegram initData stays acceptable for sign-in, and how far ahead a clock may be. */
export const TelegramInitDataLifetime = { maxAgeSeconds: 24 * 3600, maxFutureSkewSeconds: 60 } as const;

/** A first-time member's nickname, in the language they signed up in. */
export function defaultNickname(mobile: string, lang: string): string {
	const tail = mobile.slice(-4);
	if (lang === "en") return `User ${tail}`;
	if (lang === "km") return `អ្នកប្រើ ${tail}`;
	return `用户${tail}`;
}
