import { EventEmitter } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import type { CounterPaymentNotice } from "@bayon/contract";
import { Redis } from "ioredis";
import pg from "pg";
import { type BackoffOptions, BusConnectionStatus, type BusHealth, type BusLog, backoffDelay } from "./bus-status.js";

/** A change the apps should see at once: the customer's order page, the shop's board. */
export interface OrderChangedEvent {
	type: "order.changed";
	tenantId: number;
	orderId: number;
	shopId: number;
	memberId: number;
	status: string;
	paymentStatus: string;
	refundStatus: string;
	/** What happened: created, paid, accepted, ready, refund_requested, … */
	reason: string;
}

/**
 * A session family was ended (logout, a leaked refresh token, a disabled member): every
 * server closes the websockets opened with it, which would otherwise keep delivering.
 */
export interface SessionEndedEvent {
	type: "session.ended";
	tenantId: number;
	memberId: number;
	sessionFamilyId: string;
}

/**
 * A member was added to a shop's staff, given another role, or removed (`role` null): every
 * server updates the shops that member's open websockets hear, so a removed member stops
 * receiving the shop's orders at once, and tells their app to reload its merchant access.
 */
export interface StaffChangedEvent {
	type: "staff.changed";
	tenantId: number;
	shopId: number;
	memberId: number;
	role: "owner" | "manager" | "staff" | null;
}

/**
 * A member's rights may have changed: disabled or enabled, made or no longer a platform
 * operator, added to a shop's staff, given another role or removed. Sent by the database itself
 * at the commit of such a change (migration 0030's triggers), however it was made, so a change
 * made with SQL reaches every server too. Each server re-reads the rights of that member's
 * open websockets (realtime/websocket-rights.ts).
 */
export interface AccessChangedEvent {
	type: "access.changed";
	tenantId: number;
	memberId: number;
}

/**
 * Events may have been missed: this server's bus connection was down for a while, or a server
 * could not publish during an outage. Every connected app is told to refetch what it shows
 * (the websocket's `resync` message). The bus raises it itself; features never publish it.
 */
export interface BusResyncEvent {
	type: "bus.resync";
}

/**
 * Something on the shop's table grid changed: `table.called` when a diner rang the bell (the
 * staff's grid rings), `table.changed` for everything else (a call answered, a table added,
 * edited, hidden, shown, moved or given a new code; a diner seated by a scan; a round ordered or
 * removed; the bill settled or the table cleared). Delivered to the shop's staff only.
 */
export interface TableEvent {
	type: "table.called" | "table.changed";
	tenantId: number;
	shopId: number;
	tableId: number;
	/** waiter, bill (called); answered, created, updated, codeRotated, disabled, enabled, moved; seated, ordered, roundRemoved, settled, cleared */
	reason: string;
}

/**
 * A shop's menu changed (an edit, a sold-out toggle): every server drops its cached copy
 * older than `version` (the shop's `shop_menu_version` after the change).
 */
export interface MenuChangedEvent {
	type: "menu.changed";
	tenantId: number;
	shopId: number;
	version: number;
}

/**
 * A booking was made or changed (issue 11): the guest's pages (the member who booked) and the
 * shop's reservations page update live; a new booking rings the staff's page like a new order.
 */
export interface ReservationChangedEvent {
	type: "reservation.changed";
	tenantId: number;
	shopId: number;
	reservationId: number;
	/** The member who booked (null: a caller the staff booked for who is no member). */
	memberId: number | null;
	status: string;
	/** created, paid, confirmed, rejected, cancelled, tablesChanged, preorderChanged, seated, completed, noShow, expired, … */
	reason: string;
}

/**
 * A member's stored-value balance or VIP card moved (issue 12): a recharge credited, a card
 * bought, the counter charged or refunded their payment code. Sent to that member only; the
 * balance, bill and payment-code pages refetch. `reason` says why (recharged, cardBought,
 * counterPaid, counterRefunded, …); counter events carry the notice the member's page shows.
 */
export interface BalanceChangedEvent {
	type: "balance.changed";
	tenantId: number;
	memberId: number;
	reason: string;
	balance: number;
	counter?: CounterPaymentNotice;
}

/**
 * A member's points-mall redemption changed (issue 13): made, handed over, shipped, received
 * or cancelled. Sent to that member only; the redemption and points pages refetch. `reason`:
 * redeemed, handedOver, shipped, received, cancelled; `points` is the member's balance after.
 */
export interface RedemptionChangedEvent {
	type: "redemption.changed";
	tenantId: number;
	memberId: number;
	redemptionId: number;
	status: string;
	reason: string;
	points: number;
}

/**
 * A shop's money moved (issue 14): an earning settled, a refund, a withdrawal asked for or
 * reviewed. Sent to the shop's owners and to the tenant's platform operators only (never to
 * other staff); the wallet and withdrawal pages refetch. `reason`: earned, settled, refunded,
 * withdrawalRequested, withdrawalApproved, withdrawalRejected, withdrawalPaid.
 */
export interface WalletChangedEvent {
	type: "wallet.changed";
	tenantId: number;
	shopId: number;
	reason: string;
	withdrawalId: number | null;
	/** The withdrawal's status after the change (spec §3 enumeration), null when no withdrawal. */
	withdrawalStatus: number | null;
}

/**
 * A shop's ordering rules changed (settings, weekly hours, closures, delivery zones, the pause
 * switch, how dine-in pays): every server drops its cached copy (features/venues, decision 025).
 */
export interface ShopChangedEvent {
	type: "shop.changed";
	tenantId: number;
	shopId: number;
}

export type DomainEvent =
	| OrderChangedEvent
	| WalletChangedEvent
	| BalanceChangedEvent
	| RedemptionChangedEvent
	| ReservationChangedEvent
	| TableEvent
	| SessionEndedEvent
	| StaffChangedEvent
	| AccessChangedEvent
	| BusResyncEvent
	| MenuChangedEvent
	| ShopChangedEvent;

/**
 * Delivers events to every listener of every API process. Publish after the transaction
 * that made the change has committed; events carry ids and states, never whole rows.
 * A bus that loses its connection reconnects with backoff for as long as it takes and then
 * delivers a `bus.resync` to its listeners (decision 006).
 */
export interface EventBus {
	publish(event: DomainEvent): Promise<void>;
	subscribe(listener: (event: DomainEvent) => void): () => void;
	/** Connected or reconnecting, and since when (for /healthz). */
	health(): BusHealth;
	close(): Promise<void>;
}

/** What the buses that travel between servers need besides their address. */
export interface RemoteBusOptions {
	log: BusLog;
	/** Waits between reconnection attempts (default 0.5 s doubling up to 30 s, with jitter). */
	backoff?: BackoffOptions;
}

/** One process (PGlite, tests): an in-memory emitter. */
export function createLocalBus(): EventBus {
	const emitter = new EventEmitter();
	emitter.setMaxListeners(0);
	const since = new Date();
	return {
		health: () => ({ kind: "local", state: "connected", since, attempts: 0 }),
		async publish(event) {
			emitter.emit("event", event);
		},
		subscribe(listener) {
			emitter.on("event", listener);
			return () => emitter.off("event", listener);
		},
		async close() {
			emitter.removeAllListeners();
		},
	};
}

/** The channel every server listens on; migration 0030's triggers send `access.changed` on it too. */
export const EVENT_CHANNEL = "bayon_events";
const CHANNEL = EVENT_CHANNEL;
const RESYNC: BusResyncEvent = { type: "bus.resync" };

/**
 * What both buses between servers share: the in-process fan-out, the connection status, and
 * what happens after a recovery. Events published while the connection was down reached no
 * server; when this server failed to publish some, every server is told to resync through the
 * bus itself, otherwise only this server's listeners (the others heard everything).
 */
function remoteBusCore(kind: "postgres" | "redis", log: BusLog, send: (payload: string) => Promise<unknown>) {
	const local = createLocalBus();
	const status = new BusConnectionStatus(kind, log);
	return {
		local,
		status,
		deliver(payload: string) {
			try {
				void local.publish(JSON.parse(payload) as DomainEvent);
			} catch (error) {
				log.error({ bus: kind, err: error }, "event bus received a message that is not JSON");
			}
		},
		async publish(event: DomainEvent) {
			try {
				await send(JSON.stringify(event));
			} catch (error) {
				status.failedPublish(error);
				throw error;
			}
		},
		async restored() {
			const failedPublishes = status.restored();
			if (failedPublishes > 0) {
				const sent = await send(JSON.stringify(RESYNC)).then(
					() => true,
					() => false,
				);
				if (sent) return;
			}
			await local.publish(RESYNC);
		},
		health: () => status.health(),
	};
}

/** At most this many payloads go in one batch (each NOTIFY payload is under 8000 bytes). */
const MAX_BATCH = 100;

/**
 * Sends each payload in order with as few calls of `sendMany` as the traffic allows: a payload
 * published while no batch is on its way goes at once, alone; those published while one is on
 * its way wait for it and go together in the next. One batch is on its way at a time, so they
 * arrive in the order published. Each caller's promise settles with its own batch. (PostgreSQL
 * delivers one of several identical payloads sent in one transaction: identical events.)
 */
export function sendInBatches(sendMany: (payloads: string[]) => Promise<unknown>): (payload: string) => Promise<void> {
	let waiting: Array<{ payload: string; resolve: () => void; reject: (error: unknown) => void }> = [];
	let sending = false;
	const sendNext = async () => {
		sending = true;
		while (waiting.length > 0) {
			const batch = waiting.slice(0, MAX_BATCH);
			waiting = waiting.slice(batch.length);
			try {
				await sendMany(batch.map((entry) => entry.payload));
				for (const entry of batch) entry.resolve();
			} catch (error) {
				for (const entry of batch) entry.reject(error);
			}
		}
		sending = false;
	};
	return (payload) =>
		new Promise<void>((resolve, reject) => {
			waiting.push({ payload, resolve, reject });
			if (!sending) void sendNext();
		});
}

/**
 * Several processes behind a load balancer: PostgreSQL LISTEN/NOTIFY. Each process listens
 * on one dedicated connection and hears its own notifications too, so local and remote
 * listeners are served the same way. NOTIFY payloads stay far below the 8000-byte limit.
 * A lost listening connection (a database restart) is reopened with backoff until it works.
 */
export async function createPostgresBus(connectionString: string, options: RemoteBusOptions): Promise<EventBus> {
	// One batch of NOTIFYs is on its way at a time (sendInBatches): one that never answers (a
	// connection dead without a reset) must fail, not hold every later event behind it.
	const publisher = new pg.Pool({ connectionString, max: 2, connectionTimeoutMillis: 10_000, query_timeout: 10_000 });
	// Connections the server drops are replaced by the pool; the publish in flight fails.
	publisher.on("error", () => {});
	publisher.on("connect", (client) => client.on("error", () => {}));
	// Every order and payment publishes once after its commit: many NOTIFYs in one statement
	// when they come together (issue 16: a round trip costs about as much as a small query).
	const core = remoteBusCore(
		"postgres",
		options.log,
		sendInBatches((payloads) =>
			publisher.query(`SELECT ${payloads.map((_, index) => `pg_notify($1, $${index + 2})`).join(", ")}`, [
				CHANNEL,
				...payloads,
			]),
		),
	);
	let listener: pg.Client | null = null;
	const ended = new WeakSet<pg.Client>();
	let closed = false;
	const stopRetrying = new AbortController();

	const listen = async (): Promise<pg.Client> => {
		const client = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: 10_000 });
		client.on("notification", (message) => {
			if (message.channel === CHANNEL && message.payload) core.deliver(message.payload);
		});
		client.on("error", (error) => connectionLost(client, error));
		client.on("end", () => connectionLost(client));
		try {
			await client.connect();
			await client.query(`LISTEN ${CHANNEL}`);
		} catch (error) {
			await client.end().catch(() => {});
			throw error;
		}
		return client;
	};

	function connectionLost(client: pg.Client, error?: unknown) {
		ended.add(client);
		if (closed || client !== listener) return;
		listener = null;
		void client.end().catch(() => {});
		core.status.lost(error);
		void reconnect();
	}

	async function reconnect() {
		for (let attempt = 1; !closed; attempt++) {
			try {
				await sleep(backoffDelay(attempt, options.backoff), undefined, { signal: stopRetrying.signal, ref: false });
			} catch {
				return; // closed
			}
			let client: pg.Client;
			try {
				client = await listen();
			} catch (error) {
				core.status.failedAttempt(error);
				continue;
			}
			if (closed) {
				await client.end().catch(() => {});
				return;
			}
			listener = client;
			// It may have died between LISTEN and now; then start over (as a new outage).
			if (ended.has(client)) return connectionLost(client);
			await core.restored();
			return;
		}
	}

	listener = await listen();

	return {
		publish: core.publish,
		subscribe: core.local.subscribe,
		health: core.health,
		async close() {
			closed = true;
			stopRetrying.abort();
			await listener?.end().catch(() => {});
			await publisher.end();
			await core.local.close();
		},
	};
}

/**
 * Several processes with Redis (REDIS_URL): publish on a channel, each process subscribed on
 * its own connection, hearing its own messages too. ioredis reconnects both connections with
 * our backoff for as long as it takes; the channel is subscribed again before the bus counts
 * as restored. A publish while disconnected fails at once (no offline queue): it follows a
 * committed change and must not hold up the request; the recovery then tells every server to
 * resync.
 */
export async function createRedisBus(url: string, options: RemoteBusOptions): Promise<EventBus> {
	const connection = {
		lazyConnect: true,
		connectionName: "bayon-events",
		retryStrategy: (times: number) => backoffDelay(times, options.backoff),
	} as const;
	const publisher = new Redis(url, { ...connection, enableOfflineQueue: false });
	const subscriber = new Redis(url, { ...connection, autoResubscribe: false });
	// As the PostgreSQL bus: publishes that come together go in one pipeline (one write).
	const core = remoteBusCore(
		"redis",
		options.log,
		sendInBatches(async (payloads) => {
			const pipeline = publisher.pipeline();
			for (const payload of payloads) pipeline.publish(CHANNEL, payload);
			const failed = (await pipeline.exec())?.find(([error]) => error);
			if (failed) throw failed[0];
		}),
	);
	let closed = false;
	const down = new Set<Redis>();

	/** Tracks one connection: lost on close, restored once it is ready (and `resume` succeeded). */
	const watch = (redis: Redis, resume: () => Promise<unknown>) => {
		let lastError: unknown;
		redis.on("error", (error: unknown) => {
			if (down.has(redis)) core.status.failedAttempt(error);
			else lastError = error;
		});
		redis.on("close", () => {
			if (closed || down.has(redis)) return;
			down.add(redis);
			core.status.lost(lastError);
		});
		redis.on("ready", () => {
			if (!down.has(redis)) return;
			resume().then(
				() => {
					down.delete(redis);
					if (down.size === 0 && !closed) void core.restored();
				},
				// The connection dropped again before it was usable: its next "ready" retries.
				(error: unknown) => core.status.failedAttempt(error),
			);
		});
	};
	subscriber.on("message", (channel: string, payload: string) => {
		if (channel === CHANNEL) core.deliver(payload);
	});
	watch(publisher, async () => {});
	watch(subscriber, () => subscriber.subscribe(CHANNEL));
	await Promise.all([publisher.connect(), subscriber.connect()]);
	await subscriber.subscribe(CHANNEL);
	return {
		publish: core.publish,
		subscribe: core.local.subscribe,
		health: core.health,
		async close() {
			closed = true;
			subscriber.disconnect();
			publisher.disconnect();
			await core.local.close();
		},
	};
}
