import { type Kysely, sql } from "kysely";
import type { DB } from "../../apps/api/src/db/schema.js";
import { settleDueEarnings } from "../../apps/api/src/features/merchant-wallet/earnings/settlement.js";
import type { AppDeps } from "../../apps/api/src/http/deps.js";
import { signIn } from "./sign-in.js";

interface Scenario {
	name: string;
	path: string;
	headers?: Record<string, string>;
}
interface Measurement {
	requestsPerSecond: number;
	p50Ms: number;
	p99Ms: number;
	bytesPerResponse: number;
	errors: number;
}

export interface WalletBenchResult {
	shopId: number;
	earnings: number;
	settled: number;
	settleSeconds: number;
	settledPerSecond: number;
	reads: Array<{ name: string } & Measurement>;
	invariants: Array<{ name: string; holds: boolean; detail: string }>;
}

/**
 * The merchant's money (issue 14) on the shop the orders bench just filled: every order it paid
 * is an earning waiting in pending. Their hold is made to have passed and the settlement job runs
 * until none is due (what one server's job does after a busy day), timed; then the owner's wallet,
 * statement and 30-day chart are read under load. The ledger's invariants are checked afterwards,
 * not assumed.
 */
export async function benchWallet(args: {
	db: Kysely<DB>;
	deps: AppDeps;
	url: string;
	dataDir: string;
	measure: (scenario: Scenario, seconds: number) => Promise<Measurement>;
	seconds: number;
}): Promise<WalletBenchResult> {
	const busiest = await args.db
		.selectFrom("shop_earning")
		.select(["shop_id", (eb) => eb.fn.countAll<string>().as("earnings")])
		.groupBy("shop_id")
		.orderBy("earnings", "desc")
		.executeTakeFirstOrThrow();
	const shopId = busiest.shop_id;
	const ownerMobile = "13800000017";
	const token = await signIn(args.url, args.dataDir, ownerMobile);
	const owner = await args.db
		.selectFrom("member")
		.select("id")
		.where("mobile", "=", ownerMobile)
		.executeTakeFirstOrThrow();
	await args.db
		.insertInto("shop_staff")
		.values({ shop_id: shopId, member_id: owner.id, role: "owner" })
		.onConflict((oc) => oc.doNothing())
		.execute();

	await args.db
		.updateTable("shop_earning")
		.set({ releases_at: args.deps.clock.now() })
		.where("shop_id", "=", shopId)
		.where("status", "=", "pending")
		.execute();
	const started = performance.now();
	let settled = 0;
	for (;;) {
		const batch = await settleDueEarnings(args.deps);
		settled += batch;
		if (batch === 0) break;
	}
	const settleSeconds = (performance.now() - started) / 1000;

	const headers = { "tenant-id": "1", "shop-key": "bayon-demo", "x-lang": "en", authorization: `Bearer ${token}` };
	const scenarios: Scenario[] = [
		{ name: "GET merchant/wallet (owner)", path: `/app-api/merchant/wallet?shopId=${shopId}`, headers },
		{
			name: "GET merchant/wallet/statement, first page",
			path: `/app-api/merchant/wallet/statement?shopId=${shopId}`,
			headers,
		},
		{ name: "GET merchant/wallet/daily (30 days)", path: `/app-api/merchant/wallet/daily?shopId=${shopId}`, headers },
	];
	const reads: WalletBenchResult["reads"] = [];
	for (const scenario of scenarios) {
		await args.measure(scenario, 2);
		reads.push({ name: scenario.name, ...(await args.measure(scenario, args.seconds)) });
	}

	const invariants: WalletBenchResult["invariants"] = [];
	const left = await args.db
		.selectFrom("shop_earning")
		.select((eb) => eb.fn.countAll<string>().as("count"))
		.where("shop_id", "=", shopId)
		.where("status", "=", "pending")
		.executeTakeFirstOrThrow();
	invariants.push({
		name: "every due earning settled",
		holds: Number(left.count) === 0 && settled === Number(busiest.earnings),
		detail: `${settled} settled of ${busiest.earnings}, ${left.count} left pending`,
	});
	const unbalanced = await sql<{ count: string }>`
		SELECT count(*) AS count FROM (SELECT txn_id FROM ledger_entry GROUP BY txn_id HAVING sum(amount) <> 0) t`.execute(
		args.db,
	);
	invariants.push({
		name: "every ledger transaction sums to zero",
		holds: Number(unbalanced.rows[0]?.count) === 0,
		detail: `${unbalanced.rows[0]?.count} unbalanced`,
	});
	const wallet = (await (await fetch(`${args.url}/app-api/merchant/wallet?shopId=${shopId}`, { headers })).json()) as {
		data: { available: number; pending: number; withdrawing: number; total: number };
	};
	const accounts = await args.db
		.selectFrom("ledger_account")
		.select((eb) => eb.fn.sum<string>("balance").as("sum"))
		.where("shop_id", "=", shopId)
		.executeTakeFirstOrThrow();
	const { available, pending, withdrawing, total } = wallet.data;
	invariants.push({
		name: "the wallet's three amounts are the shop's ledger accounts",
		holds: available + pending + withdrawing === total && total === Number(accounts.sum) && pending === 0,
		detail: `available ${available} + pending ${pending} + in withdrawal ${withdrawing} = ${total}; ledger ${accounts.sum}`,
	});
	return {
		shopId,
		earnings: Number(busiest.earnings),
		settled,
		settleSeconds: Math.round(settleSeconds * 10) / 10,
		settledPerSecond: Math.round(settled / settleSeconds),
		reads,
		invariants,
	};
}
