import type { MemberInfo, WithdrawalView } from "@bayon/contract";
import { applyLanguage } from "../../../lib/i18n";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { hideToast } from "../../../lib/toast";
import { testMember } from "../../../test/member-fixtures";
import { usdConfig } from "../../../test/ordering-fixtures";
import { type StaffAnswer, staffServer } from "../../stored-value/staff-testing";

/** Fixtures of the platform operator's page tests (never imported by the app). */

export const operator: MemberInfo = testMember({ id: 9, nickname: "Vanna", isPlatformOperator: true });

/** A clean start: nothing stored, cached or toasted; `member` signed in (none: a visitor); English. */
export async function startAs(member: MemberInfo | null): Promise<void> {
	localStorage.clear();
	queryClient.clear();
	hideToast();
	if (member) {
		localStorage.setItem("accessToken", "access-1");
		localStorage.setItem("refreshToken", "refresh-1");
		localStorage.setItem("expiresTime", String(Date.now() + 15 * 60_000));
		localStorage.setItem("userinfo", JSON.stringify(member));
	}
	appStore.reload();
	await applyLanguage("en");
}

/** The server of the platform pages: the tenant's dollars, a socket ticket, and `answers`. */
export function platformServer(member: MemberInfo, answers: Record<string, StaffAnswer>) {
	return staffServer(member, {
		"/system/config": { code: 0, data: usdConfig },
		"/infra/ws/ticket": { code: 0, data: { ticket: "ticket-1", expiresIn: 60 } },
		...answers,
	});
}

export function withdrawal(extra: Partial<WithdrawalView> = {}): WithdrawalView {
	return {
		id: 12,
		shopId: 1,
		shopName: "Bayon Riverside",
		amount: 12_550,
		status: 0,
		card: { id: 4, holder: "SOK DARA", bank: "ABA Bank", last4: "1234" },
		rejectReason: null,
		bankReference: null,
		transferDate: null,
		returned: false,
		createdAt: "2026-11-24T05:30:00.000Z",
		arrivesBy: "2026-12-08",
		shopTimezone: "Asia/Phnom_Penh",
		version: 0,
		events: [{ from: null, to: 0, actor: "owner", actorName: "Sokha", note: null, at: "2026-11-24T05:30:00.000Z" }],
		reveals: [],
		...extra,
	};
}
