import type { CounterPaymentView, MemberInfo, ShopRole } from "@bayon/contract";
import { vi } from "vitest";
import { applyLanguage } from "../../lib/i18n";
import { queryClient } from "../../lib/query-client";
import { appStore } from "../../lib/store";
import { hideToast } from "../../lib/toast";
import { testMember } from "../../test/member-fixtures";

/** Fixtures of the merchant's stored-value and VIP card page tests (never imported by the app). */

/** A member of shop 1's staff; an owner administers the business too (as the demo owner does) unless told not. */
export function staffMember(role: ShopRole, businessAdmin = role === "owner"): MemberInfo {
	return testMember({
		id: 3,
		nickname: "Sokha",
		isMerchant: true,
		userType: role === "owner" ? "merchant_owner" : "merchant_staff",
		merchantShops: [{ shopId: 1, shopName: "Bayon 河畔店", role }],
		isBusinessAdmin: businessAdmin,
	});
}

/** A clean start: nothing stored, cached or toasted; a member of staff of shop 1 signed in; English. */
export async function startAsStaff(role: ShopRole = "owner", businessAdmin = role === "owner"): Promise<MemberInfo> {
	localStorage.clear();
	queryClient.clear();
	hideToast();
	const member = staffMember(role, businessAdmin);
	localStorage.setItem("accessToken", "access-1");
	localStorage.setItem("refreshToken", "refresh-1");
	localStorage.setItem("expiresTime", String(Date.now() + 15 * 60_000));
	localStorage.setItem("userinfo", JSON.stringify(member));
	appStore.reload();
	await applyLanguage("en");
	return member;
}

export interface StaffCall {
	method: string;
	path: string;
	query: URLSearchParams;
	body: unknown;
	headers: Record<string, string>;
}

/** An envelope to answer with (`status` other than 200 answers without one, as a proxy would). */
export type Envelope = { code: number; msg?: string; data?: unknown; status?: number };
/** An envelope, or a function of the call giving one (it may wait, to hold a call in flight). */
export type StaffAnswer = Envelope | ((call: StaffCall) => Envelope | Promise<Envelope>);

/**
 * Stubs fetch with answers by "METHOD /path" or "/path" (without /app-api); the member's info
 * answers `member`; anything else an empty success. Every call is recorded, with its headers.
 */
export function staffServer(
	member: MemberInfo,
	answers: Record<string, StaffAnswer>,
): { calls: StaffCall[]; to: (path: string, method?: string) => StaffCall[] } {
	const calls: StaffCall[] = [];
	vi.stubGlobal(
		"fetch",
		vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), "http://localhost");
			const path = url.pathname.replace("/app-api", "");
			const method = init?.method ?? "GET";
			const call: StaffCall = {
				method,
				path,
				query: url.searchParams,
				body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
				headers: { ...(init?.headers as Record<string, string>) },
			};
			calls.push(call);
			const answer =
				path === "/member/user/get-info"
					? { code: 0, data: member }
					: (answers[`${method} ${path}`] ?? answers[path] ?? { code: 0, data: null });
			const envelope = typeof answer === "function" ? await answer(call) : answer;
			const { status = 200, ...body } = envelope;
			return new Response(status === 200 ? JSON.stringify({ msg: "", ...body }) : "Bad gateway", {
				status,
				headers: { "Content-Type": status === 200 ? "application/json" : "text/plain" },
			});
		}),
	);
	return {
		calls,
		to: (path, method) => calls.filter((call) => call.path === path && (!method || call.method === method)),
	};
}

export function counterPayment(extra: Partial<CounterPaymentView> = {}): CounterPaymentView {
	return {
		id: 501,
		shopId: 1,
		amount: 1250,
		note: "",
		payer: { nickname: "Dara", mobileTail: "0002" },
		balanceAfter: 8750,
		status: "paid",
		createdAt: "2026-11-24T05:30:00.000Z",
		refundedAt: null,
		refundable: true,
		takenBy: "Sokha",
		...extra,
	};
}
