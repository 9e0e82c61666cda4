import {
	type MessageKey,
	RESERVATION_PARTY_MAX,
	type ReservationSettings,
	type TurnTimeBand,
	UpdateReservationSettingsInput,
	type ValidationIssue,
} from "@bayon/contract";
import { isMessageKey } from "../../../lib/i18n/messages";

/**
 * The owner's booking settings form: what is typed (numbers as text, so a half-typed field is
 * not snapped back), how it becomes the contract's input, and what is wrong with it. The
 * contract's schema is the rule; this module only says it per field in words the owner reads.
 */

export const SLOT_MINUTE_CHOICES = [5, 10, 15, 20, 30, 60] as const;
export const TURN_BANDS_MAX = 8;

type NumberField =
	| "bufferMinutes"
	| "minNoticeMinutes"
	| "maxDaysAhead"
	| "onlinePartyMax"
	| "autoConfirmPercent"
	| "cancelWindowMinutes"
	| "graceMinutes"
	| "strikeWindowDays";
/** Empty means "no limit" / "not for this reason" (null). */
type OptionalField = "pacingCoversPerSlot" | "depositMinParty" | "depositStrikes";

export interface SettingsDraft {
	enabled: boolean;
	slotMinutes: number;
	turnTimes: Array<{ upToParty: string; minutes: string }>;
	numbers: Record<NumberField, string>;
	optional: Record<OptionalField, string>;
	/** Major units as typed ("2.50"). */
	depositPerPerson: string;
}

/** Each number's allowed range, as the contract has it (shown as "from … to …"). */
export const FIELD_RANGES: Record<NumberField | OptionalField | "upToParty" | "minutes", [number, number]> = {
	bufferMinutes: [0, 120],
	minNoticeMinutes: [0, 7 * 24 * 60],
	maxDaysAhead: [0, 365],
	onlinePartyMax: [1, RESERVATION_PARTY_MAX],
	autoConfirmPercent: [0, 100],
	cancelWindowMinutes: [0, 7 * 24 * 60],
	graceMinutes: [0, 240],
	strikeWindowDays: [1, 730],
	pacingCoversPerSlot: [1, 1000],
	depositMinParty: [1, RESERVATION_PARTY_MAX],
	depositStrikes: [1, 100],
	upToParty: [1, RESERVATION_PARTY_MAX],
	minutes: [15, 600],
};

const NUMBER_FIELDS: NumberField[] = [
	"bufferMinutes",
	"minNoticeMinutes",
	"maxDaysAhead",
	"onlinePartyMax",
	"autoConfirmPercent",
	"cancelWindowMinutes",
	"graceMinutes",
	"strikeWindowDays",
];
const OPTIONAL_FIELDS: OptionalField[] = ["pacingCoversPerSlot", "depositMinParty", "depositStrikes"];

export function draftOf(settings: ReservationSettings, decimals: number): SettingsDraft {
	return {
		enabled: settings.enabled,
		slotMinutes: settings.slotMinutes,
		turnTimes: settings.turnTimes.map((band) => ({ upToParty: String(band.upToParty), minutes: String(band.minutes) })),
		numbers: Object.fromEntries(NUMBER_FIELDS.map((field) => [field, String(settings[field])])) as Record<
			NumberField,
			string
		>,
		optional: Object.fromEntries(
			OPTIONAL_FIELDS.map((field) => [field, settings[field] === null ? "" : String(settings[field])]),
		) as Record<OptionalField, string>,
		depositPerPerson: (settings.depositPerPerson / 10 ** decimals).toFixed(decimals),
	};
}

/** A typed whole number, or NaN (which the schema refuses as fieldInvalid). */
function wholeNumber(text: string): number {
	const trimmed = text.trim();
	return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Major units typed → minor units; NaN when it is not an amount with at most `decimals` decimals. */
export function minorUnits(text: string, decimals: number): number {
	const trimmed = text.trim();
	if (trimmed === "") return 0;
	const pattern = decimals > 0 ? new RegExp(`^\\d+(\\.\\d{0,${decimals}})?$`) : /^\d+$/;
	if (!pattern.test(trimmed)) return Number.NaN;
	return Math.round(Number(trimmed) * 10 ** decimals);
}

/** The draft as the contract's input (values that do not parse stay NaN for the schema to refuse). */
export function inputOf(
	draft: SettingsDraft,
	shopId: number,
	version: number,
	decimals: number,
): Record<string, unknown> {
	return {
		shopId,
		version,
		enabled: draft.enabled,
		slotMinutes: draft.slotMinutes,
		turnTimes: draft.turnTimes.map((band) => ({
			upToParty: wholeNumber(band.upToParty),
			minutes: wholeNumber(band.minutes),
		})),
		...Object.fromEntries(NUMBER_FIELDS.map((field) => [field, wholeNumber(draft.numbers[field])])),
		...Object.fromEntries(
			OPTIONAL_FIELDS.map((field) => [
				field,
				draft.optional[field].trim() === "" ? null : wholeNumber(draft.optional[field]),
			]),
		),
		depositPerPerson: minorUnits(draft.depositPerPerson, decimals),
	};
}

/** What is wrong with a field: a range to say, a message of the catalogue, or a bad amount. */
export type FieldProblem =
	| { kind: "range"; min: number; max: number }
	| { kind: "message"; key: MessageKey }
	| { kind: "amount" };

/** Field path ("bufferMinutes", "turnTimes.1.minutes", "turnTimes") → its first problem. */
export type SettingsErrors = Map<string, FieldProblem>;

function rangeOf(path: (string | number | symbol)[]): [number, number] | undefined {
	const last = path[path.length - 1];
	return typeof last === "string" && last in FIELD_RANGES ? FIELD_RANGES[last as keyof typeof FIELD_RANGES] : undefined;
}

export function validateSettings(
	draft: SettingsDraft,
	shopId: number,
	version: number,
	decimals: number,
): { errors: SettingsErrors; input: UpdateReservationSettingsInput | null } {
	const parsed = UpdateReservationSettingsInput.safeParse(inputOf(draft, shopId, version, decimals));
	if (parsed.success) return { errors: new Map(), input: parsed.data };
	const errors: SettingsErrors = new Map();
	for (const issue of parsed.error.issues) {
		const path = issue.path.join(".");
		if (errors.has(path)) continue;
		const range = rangeOf(issue.path);
		if (path === "depositPerPerson" && issue.message !== "depositAmountRequired") errors.set(path, { kind: "amount" });
		else if (issue.message === "fieldInvalid" || (issue.message === "selectDiners" && range))
			errors.set(
				path,
				range ? { kind: "range", min: range[0], max: range[1] } : { kind: "message", key: "fieldInvalid" },
			);
		else errors.set(path, { kind: "message", key: isMessageKey(issue.message) ? issue.message : "fieldInvalid" });
	}
	return { errors, input: null };
}

/** The server's per-field answer (ValidationIssue[], already in the caller's language) by field path. */
export function serverFieldErrors(data: unknown): Map<string, string> {
	const errors = new Map<string, string>();
	if (!Array.isArray(data)) return errors;
	for (const issue of data as Partial<ValidationIssue>[]) {
		if (typeof issue?.field === "string" && typeof issue.message === "string" && !errors.has(issue.field))
			errors.set(issue.field, issue.message);
	}
	return errors;
}

/** A band after the last: two more guests, a quarter of an hour longer (the owner edits from there). */
export function addBand(bands: SettingsDraft["turnTimes"]): SettingsDraft["turnTimes"] {
	if (bands.length >= TURN_BANDS_MAX) return bands;
	const last = bands[bands.length - 1];
	const upTo = Math.min(RESERVATION_PARTY_MAX, (Number(last?.upToParty) || 0) + 2);
	const minutes = Math.min(600, (Number(last?.minutes) || 75) + 15);
	return [...bands, { upToParty: String(upTo), minutes: String(minutes) }];
}

/** Removes a band; the last one left stays (every party needs a turn time). */
export function removeBand(bands: SettingsDraft["turnTimes"], index: number): SettingsDraft["turnTimes"] {
	return bands.length <= 1 ? bands : bands.filter((_, i) => i !== index);
}

/** "1–2", "3–4", … "7+" for the band list: each band starts after the previous one's size. */
export function bandRanges(bands: ReadonlyArray<Pick<TurnTimeBand, "upToParty">>): Array<{ from: number; to: number }> {
	return bands.map((band, index) => ({ from: (bands[index - 1]?.upToParty ?? 0) + 1, to: band.upToParty }));
}
