import { randomUUID } from "node:crypto";
import type { RailName } from "../src/db/schema.js";
import type { PaymentGateway, StatementLine } from "../src/features/payments/gateway.js";
import type { GatewayOf } from "../src/features/payments/statements/job.js";
import type { TestServer } from "./harness.js";

/**
 * A small rail for the daily reconciliation's tests (issue 29 item 8): it has only a statement,
 * the lines the test gives it per day, and can be told to fail or to take a while. The real
 * rails' own statements are tested against their fakes (test/fakes/*.ts).
 */
export class StatementRail {
	readonly lines = new Map<string, StatementLine[]>();
	/** Each statement asked for, by day, in order. */
	readonly asked: string[] = [];
	failWith: string | null = null;
	delayMs = 0;

	constructor(readonly name: RailName) {}

	gateway(): PaymentGateway {
		return {
			name: this.name,
			isAvailable: () => true,
			startCheckout: () => Promise.reject(new Error("statement-only rail")),
			verifyCallback: () => null,
			queryPayment: () => Promise.resolve(null),
			refund: () => Promise.reject(new Error("statement-only rail")),
			statement: async (date: string) => {
				this.asked.push(date);
				if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
				if (this.failWith) throw new Error(this.failWith);
				return this.lines.get(date) ?? [];
			},
		};
	}
}

/** The job's gateway lookup answering these small rails (and nothing for a rail not given). */
export function statementRails(...rails: StatementRail[]): GatewayOf {
	return async (_deps, _tenantId, rail) => rails.find((candidate) => candidate.name === rail)?.gateway();
}

/** Sets a rail up for the demo tenant as of `at` (its settings row and the audit's "saved"). */
export async function setUpRail(server: TestServer, rail: RailName, at: Date): Promise<void> {
	await server.deps.db
		.insertInto("payment_rail_settings")
		.values({ tenant_id: 1, rail, enabled: true, sealed: "not-opened-by-these-tests", summary: "{}", updated_at: at })
		.execute();
	await server.deps.db
		.insertInto("payment_rail_audit")
		.values({ tenant_id: 1, rail, member_id: null, action: "saved", detail: "{}", at })
		.execute();
}

/** A payment of ours at a rail, as a checkout and its callback leave it. */
export async function paymentAt(
	server: TestServer,
	args: {
		rail: RailName;
		amount: number;
		currency?: string;
		status?: "pending" | "succeeded" | "declined";
		decidedAt: Date;
		purposeId?: number;
	},
): Promise<{ id: string; providerTxnId: string }> {
	const id = randomUUID();
	const providerTxnId = `T${id.replaceAll("-", "").slice(0, 20)}`;
	const status = args.status ?? "succeeded";
	await server.deps.db
		.insertInto("payment")
		.values({
			id,
			tenant_id: 1,
			purpose: "order",
			purpose_id: args.purposeId ?? 1,
			provider: args.rail,
			amount: args.amount,
			currency: args.currency ?? "CNY",
			status,
			provider_txn_id: status === "succeeded" ? providerTxnId : null,
			created_at: new Date(args.decidedAt.getTime() - 60_000),
			updated_at: args.decidedAt,
			next_check_at: null,
			claimed_until: null,
			checked_at: null,
		})
		.execute();
	return { id, providerTxnId };
}

/** A refund of ours of a payment at its rail. */
export async function refundAt(
	server: TestServer,
	args: {
		rail: RailName;
		paymentId: string;
		amount: number;
		status?: "pending" | "succeeded" | "failed";
		decidedAt: Date;
	},
): Promise<string> {
	const id = randomUUID();
	const status = args.status ?? "succeeded";
	await server.deps.db
		.insertInto("gateway_refund")
		.values({
			id,
			tenant_id: 1,
			purpose: "order",
			purpose_id: 1,
			gateway_payment_id: args.paymentId,
			refund_key: `test-${id}`,
			provider: args.rail,
			amount: args.amount,
			reason: "test",
			status,
			provider_refund_id: status === "succeeded" ? `R${id.slice(0, 8)}` : null,
			next_attempt_at: args.decidedAt,
			last_error: null,
			created_at: new Date(args.decidedAt.getTime() - 60_000),
			updated_at: args.decidedAt,
		})
		.execute();
	return id;
}

/** A statement line as a rail lists it. */
export function line(args: {
	paymentId: string;
	amount: number;
	at: Date;
	kind?: "payment" | "refund";
	refundId?: string;
	status?: StatementLine["status"];
	currency?: string;
	providerTxnId?: string;
}): StatementLine {
	return {
		paymentId: args.paymentId,
		providerTxnId:
			args.providerTxnId ??
			(args.refundId ? `R${args.refundId.slice(0, 8)}` : `T${args.paymentId.replaceAll("-", "").slice(0, 20)}`),
		kind: args.kind ?? "payment",
		...(args.refundId ? { refundId: args.refundId } : {}),
		amount: args.amount,
		currency: args.currency ?? "CNY",
		status: args.status ?? "succeeded",
		at: args.at,
	};
}

/** An instant given in Beijing time ("2026-12-07 10:00"). */
export function beijing(local: string): Date {
	return new Date(`${local.replace(" ", "T")}:00+08:00`);
}
