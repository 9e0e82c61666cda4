import { randomUUID } from "node:crypto";
import type { Database } from "../../apps/api/src/db/database.js";
import type { AppDeps } from "../../apps/api/src/http/deps.js";
import { createTeaShop, grantBalance } from "./bench-shop.js";
import { signIn } from "./sign-in.js";

/** Orders placed first and not counted: the first order of a day creates the day's counter, accounts and the like. */
const WARM_UP_ORDERS = 3;

export interface RoundTripCount {
	/** The median over the orders measured: a background job's statement now and then does not move it. */
	median: number;
	min: number;
	max: number;
	/** Events published on the bus per call (pg_notify on the bus's own connection, or Redis), median. */
	publishes: number;
}

export interface OrderRoundTrips {
	orders: number;
	create: RoundTripCount;
	pay: RoundTripCount;
}

/**
 * SQL round trips of one order, measured: one customer places and pays `orders` orders one
 * after the other (nothing else asks the server anything meanwhile), and the database's own
 * count of statements sent (BEGIN, COMMIT, SAVEPOINT included; `Database.statementsSent`) is
 * read before and after each call. The same order as `benchOrders`: take-in, one tracked item,
 * paid from the balance.
 */
export async function measureOrderRoundTrips(args: {
	database: Database;
	deps: AppDeps;
	url: string;
	dataDir: string;
	orders: number;
}): Promise<OrderRoundTrips> {
	const { db } = args.database;
	const { shopId, itemId } = await createTeaShop(db, {
		code: "bench-round-trips",
		name: JSON.stringify({ "zh-CN": "往返店", en: "Round trips shop" }),
		stock: 1_000_000,
	});
	const mobile = "13930000000";
	const token = await signIn(args.url, args.dataDir, mobile);
	const member = await db.selectFrom("member").select("id").where("mobile", "=", mobile).executeTakeFirstOrThrow();
	await grantBalance(db, member.id, 1_000_000, `bench-grant:${member.id}`);

	const headers = { "content-type": "application/json", "tenant-id": "1", authorization: `Bearer ${token}` };
	let published = 0;
	const events = args.deps.events;
	const publish = events.publish;
	events.publish = (event) => {
		published++;
		return publish.call(events, event);
	};
	const creates: Array<[number, number]> = [];
	const pays: Array<[number, number]> = [];
	const counted = async (into: Array<[number, number]> | null, call: () => Promise<unknown>) => {
		const statementsBefore = args.database.statementsSent();
		const publishedBefore = published;
		const answer = (await call()) as { code: number };
		if (answer.code !== 0) throw new Error(`round trips bench: an order call failed with code ${answer.code}`);
		into?.push([args.database.statementsSent() - statementsBefore, published - publishedBefore]);
		return answer;
	};
	try {
		for (let i = 0; i < WARM_UP_ORDERS + args.orders; i++) {
			const measured = i >= WARM_UP_ORDERS;
			const created = (await counted(measured ? creates : null, async () =>
				(
					await fetch(`${args.url}/app-api/order/create`, {
						method: "POST",
						headers: { ...headers, "idempotency-key": randomUUID() },
						body: JSON.stringify({
							shopId,
							orderType: "takein",
							lines: [{ itemId, quantity: 1, optionIds: [] }],
						}),
					})
				).json(),
			)) as { code: number; data: { id: number } };
			await counted(measured ? pays : null, async () =>
				(
					await fetch(`${args.url}/app-api/order/pay`, {
						method: "POST",
						headers,
						body: JSON.stringify({ orderId: created.data.id, payMethod: "balance" }),
					})
				).json(),
			);
		}
	} finally {
		events.publish = publish;
	}
	return { orders: args.orders, create: summary(creates), pay: summary(pays) };
}

function summary(counts: Array<[number, number]>): RoundTripCount {
	const statements = counts.map(([n]) => n).sort((a, b) => a - b);
	const publishes = counts.map(([, n]) => n).sort((a, b) => a - b);
	return {
		median: median(statements),
		min: statements[0] ?? Number.NaN,
		max: statements.at(-1) ?? Number.NaN,
		publishes: median(publishes),
	};
}

function median(sorted: number[]): number {
	return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
