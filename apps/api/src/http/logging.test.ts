import { randomBytes } from "node:crypto";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { closeLiveSockets, connectLive, ticketFor } from "../../test/live-socket.js";
import { type MoneyCaller, MoneyFixture } from "../../test/merchant-money.js";
import { OrderingFixture } from "../../test/ordering.js";
import { grantBalance } from "../../test/wallet-ledger.js";
import { configuredSecrets, loggableUrl, loggerOptions, scrubLine } from "./logging.js";

/**
 * The server's log as an operator's collector receives it (issue 30 item 7, decision 035): real
 * flows driven over HTTP (sign-in by SMS code, a session refreshed by the query parameter the
 * anchor's client uses, a bank card added with a step-up code, an order paid, a payment rail's
 * secret token saved, a websocket opened with its ticket, a metrics scrape with its token,
 * headers carrying a session and a cookie, a body that is not JSON) while the log is read at its
 * most talkative level. Every line is JSON; every line written while a request was handled
 * carries that request's id, also lines the request's work wrote through deps.log; and nothing
 * the flows sent as a secret appears in any line.
 */
const METRICS_TOKEN = randomBytes(24).toString("hex");
const COOKIE_SECRET = `sid-${randomBytes(16).toString("hex")}`;
/** A card number that passes the Luhn check, as a real one would. */
const CARD_NUMBER = "4111111111111111";
const RAIL_TOKEN = `bakong.${randomBytes(40).toString("base64url")}`;

let server: TestServer;
const lines: string[] = [];
/** What the flows sent that must never be logged. */
const secrets = new Set<string>();
/** SMS codes: six digits, looked for as a number standing alone. */
const codes = new Set<string>();
let railSaveRequestId = "";

beforeAll(async () => {
	server = await startTestServer({
		limits: { smsResendSeconds: 0, smsPerPhoneInWindow: 1000, smsPerPhonePerDay: 1000 },
		logger: { level: "trace", stream: { write: (line: string) => void lines.push(line) } },
		configure: (config) => {
			config.metricsToken = METRICS_TOKEN;
		},
	});
	secrets.add(server.deps.config.tokenSecret);

	// Sign-in by SMS code, then the session refreshed with its token in the query.
	const customer = await server.signIn("13800000051");
	codes.add(server.lastSmsCode("13800000051"));
	secrets.add(customer.accessToken).add(customer.refreshToken);
	const refreshed = await fetch(
		`${server.url}/app-api/member/auth/refresh-token?refreshToken=${encodeURIComponent(customer.refreshToken)}`,
		{ method: "POST", headers: { "tenant-id": "1", "shop-key": "bayon-demo" } },
	);
	const session = ((await refreshed.json()) as { data: { accessToken: string; refreshToken: string } }).data;
	secrets.add(session.accessToken).add(session.refreshToken);

	// An order placed and paid from the balance.
	const fx = await new OrderingFixture(server).load();
	await grantBalance(server, customer.userId, 100_000);
	await fx.paidOrder(session.accessToken, "Fresh young coconut");

	// The demo owner adds a bank card with a fresh step-up code.
	const money = new MoneyFixture(server);
	const owner: MoneyCaller = await money.signIn("13800000001");
	codes.add(server.lastSmsCode("13800000001"));
	secrets.add(owner.accessToken);
	const card = await money.card(owner, 1, { cardNumber: CARD_NUMBER });
	expect(card.last4).toBe("1111");
	codes.add(server.lastSmsCode("13800000001"));
	secrets.add(CARD_NUMBER).add(CARD_NUMBER.slice(0, 12));

	// A platform operator saves the Bakong rail's token.
	const operator = await server.signIn("13900000052");
	codes.add(server.lastSmsCode("13900000052"));
	secrets.add(operator.accessToken).add(operator.refreshToken).add(RAIL_TOKEN);
	await server.deps.db.insertInto("platform_operator").values({ tenant_id: 1, member_id: operator.userId }).execute();
	const saved = await fetch(`${server.url}/app-api/platform/payment-rails/save`, {
		method: "POST",
		headers: {
			"tenant-id": "1",
			"shop-key": "bayon-demo",
			"content-type": "application/json",
			authorization: `Bearer ${operator.accessToken}`,
		},
		body: JSON.stringify({
			rail: "khqr",
			settings: {
				bakongAccountId: "bayon@aclb",
				merchantName: "Bayon Demo",
				merchantCity: "Phnom Penh",
				token: RAIL_TOKEN,
				tokenExpiresAt: new Date(server.clock.now().getTime() + 60 * 86400_000).toISOString(),
				environment: "sit",
			},
		}),
	});
	expect(((await saved.json()) as { code: number }).code).toBe(0);
	railSaveRequestId = saved.headers.get("x-request-id") ?? "";

	// A websocket opened with its ticket in the URL.
	const ticket = await ticketFor(server, session.accessToken);
	secrets.add(ticket);
	const live = await connectLive(server, `ticket=${encodeURIComponent(ticket)}`);
	live.socket.close();

	// A metrics scrape, a cookie, and a body that is not JSON but holds a token.
	secrets.add(METRICS_TOKEN).add(COOKIE_SECRET);
	expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(
		200,
	);
	await fetch(`${server.url}/app-api/member/user/get`, {
		headers: { "tenant-id": "1", "shop-key": "bayon-demo", cookie: `session=${COOKIE_SECRET}` },
	});
	await fetch(`${server.url}/app-api/member/user/update-nickname`, {
		method: "POST",
		headers: {
			"tenant-id": "1",
			"shop-key": "bayon-demo",
			"content-type": "application/json",
			authorization: `Bearer ${session.accessToken}`,
		},
		body: `{"nickname": "${session.refreshToken}"`,
	});
	closeLiveSockets();
});
afterAll(async () => {
	if (process.env.SHOW_LOG) console.log(lines.join(""));
	await server?.close();
});

const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe("the server's log", () => {
	it("is JSON, one object a line, and the flows were logged", () => {
		expect(lines.length).toBeGreaterThan(30);
		for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
		const urls = parsed().map((entry) => (entry.req as { url?: string } | undefined)?.url ?? "");
		for (const path of [
			"/member/auth/sms-login",
			"/merchant/cards/add",
			"/order/pay",
			"/payment-rails/save",
			"/infra/ws",
		])
			expect(urls.some((url) => url.includes(path))).toBe(true);
	});

	it("gives every line of a request its id, also lines the request's work logged through deps.log", () => {
		const entries = parsed();
		const requestLines = entries.filter((entry) => entry.req || entry.res);
		expect(requestLines.length).toBeGreaterThan(20);
		for (const entry of requestLines) expect(entry.reqId, JSON.stringify(entry)).toEqual(expect.any(String));
		const savedLine = entries.find((entry) => entry.msg === "payment rail settings saved by an operator");
		expect(savedLine).toBeDefined();
		expect(railSaveRequestId).not.toBe("");
		expect(savedLine?.reqId).toBe(railSaveRequestId);
	});

	it("carries no secret the flows sent: codes, tokens, the card number, the rail's token, cookies", () => {
		expect(secrets.size).toBeGreaterThan(10);
		const leaks = lines.filter((line) => [...secrets].some((secret) => line.includes(secret)));
		expect(leaks).toEqual([]);
		const codeLeaks = lines.filter((line) =>
			[...codes].some((code) => new RegExp(`(?<!\\d)${code}(?!\\d)`).test(line)),
		);
		expect(codeLeaks).toEqual([]);
		// The refreshed session's query parameter is kept by name, its value replaced.
		expect(lines.some((line) => line.includes("refreshToken=[REDACTED]"))).toBe(true);
	});
});

/**
 * The layers behind the flows above, each on what no flow of today sends it: a log call that
 * passes a secret field, an error carrying a client's request, a configured secret or a card
 * number inside a message. They guard the code yet to be written.
 */
describe("the log's redaction layers", () => {
	function logTo(write: (line: string) => void) {
		const options = loggerOptions(server.deps.config, { level: "info" });
		if (!options) throw new Error("logging is off");
		return pino(options, { write });
	}

	it("replaces fields named like secrets, a few levels down, and keeps an error's kind but not its baggage", () => {
		const out: string[] = [];
		const log = logTo((line) => void out.push(line));
		const failure = Object.assign(new Error("rail refused"), {
			code: "ERR_BAD_RESPONSE",
			config: { headers: { Authorization: "Bearer abc.def.ghi-jkl" } },
			detail: "Failing row contains (4111111111111111)",
		});
		log.info(
			{ password: "hunter2-hunter2", settings: { token: "rail-token-value", nested: { cardNumber: "5500" } } },
			"saved",
		);
		log.error({ err: failure }, "call failed");
		const [saved, failed] = out.map((line) => JSON.parse(line));
		expect(saved).toMatchObject({
			password: "[REDACTED]",
			settings: { token: "[REDACTED]", nested: { cardNumber: "[REDACTED]" } },
		});
		expect(failed.err).toMatchObject({ type: "Error", message: "rail refused", code: "ERR_BAD_RESPONSE" });
		expect(failed.err.config).toBeUndefined();
		expect(failed.err.detail).toBeUndefined();
	});

	it("scrubs configured secrets, bearer and bot tokens and Luhn-valid card numbers from the written line", () => {
		const secrets = configuredSecrets(server.deps.config);
		expect(secrets).toContain(server.deps.config.tokenSecret);
		expect(secrets).toContain(METRICS_TOKEN);
		const botToken = server.deps.config.telegramBotToken as string;
		expect(secrets).toContain(botToken);
		const line = `{"msg":"failed: ${server.deps.config.tokenSecret} https://api.telegram.org/bot${botToken}/sendMessage Bearer ${"x".repeat(30)} card 4111111111111111 order 1796623268465 id 4111111111111112"}`;
		const scrubbed = scrubLine(line, secrets);
		expect(scrubbed).not.toContain(server.deps.config.tokenSecret);
		expect(scrubbed).not.toContain(botToken.split(":")[1]);
		expect(scrubbed).not.toContain("x".repeat(30));
		expect(scrubbed).toContain("card 411111…1111 ");
		// A millisecond timestamp and a number that fails the Luhn check are left alone.
		expect(scrubbed).toContain("order 1796623268465 ");
		expect(scrubbed).toContain("id 4111111111111112");
	});

	it("leaves the digits of a fraction alone, so the line stays JSON", () => {
		// 5.4111111111111111 ms: the fraction's digits pass the Luhn check and stand alone after the point.
		const line = '{"reqId":"r1","responseTime":5.4111111111111111,"msg":"request completed"}';
		expect(scrubLine(line, [])).toBe(line);
		expect(JSON.parse(scrubLine(line, []))).toMatchObject({ reqId: "r1", responseTime: expect.any(Number) });
		expect(scrubLine('{"took":4111111111111111.25}', [])).toBe('{"took":4111111111111111.25}');
	});

	it("keeps a URL's harmless query values and replaces the sensitive ones", () => {
		expect(loggableUrl("/app-api/order/list?pageNo=2&status=paid")).toBe("/app-api/order/list?pageNo=2&status=paid");
		expect(loggableUrl("/pay/return/wechat?code=0a1B2c&state=77")).toBe("/pay/return/wechat?code=[REDACTED]&state=77");
		expect(loggableUrl("/x?access%5Ftoken=abc&sign=zz")).toBe("/x?access%5Ftoken=[REDACTED]&sign=[REDACTED]");
	});
});
