import { generateKeyPairSync } from "node:crypto";
import { formatMessage } from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alipaySettingsOf } from "../../../../../test/alipay.js";
import { type FakeAlipay, startFakeAlipay } from "../../../../../test/fakes/alipay.js";
import { startTestServer, type TestServer } from "../../../../../test/harness.js";

/**
 * The operator's "test the connection" for Alipay (POST /platform/payment-rails/test) over HTTP,
 * against the fake Alipay gateway: the saved keys work, or what is wrong, in the operator's words.
 */

let server: TestServer;
let fake: FakeAlipay;
let operator: { accessToken: string; userId: number };

beforeAll(async () => {
	fake = await startFakeAlipay();
	server = await startTestServer({
		configure: (config) => {
			config.railEndpoints.alipayGateway = fake.url;
		},
	});
	operator = await server.signIn("13900000031");
	await server.deps.db.insertInto("platform_operator").values({ tenant_id: 1, member_id: operator.userId }).execute();
});
afterAll(async () => {
	await server?.close();
	await fake?.close();
});

type TestAnswer = { ok: boolean; problem?: string; message: string; detail?: string | null };

async function saveAndTest(change: Parameters<typeof alipaySettingsOf>[1], lang: string) {
	const saved = await server.call("POST", "/app-api/platform/payment-rails/save", {
		token: operator.accessToken,
		lang,
		body: { rail: "alipay", settings: alipaySettingsOf(fake, change) },
	});
	expect(saved.code, saved.msg).toBe(0);
	const tested = await server.call<TestAnswer>("POST", "/app-api/platform/payment-rails/test", {
		token: operator.accessToken,
		lang,
		body: { rail: "alipay" },
	});
	expect(tested.code, tested.msg).toBe(0);
	return tested.data;
}

const otherKeys = () => generateKeyPairSync("rsa", { modulusLength: 2048 });

describe("testing Alipay's connection", () => {
	it("says the keys work, or which one does not, in the operator's language", async () => {
		expect(await saveAndTest({}, "zh-CN")).toMatchObject({ ok: true, message: formatMessage("railTestOk", "zh-CN") });
		expect(fake.calls.at(-1)).toMatchObject({ method: "alipay.trade.query", signed: true });

		const ourKeyWrong = await saveAndTest(
			{ appPrivateKey: otherKeys().privateKey.export({ format: "pem", type: "pkcs8" }).toString() },
			"km",
		);
		expect(ourKeyWrong).toMatchObject({
			ok: false,
			problem: "signature",
			message: formatMessage("railTestSignature", "km"),
		});

		const theirKeyWrong = await saveAndTest(
			{
				appPrivateKey: fake.appPrivateKeyPem,
				alipayPublicKey: otherKeys().publicKey.export({ format: "pem", type: "spki" }).toString(),
			},
			"en",
		);
		expect(theirKeyWrong).toMatchObject({ ok: false, problem: "signature" });
		expect(theirKeyWrong.detail).toContain("Alipay public key");

		const otherApp = await saveAndTest({ alipayPublicKey: fake.alipayPublicKeyPem, appId: "2021000199999999" }, "en");
		expect(otherApp).toMatchObject({
			ok: false,
			problem: "credentials",
			message: formatMessage("railTestCredentials", "en"),
		});

		fake.apiFault = { kind: "http502" };
		const down = await saveAndTest({ appId: fake.appId }, "zh-CN");
		fake.apiFault = null;
		expect(down).toMatchObject({
			ok: false,
			problem: "unreachable",
			message: formatMessage("railTestUnreachable", "zh-CN"),
		});
	});
});
