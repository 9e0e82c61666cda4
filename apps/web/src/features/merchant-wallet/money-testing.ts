import type { BankCardView, WalletSummary, WithdrawalEvent, WithdrawalView } from "@bayon/contract";
import { type FakeWebSocket, fakeWebSockets } from "../../test/fake-live-server";
import { type StaffAnswer, staffServer } from "../stored-value/staff-testing";

/**
 * Fixtures of the owner's withdrawal-account and withdrawal page tests (never imported by the
 * app). The shop is shop 1 of `startAsStaff`; amounts in US cents.
 */

export function walletSummary(extra: Partial<WalletSummary> = {}): WalletSummary {
	return {
		shopId: 1,
		shopName: "Bayon 河畔店",
		available: 52_340,
		withdrawable: 52_340,
		owed: 0,
		pending: 1_800,
		withdrawing: 0,
		total: 54_140,
		today: 1_800,
		month: 54_140,
		holdHours: 24,
		commissionBps: 0,
		minimumWithdrawal: 1_000,
		arrivalWorkingDays: 10,
		timezone: "Asia/Phnom_Penh",
		...extra,
	};
}

export function bankCard(extra: Partial<BankCardView> = {}): BankCardView {
	return {
		id: 11,
		holder: "Sok Dara",
		bank: "ABA Bank",
		last4: "4321",
		createdAt: "2026-11-20T03:00:00.000Z",
		inUse: false,
		...extra,
	};
}

export const requested: WithdrawalEvent = {
	from: null,
	to: 0,
	actor: "owner",
	actorName: "Sokha",
	note: null,
	at: "2026-11-24T05:30:00.000Z",
};

export function withdrawal(extra: Partial<WithdrawalView> = {}): WithdrawalView {
	return {
		id: 71,
		shopId: 1,
		shopName: "Bayon 河畔店",
		amount: 12_300,
		status: 0,
		card: { id: 11, holder: "Sok Dara", bank: "ABA Bank", last4: "4321" },
		rejectReason: null,
		bankReference: null,
		transferDate: null,
		returned: false,
		createdAt: "2026-11-24T05:30:00.000Z",
		arrivesBy: "2026-12-08",
		shopTimezone: "Asia/Phnom_Penh",
		version: 1,
		events: [requested],
		reveals: [],
		...extra,
	};
}

/**
 * The owner's server: `staffServer` answering the live socket's ticket too, with the global
 * WebSocket replaced by fakes the test drives (`sockets`).
 */
export function moneyServer(
	member: Parameters<typeof staffServer>[0],
	answers: Record<string, StaffAnswer>,
): ReturnType<typeof staffServer> & { sockets: FakeWebSocket[] } {
	const sockets = fakeWebSockets();
	const server = staffServer(member, {
		"POST /infra/ws/ticket": { code: 0, data: { ticket: "ticket-1", expiresIn: 60 } },
		...answers,
	});
	return { ...server, sockets };
}
