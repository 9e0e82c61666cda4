import { LiveSocketClose } from "@bayon/contract";

/**
 * One shared WebSocket for live updates (`/infra/ws`). It connects while someone listens,
 * authenticates with a short-lived ticket fetched before every attempt, reconnects after a drop
 * with exponential backoff (1 s, 2 s, 4 s … capped, with jitter), and tells its resync listeners
 * whenever events may have been missed, so screens refetch what they show: each time it is
 * (re)connected, and when the server sends `resync` (its event bus was down while this socket
 * stayed open; decision 006). A socket the server refuses for holding too many already (close
 * code 4429) waits the longest backoff step before the next try. A server that is stopping (a
 * deploy: close code 1012 "service restart", or 1001 "going away" from servers before decision
 * 034) is left at once: the next attempt comes within half a base step, spread by jitter so its
 * clients do not all arrive at the same moment, and the load balancer sends it to a server that
 * stays.
 */

export interface WsMessage {
	type: string;
	data?: unknown;
}

/** The part of the browser's WebSocket this client uses (a fake one in tests). */
export interface SocketLike {
	onopen: ((event: unknown) => void) | null;
	onmessage: ((event: { data: unknown }) => void) | null;
	onclose: ((event: unknown) => void) | null;
	onerror: ((event: unknown) => void) | null;
	close(code?: number, reason?: string): void;
}

export interface WsClientOptions {
	/** A fresh ticket for one connection attempt; rejects when it cannot be had. */
	getTicket: () => Promise<string>;
	/** The socket's address for a ticket. */
	url: (ticket: string) => string;
	createSocket?: (url: string) => SocketLike;
	/** Whether connecting makes sense now (a signed-in member). */
	canConnect?: () => boolean;
	baseDelayMs?: number;
	maxDelayMs?: number;
	/** 0..1; the delay is scaled into [50 %, 100 %] of the backoff step. */
	random?: () => number;
}

export type MessageListener = (message: WsMessage) => void;
/** Called when events may have been missed: refetch what the screen shows. */
export type ResyncListener = () => void;

/** The server's message after an outage of its event bus: events were missed, refetch. */
export const RESYNC_MESSAGE = "resync";

/** The backoff step for the n-th consecutive failed attempt (0-based), before jitter. */
export function backoffDelay(attempt: number, baseDelayMs: number, maxDelayMs: number): number {
	return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(attempt, 30));
}

export class WsClient {
	private readonly options: Required<WsClientOptions>;
	private socket: SocketLike | null = null;
	private timer: ReturnType<typeof setTimeout> | null = null;
	private attempt = 0;
	private connecting = false;
	private connected = false;
	/** Bumped on every stop: late answers of an older attempt are ignored. */
	private generation = 0;
	private readonly messageListeners = new Set<MessageListener>();
	private readonly resyncListeners = new Set<ResyncListener>();

	constructor(options: WsClientOptions) {
		this.options = {
			createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
			canConnect: () => true,
			baseDelayMs: 1000,
			maxDelayMs: 30_000,
			random: Math.random,
			...options,
		};
	}

	get isConnected(): boolean {
		return this.connected;
	}

	/**
	 * Listens to every message, and with `onResync` to every moment events may have been missed
	 * (each (re)connection, each `resync`); the socket opens with the first listener, closes after
	 * the last.
	 */
	subscribe(listener: MessageListener, onResync?: ResyncListener): () => void {
		this.messageListeners.add(listener);
		if (onResync) this.resyncListeners.add(onResync);
		this.ensureConnected();
		return () => {
			this.messageListeners.delete(listener);
			if (onResync) this.resyncListeners.delete(onResync);
			if (this.messageListeners.size === 0) this.stop();
		};
	}

	/** Connects now if it should be and is not (e.g. the browser came back online). */
	ensureConnected(): void {
		if (this.messageListeners.size === 0 || this.socket || this.connecting) return;
		if (this.timer) {
			clearTimeout(this.timer);
			this.timer = null;
		}
		void this.connect();
	}

	/** Closes the socket and cancels any reconnect. */
	stop(): void {
		this.generation += 1;
		if (this.timer) clearTimeout(this.timer);
		this.timer = null;
		this.connecting = false;
		this.connected = false;
		this.attempt = 0;
		const socket = this.socket;
		this.socket = null;
		if (socket) {
			socket.onclose = null;
			socket.onmessage = null;
			socket.onerror = null;
			socket.onopen = null;
			socket.close(1000, "no listeners");
		}
	}

	private async connect(): Promise<void> {
		if (!this.options.canConnect()) return;
		const generation = this.generation;
		this.connecting = true;
		let ticket: string;
		try {
			ticket = await this.options.getTicket();
		} catch {
			if (generation !== this.generation) return;
			this.connecting = false;
			this.scheduleReconnect();
			return;
		}
		if (generation !== this.generation) return;
		let socket: SocketLike;
		try {
			socket = this.options.createSocket(this.options.url(ticket));
		} catch {
			this.connecting = false;
			this.scheduleReconnect();
			return;
		}
		this.socket = socket;
		socket.onmessage = (event) => {
			const message = parse(event.data);
			if (!message) return;
			if (message.type === "ready") {
				this.connecting = false;
				this.connected = true;
				this.attempt = 0;
			}
			if (message.type === "ready" || message.type === RESYNC_MESSAGE) {
				for (const listener of [...this.resyncListeners]) listener();
			}
			for (const listener of [...this.messageListeners]) listener(message);
		};
		socket.onclose = (event) => {
			if (this.socket !== socket) return;
			this.socket = null;
			this.connecting = false;
			this.connected = false;
			// The server holds as many sockets of this member or address as it allows (another
			// tab, another device): trying again soon would only be refused again.
			const code = closeCode(event);
			if (code === LiveSocketClose.TooManySockets) this.attempt = Math.max(this.attempt, MAX_ATTEMPT_STEP);
			if (code === LiveSocketClose.ServiceRestart || code === GOING_AWAY) {
				// Not this client's failure: the server is going and another one is there now.
				this.attempt = 0;
				this.scheduleReconnect(Math.round((this.options.baseDelayMs / 2) * this.options.random()));
				return;
			}
			this.scheduleReconnect();
		};
		socket.onerror = () => {
			// A close event follows; that is where reconnecting happens.
		};
	}

	/** The next attempt after `delay`, or after the backoff step for the attempts failed so far. */
	private scheduleReconnect(delay?: number): void {
		if (this.messageListeners.size === 0 || this.timer) return;
		const { baseDelayMs, maxDelayMs, random } = this.options;
		if (delay === undefined) {
			const step = backoffDelay(this.attempt, baseDelayMs, maxDelayMs);
			delay = Math.round(step * (0.5 + 0.5 * random()));
			this.attempt += 1;
		}
		this.timer = setTimeout(() => {
			this.timer = null;
			void this.connect();
		}, delay);
	}
}

/** RFC 6455's "going away": what a stopping server sent before it sent 1012 (decision 034). */
const GOING_AWAY = 1001;

/** Enough doublings of the backoff to reach its cap from any base delay. */
const MAX_ATTEMPT_STEP = 30;

function closeCode(event: unknown): number | undefined {
	const code = (event as { code?: unknown } | null)?.code;
	return typeof code === "number" ? code : undefined;
}

function parse(data: unknown): WsMessage | null {
	if (typeof data !== "string") return null;
	try {
		const value: unknown = JSON.parse(data);
		return value && typeof value === "object" && typeof (value as WsMessage).type === "string"
			? (value as WsMessage)
			: null;
	} catch {
		return null;
	}
}

/** `ws(s)://<this host>/infra/ws?ticket=…` */
export function socketUrl(ticket: string, location: Pick<Location, "protocol" | "host"> = window.location): string {
	const scheme = location.protocol === "https:" ? "wss:" : "ws:";
	return `${scheme}//${location.host}/infra/ws?ticket=${encodeURIComponent(ticket)}`;
}
