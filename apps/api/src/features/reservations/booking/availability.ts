import { type AvailabilityQuery, type AvailabilityView, ErrorCode, localize } from "@bayon/contract";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { RequestContext } from "../../../http/request-context.js";
import { addDays, fromLocalMoment } from "../../venues/hours.js";
import { countStrikes } from "../records.js";
import * as queries from "./queries.js";
import { bookingWindowDates, depositTerms, freeSlots } from "./rules.js";

/** The local day's free slots for a party, the booking terms (deposit for the signed-in guest), and the areas. */
export async function getAvailability(
	deps: AppDeps,
	ctx: RequestContext,
	query: AvailabilityQuery,
): Promise<AvailabilityView> {
	const shop = await queries.findShop(deps.db, ctx.tenant.id, query.shopId);
	if (!shop) throw new BusinessError(ErrorCode.NotFound);
	const now = deps.clock.now();
	const facts = await queries.loadAvailabilityFacts(deps.db, {
		shop,
		// The day's windows start on it and may run past the next midnight.
		from: fromLocalMoment(query.date, 0, shop.timezone),
		to: fromLocalMoment(addDays(query.date, 2), 0, shop.timezone),
		now,
		online: true,
	});
	const { settings } = facts;
	const day = freeSlots(facts, query.date, query.party);
	const strikes = ctx.member
		? await countStrikes(deps.db, {
				tenantId: ctx.tenant.id,
				memberId: ctx.member.id,
				phone: null,
				windowDays: settings.strikeWindowDays,
				now,
			})
		: 0;
	const areas = new Map<string, string>();
	for (const table of facts.tables) {
		if (table.area && table.areaName && !areas.has(table.area))
			areas.set(table.area, localize(table.areaName, ctx.lang));
	}
	return {
		shopId: shop.id,
		shopName: localize(shop.name, ctx.lang),
		shopTimeZone: shop.timezone,
		date: query.date,
		party: query.party,
		stayMinutes: day.stayMinutes,
		slots: day.slots.map((slot) => ({
			startsAt: new Date(slot.startsAt).toISOString(),
			time: slot.time,
			freeAreas: slot.freeAreas,
		})),
		noSlotsReason: day.noSlotsReason,
		areas: [...areas].map(([key, name]) => ({ key, name })),
		terms: {
			cancelWindowMinutes: settings.cancelWindowMinutes,
			graceMinutes: settings.graceMinutes,
			minNoticeMinutes: settings.minNoticeMinutes,
			maxDaysAhead: settings.maxDaysAhead,
			onlinePartyMax: settings.onlinePartyMax,
			...bookingWindowDates(settings, shop.timezone, now),
			deposit: depositTerms(settings, query.party, strikes),
			shopPhone: shop.phone,
		},
	};
}
