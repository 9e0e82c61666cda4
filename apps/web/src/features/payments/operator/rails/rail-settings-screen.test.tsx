import { ErrorCode, type PaymentRailsView, type PaymentRailView, type SaveRailSettingsInput } from "@bayon/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Paths } from "../../../../lib/paths";
import { currentToast } from "../../../../lib/toast";
import { testMember } from "../../../../test/member-fixtures";
import { renderScreen } from "../../../../test/render";
import { PlatformGuard } from "../../../merchant-wallet/platform/platform-guard";
import { operator, platformServer, startAs } from "../../../merchant-wallet/platform/platform-testing";
import RailSettingsScreen from "./rail-settings-screen";

const RAILS = "/platform/payment-rails";
const SAVE = "/platform/payment-rails/save";
const TEST = "/platform/payment-rails/test";

const notSetUp = (rail: PaymentRailView["rail"]): PaymentRailView => ({
	rail,
	state: "notSetUp",
	summary: {},
	updatedAt: null,
	updatedBy: null,
	warning: null,
});

const wechatOn: PaymentRailView = {
	rail: "wechat",
	state: "on",
	summary: {
		appId: "wx8888888888888888",
		mchId: "1900000109",
		certSerial: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1",
		privateKey: "9f3c",
		apiV3Key: "a1b2",
		platformPublicKey: "07de",
		platformPublicKeyId: "PUB_KEY_ID_0114232134912410000000000000",
		appSecret: "7f7f",
		h5Enabled: "true",
	},
	updatedAt: "2026-12-06T03:00:00.000Z",
	updatedBy: "Vanna",
	warning: null,
};

const view = (...rails: PaymentRailView[]): PaymentRailsView => ({
	rails: (["wechat", "alipay", "khqr"] as const).map((name) => rails.find((r) => r.rail === name) ?? notSetUp(name)),
});

/** As router.tsx shows it: behind the platform guard. */
const GuardedScreen = () => <PlatformGuard>{() => <RailSettingsScreen />}</PlatformGuard>;

beforeEach(() => startAs(operator));
afterEach(() => vi.unstubAllGlobals());

async function open() {
	renderScreen(<GuardedScreen />, { path: Paths.platformPaymentRails });
	return screen.findByTestId("payment-rails");
}
const card = (rail: string) => screen.getByTestId(`rail-${rail}`);
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.input(input(testId), { target: { value } });

describe("the payment rails page", () => {
	it("is refused to a member who is not an operator, and asks nothing", async () => {
		const member = testMember();
		await startAs(member);
		const server = platformServer(member, { [RAILS]: { code: 0, data: view() } });
		renderScreen(<GuardedScreen />, { path: Paths.platformPaymentRails });
		await screen.findByTestId("platform-only");
		expect(server.to(RAILS)).toEqual([]);
	});

	it("shows a stored rail's ids as they are and its secrets only by their last four", async () => {
		platformServer(operator, { [RAILS]: { code: 0, data: view(wechatOn) } });
		await open();
		expect(screen.getByTestId("rail-wechat-state").textContent).toBe("On");
		expect(screen.getByTestId("rail-alipay-state").textContent).toBe("Not set up");
		expect(input("rail-wechat-mchId").value).toBe("1900000109");
		expect(screen.getByTestId("rail-wechat-apiV3Key-stored").textContent).toContain("Stored •••• a1b2");
		expect(screen.getByTestId("rail-wechat-privateKey-stored").textContent).toContain("•••• 9f3c");
		expect(screen.queryByTestId("rail-wechat-apiV3Key")).toBeNull();
		expect(screen.getByTestId("rail-wechat-updated").textContent).toContain("Vanna");
		// A rail not set up asks for its secrets at once, and has nothing to test or switch.
		expect(input("rail-alipay-appPrivateKey").value).toBe("");
		expect(within(card("alipay")).queryByTestId("rail-alipay-test")).toBeNull();
		expect(within(card("alipay")).queryByTestId("rail-alipay-switch")).toBeNull();
	});

	it("sends the secrets left alone as empty (kept), a replaced one as typed, and says it is saved", async () => {
		let current = view(wechatOn);
		const server = platformServer(operator, {
			[`GET ${RAILS}`]: () => ({ code: 0, data: current }),
			[`POST ${SAVE}`]: (call) => {
				const body = call.body as SaveRailSettingsInput;
				current = view({
					...wechatOn,
					summary: {
						...wechatOn.summary,
						mchId: String((body.settings as Record<string, unknown>).mchId),
						apiV3Key: "zzzz",
					},
					updatedAt: "2026-12-06T04:00:00.000Z",
				});
				return { code: 0, data: current };
			},
		});
		await open();
		type("rail-wechat-mchId", " 1900000110 ");
		fireEvent.click(screen.getByTestId("rail-wechat-apiV3Key-replace"));
		type("rail-wechat-apiV3Key", "0123456789abcdef0123456789abcdef");
		fireEvent.click(screen.getByTestId("rail-wechat-save"));
		await waitFor(() => expect(currentToast()?.text).toBe("WeChat Pay settings saved"));
		expect(server.to(SAVE, "POST").map((call) => call.body)).toEqual([
			{
				rail: "wechat",
				settings: {
					appId: "wx8888888888888888",
					mchId: "1900000110",
					certSerial: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1",
					privateKey: "",
					apiV3Key: "0123456789abcdef0123456789abcdef",
					platformPublicKey: "",
					platformPublicKeyId: "PUB_KEY_ID_0114232134912410000000000000",
					appSecret: "",
					h5Enabled: true,
				},
			},
		]);
		// The answer is shown: the new last four, the secret boxed again.
		expect((await screen.findByTestId("rail-wechat-apiV3Key-stored")).textContent).toContain("•••• zzzz");
	});

	it("switches a rail off without losing what is being typed", async () => {
		const server = platformServer(operator, {
			[`GET ${RAILS}`]: { code: 0, data: view(wechatOn) },
			[`POST ${RAILS}/disable`]: {
				code: 0,
				data: view({ ...wechatOn, state: "off", updatedAt: "2026-12-06T05:00:00.000Z" }),
			},
		});
		await open();
		type("rail-wechat-mchId", "1900000111");
		fireEvent.click(screen.getByTestId("rail-wechat-switch"));
		await waitFor(() => expect(screen.getByTestId("rail-wechat-state").textContent).toBe("Off"));
		expect(currentToast()?.text).toBe("WeChat Pay is off: customers cannot pay with it for now");
		expect(input("rail-wechat-mchId").value).toBe("1900000111");
		expect(server.to(`${RAILS}/disable`, "POST").map((call) => call.body)).toEqual([{ rail: "wechat" }]);
	});

	it("puts the server's refusal under its field, the field named by its label", async () => {
		platformServer(operator, {
			[`GET ${RAILS}`]: { code: 0, data: view() },
			[`POST ${SAVE}`]: {
				code: ErrorCode.BadRequest,
				msg: "This private key cannot be read",
				data: {
					issues: [{ field: "settings.appPrivateKey", rule: "railPrivateKeyInvalid", message: "x" }],
				},
			},
		});
		await open();
		type("rail-alipay-appPrivateKey", "not a key");
		fireEvent.click(screen.getByTestId("rail-alipay-save"));
		expect((await screen.findByTestId("rail-alipay-appPrivateKey-error")).textContent).toMatch(
			/^This private key cannot be read: paste the whole key file/,
		);
		// Typing again clears it.
		type("rail-alipay-appPrivateKey", "another");
		expect(screen.queryByTestId("rail-alipay-appPrivateKey-error")).toBeNull();
	});

	it("tests the connection and shows the outcome in the operator's words", async () => {
		const server = platformServer(operator, {
			[`GET ${RAILS}`]: { code: 0, data: view(wechatOn) },
			[`POST ${TEST}`]: {
				code: 0,
				data: { ok: false, problem: "signature", message: "The signature check failed", detail: "SIGN_ERROR" },
			},
		});
		await open();
		fireEvent.click(screen.getByTestId("rail-wechat-test"));
		const result = await screen.findByTestId("rail-wechat-test-result");
		expect(result.textContent).toContain("The signature check failed");
		expect(result.textContent).toContain("The provider's own words: SIGN_ERROR");
		expect(server.to(TEST, "POST").map((call) => call.body)).toEqual([{ rail: "wechat" }]);
	});

	it("warns of the Bakong token's expiry", async () => {
		platformServer(operator, {
			[RAILS]: {
				code: 0,
				data: view({
					...notSetUp("khqr"),
					state: "on",
					summary: { bakongAccountId: "bayon@aclb", token: "x9x9", tokenExpiresAt: "2026-12-09T00:00:00.000Z" },
					updatedAt: "2026-12-06T03:00:00.000Z",
					warning: { kind: "tokenExpiresSoon", expiresAt: "2026-12-09T00:00:00.000Z", days: 3 },
				}),
			},
		});
		await open();
		expect(screen.getByTestId("rail-khqr-warning").textContent).toMatch(/^The Bakong token expires in 3 days/);
	});
});
