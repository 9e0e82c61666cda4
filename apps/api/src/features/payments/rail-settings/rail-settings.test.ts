import { generateKeyPairSync, randomBytes } from "node:crypto";
import {
	type ApiEnvelope,
	ErrorCode,
	formatMessage,
	type MessageKey,
	type PaymentRailsView,
	type RailAuditPage,
	type RailConnectionResult,
} from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { gatewayFor } from "../registry.js";
import { warnOfExpiringRailTokens } from "./service.js";
import { openRailSettings } from "./store.js";

/**
 * The platform operator sets up the payment rails (issue 29 part 6) over HTTP on the real server:
 * only operators read or change them; secrets are never answered nor logged, an empty one keeps
 * what is stored; keys are read for real and a bad one changes nothing; every action is on the
 * audit log; the Bakong token's expiry is warned of; the payments see a saved rail at once.
 */

let server: TestServer;
let operator: { accessToken: string; userId: number };
let customer: { accessToken: string; userId: number };
const logLines: string[] = [];
/** Every answer's text, to look for secrets in. */
const answers: string[] = [];

function rsa(bits = 2048) {
	const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: bits });
	return {
		privatePem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
		publicPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
	};
}
/** A PEM's base64 body without its lines: what Alipay's key tool gives. */
const bareBase64 = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");

const merchantKey = rsa();
const platformKey = rsa();
const alipayAppKey = rsa();
const alipayKey = rsa();
const secrets = {
	apiV3Key: randomBytes(16).toString("hex"),
	appSecret: `secret${randomBytes(12).toString("hex")}`,
	token: `bakong.${randomBytes(40).toString("base64url")}`,
};

function wechat(overrides: Record<string, unknown> = {}) {
	return {
		appId: "wx8888888888888888",
		mchId: "1900000109",
		certSerial: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1",
		privateKey: merchantKey.privatePem,
		apiV3Key: secrets.apiV3Key,
		platformPublicKey: platformKey.publicPem,
		platformPublicKeyId: "PUB_KEY_ID_0114232134912410000000000000",
		appSecret: secrets.appSecret,
		h5Enabled: true,
		...overrides,
	};
}

function khqr(expiresAt: Date, overrides: Record<string, unknown> = {}) {
	return {
		bakongAccountId: "bayon@aclb",
		merchantName: "Bayon Demo",
		merchantCity: "Phnom Penh",
		token: secrets.token,
		tokenExpiresAt: expiresAt.toISOString(),
		environment: "sit",
		...overrides,
	};
}

/** Every secret's text, and distinctive slices of each key's body (a key may be answered re-wrapped). */
function secretNeedles(): string[] {
	const keyBodies = [merchantKey.privatePem, platformKey.publicPem, alipayAppKey.privatePem, alipayKey.publicPem].map(
		bareBase64,
	);
	return [
		...Object.values(secrets),
		...keyBodies.flatMap((body) => [body.slice(40, 80), body.slice(-120, -80)]),
		merchantKey.privatePem.split("\n")[5] ?? "",
	];
}

async function call<T>(method: "GET" | "POST", path: string, token: string, body?: unknown, lang = "en") {
	const answer = await server.call<T>(method, path, { token, lang, ...(body === undefined ? {} : { body }) });
	answers.push(JSON.stringify(answer));
	return answer;
}
const save = (body: unknown, lang = "en", token = operator.accessToken) =>
	call<PaymentRailsView>("POST", "/app-api/platform/payment-rails/save", token, body, lang);
const rails = (token = operator.accessToken) => call<PaymentRailsView>("GET", "/app-api/platform/payment-rails", token);
const act = <T = PaymentRailsView>(action: string, rail: string, token = operator.accessToken, lang = "en") =>
	call<T>("POST", `/app-api/platform/payment-rails/${action}`, token, { rail }, lang);
const auditOf = async (rail: string) =>
	(await call<RailAuditPage>("GET", `/app-api/platform/payment-rails/audit?rail=${rail}`, operator.accessToken)).data
		.entries;

async function storedRow(rail: "wechat" | "alipay" | "khqr") {
	return server.deps.db
		.selectFrom("payment_rail_settings")
		.selectAll()
		.where("tenant_id", "=", 1)
		.where("rail", "=", rail)
		.executeTakeFirst();
}

function expectFieldProblem(answer: ApiEnvelope<unknown>, field: string, rule: MessageKey, lang = "en") {
	expect(answer.code).toBe(ErrorCode.BadRequest);
	const issues = (answer.data as { issues: Array<{ field: string; rule: string; message: string }> }).issues;
	expect(issues[0]).toMatchObject({ field, rule, message: formatMessage(rule, lang, { field }) });
	expect(answer.msg).toBe(formatMessage(rule, lang, { field }));
}

beforeAll(async () => {
	server = await startTestServer({
		logger: { level: "trace", stream: { write: (line: string) => logLines.push(line) } },
		// A rail built into this server tests its connection against a port nobody listens on.
		configure: (config) => {
			for (const key of Object.keys(config.railEndpoints) as (keyof typeof config.railEndpoints)[])
				config.railEndpoints[key] = "http://127.0.0.1:9";
		},
	});
	operator = await server.signIn("13900000031");
	await server.deps.db.insertInto("platform_operator").values({ tenant_id: 1, member_id: operator.userId }).execute();
	customer = await server.signIn("13900000032");
});
afterAll(async () => {
	await server?.close();
});

describe("who may", () => {
	it("lets only platform operators read, change, test or see the log", async () => {
		const calls: Array<[string, () => Promise<ApiEnvelope<unknown>>]> = [
			["list", () => rails(customer.accessToken)],
			["save", () => save({ rail: "wechat", settings: wechat() }, "en", customer.accessToken)],
			["enable", () => act("enable", "wechat", customer.accessToken)],
			["disable", () => act("disable", "wechat", customer.accessToken)],
			["remove", () => act("remove", "wechat", customer.accessToken)],
			["test", () => act("test", "wechat", customer.accessToken)],
			["audit", () => call("GET", "/app-api/platform/payment-rails/audit", customer.accessToken)],
		];
		for (const [name, run] of calls) expect((await run()).code, name).toBe(ErrorCode.NotPlatformOperator);
		expect(await storedRow("wechat")).toBeUndefined();
		const anonymous = await server.call("GET", "/app-api/platform/payment-rails");
		expect(anonymous.code).toBe(ErrorCode.Unauthorized);
	});
});

describe("saving", () => {
	it("lists every rail as not set up at first", async () => {
		const answer = await rails();
		expect(answer.code).toBe(0);
		expect(answer.data.rails.map((r) => [r.rail, r.state])).toEqual([
			["wechat", "notSetUp"],
			["alipay", "notSetUp"],
			["khqr", "notSetUp"],
		]);
	});

	it("asks for every secret on the first save, and stores nothing", async () => {
		const answer = await save({ rail: "wechat", settings: wechat({ apiV3Key: "" }) }, "zh-CN");
		expectFieldProblem(answer, "settings.apiV3Key", "railSecretMissing", "zh-CN");
		expect(await storedRow("wechat")).toBeUndefined();
	});

	it("stores a rail sealed, switched on, and answers its summary only", async () => {
		const answer = await save({ rail: "wechat", settings: wechat() });
		expect(answer.code).toBe(0);
		const view = answer.data.rails.find((r) => r.rail === "wechat");
		expect(view).toMatchObject({ state: "on", updatedBy: expect.any(String), warning: null });
		expect(view?.summary).toMatchObject({
			appId: "wx8888888888888888",
			mchId: "1900000109",
			platformPublicKeyId: "PUB_KEY_ID_0114232134912410000000000000",
			h5Enabled: "true",
			apiV3Key: secrets.apiV3Key.slice(-4),
			appSecret: secrets.appSecret.slice(-4),
			privateKey: expect.stringMatching(/^[0-9a-f]{4}$/),
			platformPublicKey: expect.stringMatching(/^[0-9a-f]{4}$/),
		});
		const row = await storedRow("wechat");
		expect(row?.enabled).toBe(true);
		for (const needle of secretNeedles()) expect(row?.sealed).not.toContain(needle);
		const opened = openRailSettings(server.deps.config, 1, "wechat", row?.sealed ?? "");
		expect(opened.apiV3Key).toBe(secrets.apiV3Key);
		expect(opened.privateKey.trim()).toBe(merchantKey.privatePem.trim());
	});

	it("keeps the stored secrets when they are left empty, and logs which fields changed", async () => {
		const before = await storedRow("wechat");
		const answer = await save({
			rail: "wechat",
			settings: wechat({ mchId: "1900000110", privateKey: "", apiV3Key: "", platformPublicKey: "", appSecret: "" }),
		});
		expect(answer.code).toBe(0);
		const opened = openRailSettings(server.deps.config, 1, "wechat", (await storedRow("wechat"))?.sealed ?? "");
		expect(opened).toMatchObject({ mchId: "1900000110", apiV3Key: secrets.apiV3Key, appSecret: secrets.appSecret });
		expect(opened.privateKey).toBe(openRailSettings(server.deps.config, 1, "wechat", before?.sealed ?? "").privateKey);
		const [last] = await auditOf("wechat");
		expect(last).toMatchObject({ action: "saved", fields: ["mchId"], by: expect.any(String) });
	});

	const refusals: Array<[string, Record<string, unknown>, string, MessageKey]> = [
		[
			"a private key that is not a key",
			{ privateKey: "-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----" },
			"settings.privateKey",
			"railPrivateKeyInvalid",
		],
		["a private key of 1024 bits", { privateKey: rsa(1024).privatePem }, "settings.privateKey", "railKeyNotRsa2048"],
		[
			"a public key that is not base64",
			{ platformPublicKey: "hello, I am not a key" },
			"settings.platformPublicKey",
			"railPublicKeyInvalid",
		],
		[
			"a private key where the provider's public key goes",
			{ platformPublicKey: platformKey.privatePem },
			"settings.platformPublicKey",
			"railPrivateKeyGiven",
		],
		[
			"the merchant's own public key as the provider's",
			{ platformPublicKey: merchantKey.publicPem },
			"settings.platformPublicKey",
			"railPublicKeyIsOwn",
		],
		[
			"an APIv3 key of 31 characters",
			{ apiV3Key: secrets.apiV3Key.slice(1) },
			"settings.apiV3Key",
			"railApiV3KeyLength",
		],
	];
	for (const [what, change, field, rule] of refusals) {
		it(`refuses ${what} with the field's message, changing nothing`, async () => {
			const before = await storedRow("wechat");
			const auditBefore = (await auditOf("wechat")).length;
			for (const lang of ["zh-CN", "en", "km"]) {
				const answer = await save({ rail: "wechat", settings: wechat(change) }, lang);
				expectFieldProblem(answer, field, rule, lang);
			}
			expect(await storedRow("wechat")).toEqual(before);
			expect(await auditOf("wechat")).toHaveLength(auditBefore);
		});
	}

	it("takes Alipay's keys as the bare base64 its key tool gives", async () => {
		const answer = await save({
			rail: "alipay",
			settings: {
				appId: "2021000000000000",
				appPrivateKey: bareBase64(alipayAppKey.privatePem),
				alipayPublicKey: bareBase64(alipayKey.publicPem),
				sellerId: "2088000000000000",
				environment: "sandbox",
			},
		});
		expect(answer.code).toBe(0);
		const opened = openRailSettings(server.deps.config, 1, "alipay", (await storedRow("alipay"))?.sealed ?? "");
		expect(opened.alipayPublicKey.trim()).toBe(alipayKey.publicPem.trim());
		expect(answer.data.rails.find((r) => r.rail === "alipay")?.summary).toMatchObject({
			appId: "2021000000000000",
			environment: "sandbox",
		});
	});
});

describe("switching, removing and testing", () => {
	it("switches a rail off and on, each on the log; a rail not set up is refused", async () => {
		const off = await act("disable", "wechat");
		expect(off.data.rails.find((r) => r.rail === "wechat")?.state).toBe("off");
		expect((await storedRow("wechat"))?.enabled).toBe(false);
		// Saving a rail that is off keeps it off.
		await save({
			rail: "wechat",
			settings: wechat({ privateKey: "", apiV3Key: "", platformPublicKey: "", appSecret: "" }),
		});
		expect((await storedRow("wechat"))?.enabled).toBe(false);
		const on = await act("enable", "wechat");
		expect(on.data.rails.find((r) => r.rail === "wechat")?.state).toBe("on");
		const actions = (await auditOf("wechat")).slice(0, 3).map((entry) => [entry.action, entry.fields]);
		expect(actions).toEqual([
			["enabled", []],
			["saved", ["mchId"]],
			["disabled", []],
		]);
		const refused = await act("enable", "khqr", operator.accessToken, "km");
		expect(refused).toMatchObject({ code: ErrorCode.RailNotSetUp, msg: formatMessage("railNotSetUp", "km") });
	});

	it("tests the connection and says the outcome in the operator's language, on the log", async () => {
		// Every rail's host is a port nobody listens on (beforeAll): WeChat Pay cannot be reached.
		const expected = "unreachable";
		for (const lang of ["zh-CN", "km"]) {
			const answer = await act<RailConnectionResult>("test", "wechat", operator.accessToken, lang);
			expect(answer.code).toBe(0);
			expect(answer.data).toMatchObject({
				ok: false,
				problem: expected,
				message: formatMessage("railTestUnreachable", lang),
			});
		}
		const [last] = await auditOf("wechat");
		expect(last).toMatchObject({ action: "tested", outcome: expected, fields: [] });
		expect((await act("test", "khqr")).code).toBe(ErrorCode.RailNotSetUp);
	});

	it("removes a rail's settings, keeping its log", async () => {
		const answer = await act("remove", "alipay");
		expect(answer.data.rails.find((r) => r.rail === "alipay")?.state).toBe("notSetUp");
		expect(await storedRow("alipay")).toBeUndefined();
		expect((await auditOf("alipay")).map((entry) => entry.action)).toEqual(["removed", "saved"]);
		expect((await act("remove", "alipay")).code).toBe(ErrorCode.RailNotSetUp);
	});
});

describe("the Bakong token's expiry", () => {
	const DAY = 24 * 60 * 60 * 1000;

	it("is warned of on the page within a week, and once it has passed", async () => {
		const now = server.clock.now().getTime();
		const cases: Array<[number, unknown]> = [
			[10 * DAY, null],
			[3 * DAY - 60_000, { kind: "tokenExpiresSoon", days: 3 }],
			[-DAY, { kind: "tokenExpired", days: 0 }],
		];
		for (const [offset, warning] of cases) {
			const saved = await save({ rail: "khqr", settings: khqr(new Date(now + offset), { token: "" }) });
			if (saved.code !== 0) {
				// The first save must give the token.
				expect(saved.code).toBe(ErrorCode.BadRequest);
				expect((await save({ rail: "khqr", settings: khqr(new Date(now + offset)) })).code).toBe(0);
			}
			const view = (await rails()).data.rails.find((r) => r.rail === "khqr");
			expect(view?.summary).toMatchObject({ bakongAccountId: "bayon@aclb", token: secrets.token.slice(-4) });
			if (warning === null) expect(view?.warning).toBeNull();
			else expect(view?.warning).toMatchObject(warning as object);
		}
	});

	it("is logged as a warning once a day by the job", async () => {
		await save({ rail: "khqr", settings: khqr(new Date(server.clock.now().getTime() + 2 * DAY), { token: "" }) });
		const warningsLogged = () =>
			logLines.filter((line) => line.includes("the Bakong token expires within a week")).length;
		const before = warningsLogged();
		expect(await warnOfExpiringRailTokens(server.deps)).toBe(1);
		expect(await warnOfExpiringRailTokens(server.deps)).toBe(0);
		server.clock.advance(24 * 60 * 60);
		expect(await warnOfExpiringRailTokens(server.deps)).toBe(1);
		expect(warningsLogged()).toBe(before + 2);
		// Switched off, it is not the payments' concern any more (the operator signs in again: a day went by).
		operator = await server.signIn("13900000031");
		expect((await act("disable", "khqr")).code).toBe(0);
		server.clock.advance(24 * 60 * 60);
		expect(await warnOfExpiringRailTokens(server.deps)).toBe(0);
		operator = await server.signIn("13900000031");
		expect((await act("enable", "khqr")).code).toBe(0);
	});
});

describe("the payments see it", () => {
	it("offers a saved rail's gateway for its tenant, and none once it is switched off", async () => {
		// It really calls Bakong for the test: here a port nobody listens on.
		const tested = await act<RailConnectionResult>("test", "khqr", operator.accessToken, "km");
		expect(tested.data).toMatchObject({
			ok: false,
			problem: "unreachable",
			message: formatMessage("railTestUnreachable", "km"),
		});
		expect(await gatewayFor(server.deps, 1, "khqr")).toBeDefined();
		await act("disable", "khqr");
		expect(await gatewayFor(server.deps, 1, "khqr")).toBeUndefined();
		await act("enable", "khqr");
		const before = await gatewayFor(server.deps, 1, "khqr");
		expect(before).toBeDefined();
		// A save is used by the next payment at once (a new gateway), a removal leaves none.
		const expiry = new Date(server.clock.now().getTime() + 30 * 24 * 60 * 60 * 1000);
		expect((await save({ rail: "khqr", settings: khqr(expiry, { token: "", merchantName: "Bayon Two" }) })).code).toBe(
			0,
		);
		const after = await gatewayFor(server.deps, 1, "khqr");
		expect(after).toBeDefined();
		expect(after).not.toBe(before);
		await act("remove", "khqr");
		expect(await gatewayFor(server.deps, 1, "khqr")).toBeUndefined();
	});
});

describe("settings the server's key no longer opens", () => {
	it("asks for every secret again, changing nothing until they are all given", async () => {
		// The server's RAIL_SECRETS_KEY was changed: what is stored no longer opens.
		server.deps.config.railSecretsKey = randomBytes(32);
		const before = await storedRow("wechat");
		const keep = { privateKey: "", apiV3Key: "", platformPublicKey: "", appSecret: "" };
		const refused = await save({ rail: "wechat", settings: wechat(keep) }, "km");
		expect(refused).toMatchObject({
			code: ErrorCode.RailSettingsUnreadable,
			msg: formatMessage("railSettingsUnreadable", "km"),
		});
		expect(await storedRow("wechat")).toEqual(before);
		expect((await save({ rail: "wechat", settings: wechat() })).code).toBe(0);
		const opened = openRailSettings(server.deps.config, 1, "wechat", (await storedRow("wechat"))?.sealed ?? "");
		expect(opened.apiV3Key).toBe(secrets.apiV3Key);
	});
});

describe("secrets", () => {
	it("were never answered nor logged", () => {
		expect(answers.length).toBeGreaterThan(30);
		const log = logLines.join("\n");
		expect(log).toContain("payment rail settings saved by an operator");
		expect(log).toContain("payment rail connection tested by an operator");
		for (const needle of secretNeedles()) {
			expect(needle.length).toBeGreaterThan(8);
			for (const answer of answers) expect(answer).not.toContain(needle);
			expect(log).not.toContain(needle);
		}
	});
});
