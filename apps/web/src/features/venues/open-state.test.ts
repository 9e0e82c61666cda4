import { describe, expect, it } from "vitest";
import { formatTimeInZone } from "../../lib/format";
import { closedShop, shop } from "../../test/ordering-fixtures";
import { checkoutMessage, formatWindows, pauseParams, shopStatus } from "./open-state";

describe("open state", () => {
	it("follows the server's order: not accepting, closed today, outside hours, open", () => {
		const open = shop().openState;
		expect(shopStatus(open)).toBe("open");
		expect(shopStatus({ ...open, isOpen: false })).toBe("outsideHours");
		expect(shopStatus({ ...open, isOpen: false, closedToday: true })).toBe("closedToday");
		expect(shopStatus({ ...open, isOpen: false, closedToday: true, acceptingOrders: false })).toBe("notAccepting");
		expect(checkoutMessage.outsideHours).toBe("cannotOrderOutsideHours");
		expect(checkoutMessage.closedToday).toBe("storeClosed");
	});

	it("says a paused shop is paused, until when on the shop's clock", () => {
		const paused = { ...shop().openState, isOpen: false, pausedUntil: "2026-11-20T05:30:00.000Z" };
		expect(shopStatus(paused)).toBe("paused");
		expect(checkoutMessage.paused).toBe("storePausedUntil");
		expect(pauseParams(paused, "Asia/Phnom_Penh")).toEqual({ time: "12:30" });
		expect(pauseParams(shop().openState, "Asia/Phnom_Penh")).toEqual({});
	});

	it("writes windows, including one past midnight", () => {
		expect(
			formatWindows([
				{ opensAt: "11:00", closesAt: "14:00" },
				{ opensAt: "17:00:00", closesAt: "01:00:00" },
			]),
		).toBe("11:00–14:00, 17:00–01:00");
	});

	it("says when a closed shop opens, on the shop's clock", () => {
		const next = closedShop("2026-11-21T01:00:00Z").openState.nextOpenAt ?? "";
		// 23:30 in Phnom Penh on the 20th: opens tomorrow at 08:00 there
		expect(formatTimeInZone(next, "Asia/Phnom_Penh", new Date("2026-11-20T16:30:00Z"))).toMatchObject({
			time: "08:00",
			dayOffset: 1,
		});
		// 06:00 there on the 21st: opens today
		expect(formatTimeInZone(next, "Asia/Phnom_Penh", new Date("2026-11-20T23:00:00Z"))?.dayOffset).toBe(0);
		// The same instant is 02:00 in Paris
		expect(formatTimeInZone(next, "Europe/Paris")?.time).toBe("02:00");
		expect(formatTimeInZone(next, "Not/AZone")).toBeNull();
	});
});
