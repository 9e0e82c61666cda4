import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * What the SMS providers' fakes share (aliyun-sms.ts, tencent-sms.ts, twilio.ts,
 * telegram-gateway.ts): an HTTP server on 127.0.0.1, the messages they accepted, and faults the
 * test queues. Each fake checks its provider's own signature scheme before anything else: a
 * call that does not verify is refused as the provider refuses it and never meets a fault.
 *
 * Faults, for the next well-signed calls in the order queued (failNext) or for all of them
 * (failAlways):
 * - `unavailable`: an HTTP 5xx, as the provider answers when it is in trouble;
 * - `refused`: the provider's business "no" (a limit, a region not enabled, no balance);
 * - `stall`: no answer at all (held until the fake closes);
 * - `lie`: an answer that looks like success but does not hold up (another number, no id):
 *   nothing is delivered.
 */
export type SmsFault = "unavailable" | "refused" | "stall" | "lie";

export interface DeliveredCode {
	/** E.164, as the provider was given it. */
	to: string;
	code: string;
	/** The whole text, where the provider takes one (Twilio). */
	text?: string;
	at: Date;
}

export interface FakeSmsProvider {
	url: string;
	/** Codes the fake accepted (and so "delivered"), in order. */
	messages(): DeliveredCode[];
	/** The last code delivered to a number (11 digits or E.164), if any. */
	lastCode(mobile: string): string | undefined;
	/**
	 * Every well-formed, well-signed request's code, whether it was then delivered, refused,
	 * stalled or lied about: what the provider saw.
	 */
	received(): DeliveredCode[];
	/** Every call received, however it ended. */
	calls(): number;
	/** Calls refused for their signature, credentials or a replayed nonce. */
	refusedSignatures(): number;
	failNext(fault: SmsFault, times?: number): void;
	failAlways(fault: SmsFault | null): void;
	/** The provider now expects another secret (rotated in its console): our signatures stop verifying. */
	rotateSecret(): void;
	/** Environment variables that point a server at this fake (SMS_PROVIDER included). */
	env: Record<string, string>;
	close(): Promise<void>;
}

export interface FakeAnswer {
	status: number;
	body: unknown;
	headers?: Record<string, string>;
}

export class SmsFakeState {
	readonly delivered: DeliveredCode[] = [];
	readonly received: DeliveredCode[] = [];
	calls = 0;
	refused = 0;
	private queue: SmsFault[] = [];
	private always: SmsFault | null = null;

	/** A well-signed request for this code arrived: the fault it meets, if any. */
	takeFault(seen: DeliveredCode): SmsFault | null {
		this.received.push(seen);
		return this.queue.shift() ?? this.always;
	}

	controls(): Pick<
		FakeSmsProvider,
		"messages" | "received" | "lastCode" | "calls" | "refusedSignatures" | "failNext" | "failAlways"
	> {
		return {
			messages: () => [...this.delivered],
			received: () => [...this.received],
			lastCode: (mobile) => {
				const to = /^1\d{10}$/.test(mobile) ? `+86${mobile}` : mobile;
				return this.delivered.filter((message) => message.to === to).at(-1)?.code;
			},
			calls: () => this.calls,
			refusedSignatures: () => this.refused,
			failNext: (fault, times = 1) => {
				for (let i = 0; i < times; i++) this.queue.push(fault);
			},
			failAlways: (fault) => {
				this.always = fault;
			},
		};
	}
}

/**
 * Serves `handle`'s answers; `null` is a stall (the request is held until close). The raw body
 * is given as received: signatures are computed over exact bytes.
 */
export async function serveFake(
	state: SmsFakeState,
	handle: (request: IncomingMessage, body: Buffer) => FakeAnswer | null,
): Promise<{ url: string; close(): Promise<void> }> {
	const held = new Set<ServerResponse>();
	const server = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on("data", (chunk: Buffer) => chunks.push(chunk));
		request.on("end", () => {
			state.calls += 1;
			let answer: FakeAnswer | null;
			try {
				answer = handle(request, Buffer.concat(chunks));
			} catch (error) {
				answer = { status: 500, body: { error: String(error) } };
			}
			if (!answer) {
				held.add(response);
				return;
			}
			response.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
			response.end(JSON.stringify(answer.body));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		close: async () => {
			for (const response of held) response.destroy();
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** The 4 to 8 digit code in a text. */
export function codeIn(text: string): string {
	return /\b(\d{4,8})\b/.exec(text)?.[1] ?? "";
}
