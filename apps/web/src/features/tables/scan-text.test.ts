import { describe, expect, it } from "vitest";
import { extractTableToken } from "./scan-text";

const origin = "https://order.example.com";
const token = "t1-1-3-1.AbCdEfGhIjKlMnOpQrStUv";
const ours = `${origin}/pages/components/pages/scan/operate?token=${encodeURIComponent(token)}`;

describe("extractTableToken", () => {
	it("reads the token out of our own table URL", () => {
		expect(extractTableToken(ours, origin)).toBe(token);
		expect(extractTableToken(`  ${ours}\n`, origin)).toBe(token);
		expect(extractTableToken(`${origin}/pages/components/pages/scan/operate/?token=${token}&x=1`, origin)).toBe(token);
	});

	it("passes on a token it cannot vouch for: the server decides (tampered codes included)", () => {
		expect(extractTableToken(`${origin}/pages/components/pages/scan/operate?token=t1-1-3-1.forged`, origin)).toBe(
			"t1-1-3-1.forged",
		);
	});

	it("accepts a link relative to the app", () => {
		expect(extractTableToken(`/pages/components/pages/scan/operate?token=${token}`, origin)).toBe(token);
	});

	it("accepts a bare token", () => {
		expect(extractTableToken(token, origin)).toBe(token);
	});

	it("refuses another site, even with our path", () => {
		expect(extractTableToken(`https://evil.example/pages/components/pages/scan/operate?token=${token}`, origin)).toBe(
			null,
		);
		expect(
			extractTableToken(`http://order.example.com/pages/components/pages/scan/operate?token=${token}`, origin),
		).toBe(null);
		expect(extractTableToken(`//evil.example/pages/components/pages/scan/operate?token=${token}`, origin)).toBe(null);
	});

	it("refuses other pages of ours, links without a token, other schemes and free text", () => {
		expect(extractTableToken(`${origin}/pages/menu/menu?token=${token}`, origin)).toBe(null);
		expect(extractTableToken(`${origin}/pages/components/pages/scan/operate`, origin)).toBe(null);
		expect(extractTableToken(`${origin}/pages/components/pages/scan/operate?token=`, origin)).toBe(null);
		expect(extractTableToken(`javascript:alert(1)//${token}`, origin)).toBe(null);
		expect(extractTableToken("WIFI:S:Cafe;T:WPA;P:secret;;", origin)).toBe(null);
		expect(extractTableToken("hello", origin)).toBe(null);
		expect(extractTableToken("", origin)).toBe(null);
	});
});
