/** Where a bus logs: the server's logger (pino) or anything with the same two-argument calls. */
export interface BusLog {
	info(details: object, message: string): void;
	warn(details: object, message: string): void;
	error(details: object, message: string): void;
}

/** How long to wait between reconnection attempts; tests shorten it. */
export interface BackoffOptions {
	/** The first wait. */
	baseDelayMs?: number;
	/** No wait is longer than this. */
	maxDelayMs?: number;
	/** 0..1; each wait is scaled into [50 %, 100 %] of its step so servers do not retry in step. */
	random?: () => number;
}

export const DEFAULT_BACKOFF = { baseDelayMs: 500, maxDelayMs: 30_000, random: Math.random } as const;

/** The wait before the n-th attempt (1-based): doubling from the base up to the cap, with jitter. */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
	const { baseDelayMs, maxDelayMs, random } = { ...DEFAULT_BACKOFF, ...options };
	const step = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30));
	return Math.round(step * (0.5 + 0.5 * random()));
}

export type BusState = "connected" | "reconnecting";

/** What /healthz reports about the bus. */
export interface BusHealth {
	kind: "local" | "postgres" | "redis";
	state: BusState;
	/** When the bus entered this state. */
	since: Date;
	/** Failed reconnection attempts in the current outage (0 while connected). */
	attempts: number;
}

/** A failed attempt is logged at most this often during one outage (the first one always). */
const LOG_EVERY_MS = 60_000;

/**
 * The connection state of one bus and what it logs about it: a warning when the connection is
 * lost, a rate-limited warning while attempts keep failing (an outage of hours must not write an
 * error line every 30 s), and one info line when it is back, with the attempt count.
 */
export class BusConnectionStatus {
	private state: BusState = "connected";
	private since = new Date();
	private attempts = 0;
	private failedPublishes = 0;
	private lastLoggedAt = 0;

	constructor(
		private readonly kind: BusHealth["kind"],
		private readonly log: BusLog,
	) {}

	health(): BusHealth {
		return { kind: this.kind, state: this.state, since: this.since, attempts: this.attempts };
	}

	get isConnected(): boolean {
		return this.state === "connected";
	}

	/** The connection dropped; returns false when an outage was already under way. */
	lost(error?: unknown): boolean {
		if (this.state === "reconnecting") return false;
		this.state = "reconnecting";
		this.since = new Date();
		this.attempts = 0;
		this.lastLoggedAt = Date.now();
		this.log.warn(
			{ bus: this.kind, err: error },
			"event bus connection lost: live updates are paused, reconnecting with backoff",
		);
		return true;
	}

	failedAttempt(error: unknown): void {
		this.attempts += 1;
		this.logRateLimited({ bus: this.kind, attempts: this.attempts, err: error }, "event bus still reconnecting");
	}

	/** A publish failed: the listeners of every server missed that event. */
	failedPublish(error: unknown): void {
		this.failedPublishes += 1;
		this.logRateLimited(
			{ bus: this.kind, failedPublishes: this.failedPublishes, err: error },
			"event bus could not publish an event",
		);
	}

	/** The connection is back; returns how many publishes failed since the last recovery. */
	restored(): number {
		const failedPublishes = this.failedPublishes;
		const downForMs = Date.now() - this.since.getTime();
		this.log.info(
			{ bus: this.kind, attempts: this.attempts, downForMs, failedPublishes: this.failedPublishes },
			"event bus reconnected: live updates resume, connected apps are told to refetch",
		);
		this.state = "connected";
		this.since = new Date();
		this.attempts = 0;
		this.failedPublishes = 0;
		return failedPublishes;
	}

	private logRateLimited(details: object, message: string) {
		const now = Date.now();
		// The first failure of an outage, then at most one line a minute.
		if (this.lastLoggedAt !== 0 && now - this.lastLoggedAt < LOG_EVERY_MS && this.attempts + this.failedPublishes > 1)
			return;
		this.lastLoggedAt = now;
		this.log.warn(details, message);
	}
}
