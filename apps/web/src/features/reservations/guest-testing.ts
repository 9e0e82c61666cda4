import type { AvailabilityView, ReservationView } from "@bayon/contract";
import { applyLanguage } from "../../lib/i18n";
import { queryClient } from "../../lib/query-client";
import { appStore } from "../../lib/store";
import { hideToast } from "../../lib/toast";
import { testMember } from "../../test/member-fixtures";

/** Fixtures of the guest's reservation tests (never imported by the app). */

/** A signed-in member (Dara, 13800000002) in the app's stored session. */
export function signInGuest(extra: Parameters<typeof testMember>[0] = {}): void {
	localStorage.setItem("accessToken", "access-1");
	localStorage.setItem("refreshToken", "refresh-1");
	localStorage.setItem("expiresTime", String(Date.now() + 15 * 60_000));
	localStorage.setItem("userinfo", JSON.stringify(testMember(extra)));
	appStore.reload();
}

/** A clean start for a guest page's test: nothing stored, cached or toasted; Dara signed in; zh-CN. */
export async function startAsGuest(): Promise<void> {
	localStorage.clear();
	queryClient.clear();
	hideToast();
	signInGuest();
	await applyLanguage("zh-CN");
}

/** Tuesday 24 November 2026 evening in Phnom Penh (UTC+7): 18:00 local is 11:00Z. */
export function availabilityView(extra: Partial<AvailabilityView> = {}): AvailabilityView {
	return {
		shopId: 1,
		shopName: "Bayon 河畔店",
		shopTimeZone: "Asia/Phnom_Penh",
		date: "2026-11-24",
		party: 2,
		stayMinutes: 90,
		slots: [
			{ startsAt: "2026-11-24T11:00:00.000Z", time: "18:00", freeAreas: ["terrace", "hall"] },
			{ startsAt: "2026-11-24T11:15:00.000Z", time: "18:15", freeAreas: ["hall"] },
			{ startsAt: "2026-11-24T12:30:00.000Z", time: "19:30", freeAreas: ["terrace", "hall"] },
		],
		noSlotsReason: null,
		areas: [
			{ key: "terrace", name: "露台" },
			{ key: "hall", name: "大厅" },
		],
		terms: {
			cancelWindowMinutes: 120,
			graceMinutes: 15,
			minNoticeMinutes: 60,
			maxDaysAhead: 6,
			onlinePartyMax: 12,
			firstDate: "2026-11-24",
			lastDate: "2026-11-30",
			deposit: { amount: 0, perPerson: 0, reason: null },
			shopPhone: "+855 23 900 123",
		},
		...extra,
	};
}

export function reservationView(extra: Partial<ReservationView> = {}): ReservationView {
	return {
		id: 31,
		code: "K7M3QX",
		shopId: 1,
		shopName: "Bayon 河畔店",
		shopPhone: "+855 23 900 123",
		shopAddress: "金边西索瓦码头路 123 号",
		shopTimeZone: "Asia/Phnom_Penh",
		status: "confirmed",
		statusCode: 11,
		party: 2,
		startsAt: "2099-11-24T12:30:00.000Z",
		endsAt: "2099-11-24T14:00:00.000Z",
		name: "Dara",
		phone: "13800000002",
		occasion: "birthday",
		areaPreference: null,
		areaPreferenceName: null,
		areaPreferenceMet: null,
		note: "",
		source: "web",
		tables: [],
		preorder: null,
		payments: [],
		amountDue: 0,
		payDeadline: null,
		cancelUntil: "2099-11-24T10:30:00.000Z",
		rejectReason: null,
		billId: null,
		preorderOrderId: null,
		timeline: [
			{ status: "pending", at: "2099-11-20T05:00:00.000Z", note: null, by: "guest" },
			{ status: "confirmed", at: "2099-11-20T05:00:01.000Z", note: null, by: "system" },
		],
		createdAt: "2099-11-20T05:00:00.000Z",
		actions: ["cancel", "changePreorder"],
		...extra,
	};
}

/** Stubs fetch with answers per path (without /app-api), recording every call. */
export {
	type RecordedAnswer as GuestAnswer,
	type RecordedCall as GuestCall,
	recordingServer as guestServer,
} from "../../test/recording-server";
