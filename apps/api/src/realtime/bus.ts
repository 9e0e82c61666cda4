import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import pg from "pg";

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

export type DomainEvent = OrderChangedEvent | SessionEndedEvent;

/**
 * Delivers events to every listener of every API process. Publish after the transaction
 * that made the change has committed; events carry ids and states, never whole rows.
 */
export interface EventBus {
	publish(event: DomainEvent): Promise<void>;
	subscribe(listener: (event: DomainEvent) => void): () => void;
	close(): Promise<void>;
}

/** One process (PGlite, tests): an in-memory emitter. */
export function createLocalBus(): EventBus {
	const emitter = new EventEmitter();
	emitter.setMaxListeners(0);
	return {
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

const CHANNEL = "bayon_events";

/**
 * Several processes behind a load balancer: PostgreSQL LISTEN/NOTIFY. Each process listens
 * on one dedicated connection and hears its own notifications too, so local and remote
 * listeners are served the same way. NOTIFY payloads stay far below the 8000-byte limit.
 */
export async function createPostgresBus(
	connectionString: string,
	onError: (error: unknown) => void,
): Promise<EventBus> {
	const local = createLocalBus();
	const publisher = new pg.Pool({ connectionString, max: 2 });
	publisher.on("error", onError);
	let listener: pg.Client | null = null;
	let closed = false;

	const connect = async () => {
		const client = new pg.Client({ connectionString });
		client.on("notification", (message) => {
			if (message.channel !== CHANNEL || !message.payload) return;
			try {
				void local.publish(JSON.parse(message.payload) as DomainEvent);
			} catch (error) {
				onError(error);
			}
		});
		client.on("error", (error) => {
			onError(error);
			// Reconnect after a lost connection (server restart); events sent meanwhile are
			// missed, which is why clients refetch on reconnect.
			if (!closed) setTimeout(() => void connect().catch(onError), 1000).unref();
		});
		await client.connect();
		await client.query(`LISTEN ${CHANNEL}`);
		listener = client;
	};
	await connect();

	return {
		async publish(event) {
			await publisher.query("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify(event)]);
		},
		subscribe: local.subscribe,
		async close() {
			closed = true;
			await listener?.end().catch(() => {});
			await publisher.end();
			await local.close();
		},
	};
}

/**
 * Several processes with Redis (REDIS_URL): publish on a channel, each process subscribed on
 * its own connection, hearing its own messages too. Like NOTIFY, a message sent while a
 * process is disconnected is missed, and clients refetch on reconnect.
 */
export async function createRedisBus(url: string, onError: (error: unknown) => void): Promise<EventBus> {
	const local = createLocalBus();
	const options = { lazyConnect: true, maxRetriesPerRequest: 2 } as const;
	const publisher = new Redis(url, options);
	const subscriber = new Redis(url, options);
	publisher.on("error", onError);
	subscriber.on("error", onError);
	subscriber.on("message", (channel: string, payload: string) => {
		if (channel !== CHANNEL) return;
		try {
			void local.publish(JSON.parse(payload) as DomainEvent);
		} catch (error) {
			onError(error);
		}
	});
	await Promise.all([publisher.connect(), subscriber.connect()]);
	await subscriber.subscribe(CHANNEL);
	return {
		async publish(event) {
			await publisher.publish(CHANNEL, JSON.stringify(event));
		},
		subscribe: local.subscribe,
		async close() {
			subscriber.disconnect();
			publisher.disconnect();
			await local.close();
		},
	};
}
