import http, { type IncomingMessage, type ServerResponse } from "node:http";
import net from "node:net";

/**
 * A small load balancer for the cluster drill, doing what nginx or Caddy do in front of Bayon
 * (docs/operations.md, "Running several servers"):
 * - round robin over the backends whose readiness check answers 200 (/readyz, or /healthz where
 *   a server has no /readyz), checked every `checkEveryMs`; a backend that refuses a connection
 *   is taken out at once, until its check passes again;
 * - a request whose connection failed before anything was sent (refused) goes to the next
 *   backend, whatever its method; one that failed later is sent again only when repeating it is
 *   safe: GET/HEAD, or a request with an Idempotency-Key (nginx's proxy_next_upstream, with
 *   non_idempotent only for keyed requests);
 * - websocket upgrades are passed through as raw bytes both ways; when the backend goes the
 *   client's socket closes, and the client reconnects through the balancer.
 * No keep-alive to the backends: a reused connection that the backend closed at that moment
 * would make a request's fate unknown, which a drill about losing nothing should not invent.
 */
export interface Balancer {
	url: string;
	/** Backends that answered their last readiness check. */
	ready(): string[];
	/** Requests the balancer sent again to another backend, by why. */
	retries: { refused: number; idempotent: number };
	/** Answers the balancer itself gave as 502 (no backend could take the request). */
	failures: number;
	setBackends(urls: string[]): void;
	close(): Promise<void>;
}

interface Backend {
	url: URL;
	ready: boolean;
	readinessPath: "/readyz" | "/healthz";
	slowChecks: number;
}

export async function startBalancer(options: { backends: string[]; checkEveryMs?: number }): Promise<Balancer> {
	let backends: Backend[] = [];
	let next = 0;
	const checkEveryMs = options.checkEveryMs ?? 250;
	const retries = { refused: 0, idempotent: 0 };
	let failures = 0;

	const setBackends = (urls: string[]) => {
		backends = urls.map(
			(url) =>
				backends.find((b) => b.url.href === new URL(url).href) ?? {
					url: new URL(url),
					ready: false,
					readinessPath: "/readyz",
					slowChecks: 0,
				},
		);
	};
	setBackends(options.backends);

	async function check(backend: Backend): Promise<void> {
		try {
			const answer = await fetch(new URL(backend.readinessPath, backend.url), { signal: AbortSignal.timeout(3000) });
			await answer.arrayBuffer();
			if (answer.status === 404 && backend.readinessPath === "/readyz") {
				backend.readinessPath = "/healthz";
				return check(backend);
			}
			backend.ready = answer.status === 200;
			backend.slowChecks = 0;
		} catch (error) {
			// A busy server may answer late: out only after two slow checks in a row (Caddy's
			// health_timeout is 5 s). Refused means gone: out at once.
			const slow = (error as Error).name === "TimeoutError";
			backend.slowChecks = slow ? backend.slowChecks + 1 : 0;
			if (!slow || backend.slowChecks >= 2) backend.ready = false;
		}
	}
	let checking = true;
	const checks = (async () => {
		while (checking) {
			await Promise.all(backends.map(check));
			await new Promise((resolve) => setTimeout(resolve, checkEveryMs));
		}
	})();
	await Promise.all(backends.map(check));

	/**
	 * The ready backends, starting after the last one used: the order a request tries them in.
	 * When none is marked ready, every one is tried (as nginx does when all its servers are down),
	 * rather than refusing on a stale mark.
	 */
	function candidates(): Backend[] {
		const marked = backends.filter((b) => b.ready);
		const ready = marked.length > 0 ? marked : backends;
		const start = next++ % ready.length;
		return [...ready.slice(start), ...ready.slice(0, start)];
	}

	const server = http.createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on("data", (chunk: Buffer) => chunks.push(chunk));
		request.on("end", () => void forward(request, response, Buffer.concat(chunks)));
	});

	async function forward(request: IncomingMessage, response: ServerResponse, body: Buffer) {
		const repeatable =
			request.method === "GET" || request.method === "HEAD" || request.headers["idempotency-key"] !== undefined;
		let why = "no backend could answer";
		for (const backend of candidates()) {
			const outcome = await send(backend, request, response, body);
			if (outcome === "answered") return;
			if (outcome === "refused") {
				backend.ready = false;
				retries.refused++;
				continue;
			}
			// Failed after the request went out: the backend may have acted on it.
			backend.ready = false;
			if (!repeatable) {
				why = `${backend.url.host} failed after the request was sent, which is not safe to repeat`;
				break;
			}
			retries.idempotent++;
		}
		failures++;
		if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain" });
		response.end(why);
	}

	function send(
		backend: Backend,
		request: IncomingMessage,
		response: ServerResponse,
		body: Buffer,
	): Promise<"answered" | "refused" | "failed"> {
		return new Promise((resolve) => {
			let connected = false;
			const outgoing = http.request(
				{
					host: backend.url.hostname,
					port: backend.url.port,
					method: request.method,
					path: request.url,
					headers: { ...request.headers, connection: "close", "x-forwarded-for": request.socket.remoteAddress },
					agent: false,
				},
				(answer) => {
					response.writeHead(answer.statusCode ?? 502, answer.headers);
					answer.pipe(response);
					// Cut off mid-answer: nothing to retry, the client sees its connection end.
					answer.on("error", () => response.destroy());
					answer.on("end", () => resolve("answered"));
					answer.on("aborted", () => response.destroy());
				},
			);
			outgoing.on("socket", (socket) => socket.on("connect", () => (connected = true)));
			outgoing.on("error", () => {
				if (response.headersSent) {
					response.destroy();
					resolve("answered");
				} else resolve(connected ? "failed" : "refused");
			});
			outgoing.end(body);
		});
	}

	const tunnels = new Set<net.Socket>();
	server.on("upgrade", (request: IncomingMessage, client: net.Socket, head: Buffer) => {
		tunnels.add(client);
		client.on("close", () => tunnels.delete(client));
		client.on("error", () => client.destroy());
		const tryNext = (order: Backend[]) => {
			const backend = order.shift();
			if (!backend) {
				failures++;
				client.end("HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\n\r\n");
				return;
			}
			const upstream = net.connect(Number(backend.url.port), backend.url.hostname);
			let connected = false;
			upstream.once("connect", () => {
				connected = true;
				const lines = [`${request.method} ${request.url} HTTP/1.1`];
				for (let i = 0; i < request.rawHeaders.length; i += 2)
					lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
				upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
				if (head.length > 0) upstream.write(head);
				upstream.pipe(client);
				client.pipe(upstream);
			});
			upstream.on("error", () => {
				if (!connected) {
					backend.ready = false;
					retries.refused++;
					tryNext(order);
				} else client.destroy();
			});
			upstream.on("close", () => client.destroy());
			client.on("close", () => upstream.destroy());
		};
		tryNext(candidates());
	});

	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const address = server.address() as net.AddressInfo;
	return {
		url: `http://127.0.0.1:${address.port}`,
		ready: () => backends.filter((b) => b.ready).map((b) => b.url.origin),
		retries,
		get failures() {
			return failures;
		},
		setBackends,
		async close() {
			checking = false;
			await checks;
			server.closeAllConnections();
			for (const tunnel of tunnels) tunnel.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
