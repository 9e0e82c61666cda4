import {
	type CouponKind,
	type CouponTemplateAdmin,
	type CouponUseType,
	SaveCouponTemplateInput,
} from "@bayon/contract";
import type { z } from "zod";
import {
	type CheckContext,
	type Checked,
	checkWith,
	type LocalizedDraft,
	moneyText,
	parseMoney,
	parseWhole,
	textDraft,
} from "../../lib/form";
import { addDays, clockTime, instantAt, localDateOf } from "../../lib/shop-clock";

/**
 * The coupon template editor, checked with the contract's SaveCouponTemplateInput (the
 * server's own rules and messages). Amounts are typed in the currency's major unit and sent in
 * minor units; dates are typed on the shop's clock and sent as instants. Once anyone has
 * claimed a template its terms cannot change (decision 022): a locked template's terms are
 * sent exactly as the server gave them, so a save of its text or quantity never trips the lock.
 */

export type SaveCouponRequest = z.output<typeof SaveCouponTemplateInput>;

/** "24:00": the end of the chosen day, i.e. the next day's midnight (the end is exclusive). */
export const END_OF_DAY = "24:00";

export interface CouponDraft {
	title: LocalizedDraft;
	instructions: LocalizedDraft;
	kind: CouponKind;
	/** Major units as typed. */
	amountOff: string;
	percentOff: string;
	/** Major units; empty: no cap. */
	maxDiscount: string;
	threshold: string;
	useType: CouponUseType;
	allShops: boolean;
	shopIds: number[];
	validityKind: "fixed" | "days";
	/** On the shop's clock: YYYY-MM-DD and HH:MM (the end may be END_OF_DAY). */
	fromDate: string;
	fromTime: string;
	untilDate: string;
	untilTime: string;
	days: string;
	totalQuantity: string;
	perMemberLimit: string;
	exchangeCode: string;
	listed: boolean;
	enabled: boolean;
}

/** An instant as the shop's clock shows it; a midnight end reads as the day before's END_OF_DAY. */
export function localParts(iso: string, timeZone: string, isEnd: boolean): { date: string; time: string } {
	const date = localDateOf(iso, timeZone);
	const time = clockTime(iso, timeZone);
	if (isEnd && time === "00:00") return { date: addDays(date, -1), time: END_OF_DAY };
	return { date, time };
}

/** The instant the shop's clock shows `date` `time` (END_OF_DAY: the next midnight); "" when incomplete. */
export function instantOf(date: string, time: string, timeZone: string): string {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return "";
	const at = time === END_OF_DAY ? instantAt(addDays(date, 1), "00:00", timeZone) : instantAt(date, time, timeZone);
	return Number.isNaN(at.getTime()) ? "" : at.toISOString();
}

/** A new template starts listed, switched on, one per member, valid 30 days from claiming. */
export function couponDraft(
	template: CouponTemplateAdmin | undefined,
	decimals: number,
	timeZone: string,
	today: string = localDateOf(Date.now(), timeZone),
): CouponDraft {
	const fixed = template?.validity.kind === "fixed" ? template.validity : null;
	const from = fixed ? localParts(fixed.from, timeZone, false) : { date: today, time: "00:00" };
	const until = fixed ? localParts(fixed.until, timeZone, true) : { date: addDays(today, 29), time: END_OF_DAY };
	return {
		title: textDraft(template?.title),
		instructions: textDraft(template?.instructions),
		kind: template?.kind ?? "amountOff",
		amountOff: moneyText(template?.amountOff, decimals),
		percentOff: template?.percentOff ? String(template.percentOff) : "",
		maxDiscount: moneyText(template?.maxDiscount, decimals),
		threshold: template ? moneyText(template.threshold, decimals) : "",
		useType: template?.useType ?? 0,
		allShops: (template?.shopIds ?? null) === null,
		shopIds: template?.shopIds ?? [],
		validityKind: template?.validity.kind ?? "days",
		fromDate: from.date,
		fromTime: from.time,
		untilDate: until.date,
		untilTime: until.time,
		days: template?.validity.kind === "days" ? String(template.validity.days) : template ? "" : "30",
		totalQuantity: template ? String(template.totalQuantity) : "",
		perMemberLimit: String(template?.perMemberLimit ?? 1),
		exchangeCode: template?.exchangeCode ?? "",
		listed: template?.listed ?? true,
		enabled: template?.enabled ?? true,
	};
}

/** A template's terms as the save request names them, unchanged. */
export function termsOfTemplate(template: CouponTemplateAdmin) {
	return {
		kind: template.kind,
		amountOff: template.amountOff,
		percentOff: template.percentOff,
		maxDiscount: template.maxDiscount,
		threshold: template.threshold,
		useType: template.useType,
		shopIds: template.shopIds,
		validity: template.validity,
	};
}

/** The whole template as a save request at its version, with `changes` (the list's on/off switch). */
export function requestOfTemplate(
	template: CouponTemplateAdmin,
	shopId: number,
	changes: Partial<Pick<SaveCouponRequest, "enabled" | "listed">> = {},
): SaveCouponRequest {
	return {
		shopId,
		id: template.id,
		version: template.version,
		title: textDraft(template.title),
		instructions: textDraft(template.instructions),
		...termsOfTemplate(template),
		totalQuantity: template.totalQuantity,
		perMemberLimit: template.perMemberLimit,
		exchangeCode: template.exchangeCode,
		listed: template.listed,
		enabled: template.enabled,
		...changes,
	};
}

/** A whole number field that must be filled: empty reads as NaN so the schema names the field. */
const required = (text: string) => parseWhole(text) ?? Number.NaN;

function validityOf(draft: CouponDraft, timeZone: string, template: CouponTemplateAdmin | undefined) {
	if (draft.validityKind === "days") return { kind: "days" as const, days: required(draft.days) };
	const from = instantOf(draft.fromDate, draft.fromTime, timeZone);
	const until = instantOf(draft.untilDate, draft.untilTime, timeZone);
	// Untouched dates are sent as the server gave them (to the millisecond, not the minute shown).
	const kept = template?.validity.kind === "fixed" ? template.validity : null;
	return {
		kind: "fixed" as const,
		from: kept && Date.parse(kept.from) === Date.parse(from) ? kept.from : from,
		until: kept && Date.parse(kept.until) === Date.parse(until) ? kept.until : until,
	};
}

export function checkCoupon(
	draft: CouponDraft,
	at: CheckContext & { timeZone: string; template?: CouponTemplateAdmin | undefined },
): Checked<SaveCouponRequest> {
	const { template } = at;
	const amountOff = draft.kind === "amountOff" ? parseMoney(draft.amountOff, at.decimals) : null;
	const maxDiscount = draft.kind === "percentOff" ? parseMoney(draft.maxDiscount, at.decimals) : null;
	const threshold = parseMoney(draft.threshold, at.decimals);
	const terms = template?.termsLocked
		? termsOfTemplate(template)
		: {
				kind: draft.kind,
				// Only the amounts this kind uses are sent: the server refuses the others.
				amountOff,
				percentOff: draft.kind === "percentOff" ? parseWhole(draft.percentOff) : null,
				maxDiscount,
				threshold: threshold ?? 0,
				useType: draft.useType,
				shopIds: draft.allShops ? null : draft.shopIds,
				validity: validityOf(draft, at.timeZone, template),
			};
	const code = draft.exchangeCode.trim();
	const request = {
		shopId: at.shopId,
		...(template ? { id: template.id, version: template.version } : {}),
		title: draft.title,
		instructions: draft.instructions,
		...terms,
		totalQuantity: required(draft.totalQuantity),
		perMemberLimit: required(draft.perMemberLimit),
		exchangeCode: code === "" ? null : code.toUpperCase(),
		listed: draft.listed,
		enabled: draft.enabled,
	};
	return checkWith(
		SaveCouponTemplateInput,
		request,
		at,
		template?.termsLocked ? {} : { amountOff, maxDiscount, threshold },
	);
}
