import { SavePlatformSettingsInput } from "@bayon/contract";
import { type Checked, checkWith, moneyText, parseMoney, parseWhole } from "../../../../lib/form";

/**
 * The platform's terms as the settings form types them: the commission as a percent ("2.5",
 * sent as 250 basis points), the hold in whole hours, the minimum withdrawal in the currency's
 * major unit ("10.00", sent as 1000 minor units). Every conversion works on the digits, never
 * in floating point, so what is typed is exactly what is sent.
 */
export interface PlatformSettingsDraft {
	commission: string;
	holdHours: string;
	minimum: string;
}

/** Basis points per percent: 1% = 100 bps, so a percent has at most two decimals. */
const PERCENT_DECIMALS = 2;

/** "2.5" → 250, "50" → 5000; null for an empty field, NaN for anything that is not 0-2 decimals. */
export function bpsFromPercentText(text: string): number | null {
	// A percent with two decimals is a count of hundredths, exactly as an amount is of cents.
	return parseMoney(text, PERCENT_DECIMALS);
}

/** 250 → "2.5", 205 → "2.05", 5000 → "50": the shortest exact percent. */
export function percentTextFromBps(bps: number): string {
	const whole = Math.trunc(bps / 100);
	const hundredths = bps % 100;
	if (hundredths === 0) return String(whole);
	return `${whole}.${String(hundredths).padStart(2, "0").replace(/0$/, "")}`;
}

export function settingsDraftOf(
	settings: { commissionBps: number; holdHours: number; minimumWithdrawal: number },
	decimals: number,
): PlatformSettingsDraft {
	return {
		commission: percentTextFromBps(settings.commissionBps),
		holdHours: String(settings.holdHours),
		minimum: moneyText(settings.minimumWithdrawal, decimals),
	};
}

/** The request the draft makes, before it is checked. */
export function settingsRequestOf(draft: PlatformSettingsDraft, decimals: number) {
	return {
		commissionBps: bpsFromPercentText(draft.commission),
		holdHours: parseWhole(draft.holdHours),
		minimumWithdrawal: parseMoney(draft.minimum, decimals),
	};
}

/** The draft checked with the contract's schema; problems by request field, in the server's words. */
export function checkSettings(
	draft: PlatformSettingsDraft,
	decimals: number,
	lang: string,
): Checked<SavePlatformSettingsInput> {
	return checkWith(SavePlatformSettingsInput, settingsRequestOf(draft, decimals), { lang });
}

/** The commission on `gross` as the server takes it when an earning is recorded: round(gross × bps / 10000). */
export function commissionOn(gross: number, bps: number): number {
	return Math.round((gross * bps) / 10_000);
}
