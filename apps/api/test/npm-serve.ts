import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import { connect } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";
import { freePort } from "./embedded-server.js";

/**
 * `npm run serve` started as a person starts it: npm, its shell, serve.mjs and (embedded) the
 * server under it, with the server's JSON log collected. For the shutdown drills (decision 034):
 * SIGTERM goes to npm, the process the person started, and the drill watches every process of
 * the tree go. Linux only: the tree is read from /proc.
 */
export interface NpmServer {
	url: string;
	dataDir: string;
	npm: ChildProcess;
	/** npm and every process under it, as started (pids). */
	tree: number[];
	/** The server's log lines so far (JSON lines of stdout), parsed. */
	logLines(): Array<Record<string, unknown> & { msg: string; level: number }>;
	/** What npm and the server wrote to stderr. */
	stderr(): string;
	/** npm's exit, whenever it comes. */
	exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export async function startThroughNpm(options: { dataDir: string; env: Record<string, string | undefined> }) {
	const port = await freePort();
	const env: NodeJS.ProcessEnv = {
		...process.env,
		NODE_ENV: "development",
		DATA_DIR: options.dataDir,
		HOST: "127.0.0.1",
		PORT: String(port),
		LOG_LEVEL: "info",
	};
	for (const name of [
		"DATABASE_URL",
		"REDIS_URL",
		"TELEGRAM_BOT_TOKEN",
		"TEST_DATABASE",
		"FAKE_NOW",
		"npm_lifecycle_event",
	])
		delete env[name];
	for (const [name, value] of Object.entries(options.env)) {
		if (value === undefined) delete env[name];
		else env[name] = value;
	}
	const npm = spawn("npm", ["run", "--silent", "serve"], { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
	let stdout = "";
	let stderr = "";
	npm.stdout?.on("data", (chunk: Buffer) => {
		stdout += chunk.toString();
	});
	npm.stderr?.on("data", (chunk: Buffer) => {
		stderr += chunk.toString();
	});
	const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
		npm.once("exit", (code, signal) => resolve({ code, signal })),
	);
	const url = `http://127.0.0.1:${port}`;
	// A fresh embedded folder is made and migrated first: slow on a loaded machine.
	const deadline = Date.now() + 180_000;
	for (;;) {
		if (npm.exitCode !== null || npm.signalCode !== null)
			throw new Error(`npm run serve exited before the server answered: ${stderr}`);
		if (Date.now() > deadline) {
			npm.kill("SIGKILL");
			throw new Error(`npm run serve did not answer within 180 s: ${stderr}`);
		}
		try {
			if ((await fetch(`${url}/livez`)).status === 200) break;
		} catch {
			// Not listening yet.
		}
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	const server: NpmServer = {
		url,
		dataDir: options.dataDir,
		npm,
		tree: processTree(npm.pid as number),
		logLines: () =>
			// Whole lines only: the last one may be half-way through a pipe write.
			stdout
				.slice(0, stdout.lastIndexOf("\n") + 1)
				.split("\n")
				.filter((line) => line.startsWith("{"))
				.map((line) => JSON.parse(line) as Record<string, unknown> & { msg: string; level: number }),
		stderr: () => stderr,
		exited,
	};
	return server;
}

/** `pid` and all its descendants, from /proc (tsx's esbuild helper included). */
export function processTree(pid: number): number[] {
	let children: number[] = [];
	try {
		children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
			.trim()
			.split(/\s+/)
			.filter(Boolean)
			.map(Number);
	} catch {
		// Gone already.
	}
	return [pid, ...children.flatMap(processTree)];
}

export function isRunning(pid: number): boolean {
	try {
		// A zombie (exited, not yet reaped by a parent that is itself stopping) counts as gone.
		return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
	} catch {
		return false;
	}
}

/** Sends SIGTERM to npm and resolves when every process of the tree is gone, with the seconds each took. */
export async function sigtermAndWatch(server: NpmServer, boundSeconds: number) {
	// Read again: the server starts helpers (tsx's esbuild) after it answers.
	server.tree = processTree(server.npm.pid as number);
	const sentAt = performance.now();
	server.npm.kill("SIGTERM");
	const goneAfter = new Map<number, number>();
	while (goneAfter.size < server.tree.length) {
		// One reading per look: processes seen gone together share it (npm last means none after it).
		const seconds = (performance.now() - sentAt) / 1000;
		for (const pid of server.tree) if (!goneAfter.has(pid) && !isRunning(pid)) goneAfter.set(pid, seconds);
		if ((performance.now() - sentAt) / 1000 > boundSeconds) {
			const left = server.tree.filter((pid) => !goneAfter.has(pid));
			for (const pid of left) process.kill(pid, "SIGKILL");
			throw new Error(`still running ${boundSeconds} s after SIGTERM to npm: pids ${left.join(", ")}`);
		}
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
	return { sentAt, goneAfter, lastGoneSeconds: Math.max(...goneAfter.values()) };
}

/** Sends a code, reads it from the SMS outbox, signs in: the access token. */
export async function signInThroughOutbox(server: NpmServer, mobile: string): Promise<string> {
	const post = async (urlPath: string, body: unknown) => {
		const response = await fetch(`${server.url}${urlPath}`, {
			method: "POST",
			headers: { "content-type": "application/json", "tenant-id": "1" },
			body: JSON.stringify(body),
		});
		return (await response.json()) as { code: number; msg: string; data: Record<string, unknown> };
	};
	const sent = await post("/app-api/member/auth/send-sms-code", { mobile, scene: 1 });
	if (sent.code !== 0) throw new Error(`send-sms-code: ${sent.code} ${sent.msg}`);
	const outbox = readFileSync(path.join(server.dataDir, "sms-outbox.jsonl"), "utf8").trim().split("\n");
	const code = outbox
		.map((line) => JSON.parse(line) as { mobile: string; code: string })
		.filter((message) => message.mobile === mobile)
		.at(-1)?.code;
	const login = await post("/app-api/member/auth/sms-login", { mobile, code });
	if (login.code !== 0) throw new Error(`sms-login: ${login.code} ${login.msg}`);
	return login.data.accessToken as string;
}

/**
 * An upload whose body stalls: the headers and the start of an image, then nothing. Resolves
 * when the server closes the connection, with what it answered and when (performance.now()).
 */
export function stalledUpload(server: NpmServer, token: string) {
	const url = new URL(server.url);
	const socket = connect(Number(url.port), url.hostname);
	let answer = "";
	socket.setEncoding("utf8");
	socket.on("data", (chunk: string) => {
		answer += chunk;
	});
	const started = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
	const closed = new Promise<{ answer: string; at: number }>((resolve) => {
		socket.on("error", () => {});
		socket.on("close", () => resolve({ answer, at: performance.now() }));
	});
	void started.then(() => {
		socket.write(
			[
				"POST /app-api/infra/file/upload HTTP/1.1",
				`Host: ${url.host}`,
				"tenant-id: 1",
				`authorization: Bearer ${token}`,
				"content-type: multipart/form-data; boundary=XyZ",
				"content-length: 100000",
				"",
				"",
			].join("\r\n"),
		);
		socket.write(
			[
				"--XyZ",
				'Content-Disposition: form-data; name="file"; filename="a.jpg"',
				"Content-Type: image/jpeg",
				"",
				"\xff\xd8\xff\xe0 the first bytes of an image, and then nothing more",
			].join("\r\n"),
		);
	});
	return { started, closed, destroy: () => socket.destroy() };
}

/** A request over a keep-alive connection; answers the status, headers and when the connection closed. */
export function keepAliveRequest(
	server: NpmServer,
	agent: http.Agent,
	options: { method: "GET" | "POST"; path: string; token?: string; body?: unknown },
) {
	const url = new URL(server.url);
	return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
		const body = options.body === undefined ? undefined : JSON.stringify(options.body);
		const request = http.request(
			{
				host: url.hostname,
				port: url.port,
				method: options.method,
				path: options.path,
				agent,
				headers: {
					"tenant-id": "1",
					...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
					...(body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {}),
				},
			},
			(response) => {
				let text = "";
				response.setEncoding("utf8");
				response.on("data", (chunk: string) => {
					text += chunk;
				});
				response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
				response.on("error", reject);
			},
		);
		request.on("error", reject);
		request.end(body);
	});
}

/** The live websocket with a ticket, once `ready`; resolves `closed` with the server's code. */
export async function openLiveSocket(server: NpmServer, token: string) {
	const answer = await fetch(`${server.url}/app-api/infra/ws/ticket`, {
		method: "POST",
		headers: { "tenant-id": "1", authorization: `Bearer ${token}` },
	});
	const { data } = (await answer.json()) as { data: { ticket: string } };
	const socket = new WebSocket(
		`${server.url.replace("http", "ws")}/infra/ws?ticket=${encodeURIComponent(data.ticket)}`,
	);
	const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
		socket.once("close", (code: number, reason: Buffer) =>
			resolve({ code, reason: reason.toString(), at: performance.now() }),
		),
	);
	await new Promise<void>((resolve, reject) => {
		socket.on("message", (raw) => {
			if ((JSON.parse(raw.toString()) as { type: string }).type === "ready") resolve();
		});
		socket.once("error", reject);
	});
	return { socket, closed };
}

/**
 * A request whose body comes slowly: half of it now, the rest when `finish()` is called, over a
 * keep-alive connection. `answer` resolves with the server's answer.
 */
export function slowBodyRequest(server: NpmServer, options: { path: string; token: string; body: unknown }) {
	const url = new URL(server.url);
	const body = Buffer.from(JSON.stringify(options.body));
	const half = Math.floor(body.length / 2);
	const agent = new http.Agent({ keepAlive: true });
	let request: http.ClientRequest | undefined;
	const answer = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
		request = http.request(
			{
				host: url.hostname,
				port: url.port,
				method: "POST",
				path: options.path,
				agent,
				headers: {
					"tenant-id": "1",
					authorization: `Bearer ${options.token}`,
					"content-type": "application/json",
					"content-length": body.length,
				},
			},
			(response) => {
				let text = "";
				response.setEncoding("utf8");
				response.on("data", (chunk: string) => {
					text += chunk;
				});
				response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
				response.on("error", reject);
			},
		);
		request.on("error", reject);
		request.flushHeaders();
		request.write(body.subarray(0, half));
	});
	return { answer, finish: () => request?.end(body.subarray(half)) };
}
