import type {
	DayTotal,
	MemberInfo,
	ShopRole,
	StatementLine,
	WalletStatementPage,
	WalletSummary,
} from "@bayon/contract";
import { vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { liveClient } from "../../../lib/live-updates";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { hideToast } from "../../../lib/toast";
import { testMember } from "../../../test/member-fixtures";

/** Fixtures of the wallet pages' tests (never imported by the app). */

export const SHOP_ZONE = "Asia/Phnom_Penh";

/** A clean start: nothing stored, cached or toasted, no socket; `member` signed in; English. */
export async function startAs(member: MemberInfo): Promise<MemberInfo> {
	liveClient.stop();
	localStorage.clear();
	queryClient.clear();
	hideToast();
	localStorage.setItem("accessToken", "access-1");
	localStorage.setItem("refreshToken", "refresh-1");
	localStorage.setItem("expiresTime", String(Date.now() + 15 * 60_000));
	localStorage.setItem("userinfo", JSON.stringify(member));
	appStore.reload();
	await applyLanguage("en");
	return member;
}

export function shopMember(role: ShopRole): MemberInfo {
	return testMember({
		id: 3,
		nickname: "Sokha",
		isMerchant: true,
		userType: role === "owner" ? "merchant_owner" : "merchant_staff",
		merchantShops: [{ shopId: 1, shopName: "Bayon Riverside", role }],
	});
}

export function operatorMember(): MemberInfo {
	return testMember({ id: 9, nickname: "Platform", isPlatformOperator: true });
}

export interface WalletCall {
	method: string;
	path: string;
	query: URLSearchParams;
	headers: Record<string, string>;
}

export type Envelope = { code: number; msg?: string; data?: unknown };
/** An envelope, a whole Response (a file), or a function of the call giving one of them. */
export type WalletAnswer =
	| Envelope
	| Response
	| ((call: WalletCall) => Envelope | Response | Promise<Envelope | Response>);

/**
 * Stubs fetch: the member's info answers `member`, the live socket's ticket answers a ticket,
 * `answers` by path (without /app-api); anything else an empty success. Every call is recorded.
 */
export function walletServer(
	member: MemberInfo,
	answers: Record<string, WalletAnswer>,
): { calls: WalletCall[]; to: (path: string) => WalletCall[] } {
	const calls: WalletCall[] = [];
	vi.stubGlobal(
		"fetch",
		vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), "http://localhost");
			const path = url.pathname.replace("/app-api", "");
			const call: WalletCall = {
				method: init?.method ?? "GET",
				path,
				query: url.searchParams,
				headers: { ...(init?.headers as Record<string, string>) },
			};
			calls.push(call);
			const answer: WalletAnswer =
				path === "/member/user/get-info"
					? { code: 0, data: member }
					: path === "/infra/ws/ticket"
						? { code: 0, data: { ticket: "ticket-1", expiresIn: 60 } }
						: (answers[path] ?? { code: 0, data: null });
			const reply = typeof answer === "function" ? await answer(call) : answer;
			if (reply instanceof Response) return reply;
			return new Response(JSON.stringify({ msg: "", ...reply }), { headers: { "Content-Type": "application/json" } });
		}),
	);
	return { calls, to: (path) => calls.filter((call) => call.path === path) };
}

export function walletSummary(extra: Partial<WalletSummary> = {}): WalletSummary {
	return {
		shopId: 1,
		shopName: "Bayon Riverside",
		available: 12_550,
		withdrawable: 12_550,
		owed: 0,
		pending: 4_200,
		withdrawing: 5_000,
		total: 21_750,
		today: 3_150,
		month: 48_000,
		holdHours: 24,
		commissionBps: 250,
		minimumWithdrawal: 1_000,
		arrivalWorkingDays: 10,
		timezone: SHOP_ZONE,
		...extra,
	};
}

export function statementLine(id: number, extra: Partial<StatementLine> = {}): StatementLine {
	return {
		id,
		kind: "orderEarned",
		amount: 1_000,
		availableChange: 0,
		pendingChange: 1_000,
		withdrawingChange: 0,
		orderId: 700 + id,
		orderNo: `B${700 + id}`,
		withdrawalId: null,
		createdAt: "2026-11-24T05:00:00.000Z",
		...extra,
	};
}

export function statementPage(
	lines: StatementLine[],
	nextCursor: string | null,
	dayTotals: DayTotal[],
): { code: 0; data: WalletStatementPage } {
	return { code: 0, data: { lines, nextCursor, dayTotals } };
}

/** The last 30 local days ending 24 November 2026, oldest first, with the given nets. */
export function dailyDays(nets: Record<string, number> = {}): DayTotal[] {
	const days: DayTotal[] = [];
	for (let back = 29; back >= 0; back--) {
		const date = new Date(Date.UTC(2026, 10, 24 - back)).toISOString().slice(0, 10);
		days.push({ date, net: nets[date] ?? 0 });
	}
	return days;
}
