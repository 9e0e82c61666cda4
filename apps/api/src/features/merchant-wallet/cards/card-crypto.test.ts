import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cardNumberHmac, decryptCardNumber, encryptCardNumber } from "./card-crypto.js";

const configured = { bankCardKey: randomBytes(32), tokenSecret: "t".repeat(40) };
const derived = { bankCardKey: undefined, tokenSecret: "t".repeat(40) };
const NUMBER = "6222020200112233445";

describe("bank card numbers at rest", () => {
	it("decrypts what it encrypted, under a configured key and under one derived from the token secret", () => {
		expect(decryptCardNumber(configured, encryptCardNumber(configured, NUMBER))).toBe(NUMBER);
		expect(decryptCardNumber(derived, encryptCardNumber(derived, NUMBER))).toBe(NUMBER);
	});

	it("never stores the digits, and encrypts the same number differently each time", () => {
		const first = encryptCardNumber(configured, NUMBER);
		const second = encryptCardNumber(configured, NUMBER);

		expect(first).not.toContain(NUMBER);
		expect(first).not.toContain(NUMBER.slice(-8));
		expect(first).not.toBe(second);
		expect(first).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
	});

	it("refuses a changed text or another key", () => {
		const stored = encryptCardNumber(configured, NUMBER);
		const flipped = `${stored.slice(0, -2)}${stored.at(-2) === "A" ? "B" : "A"}${stored.at(-1)}`;

		expect(() => decryptCardNumber(configured, flipped)).toThrow();
		expect(() => decryptCardNumber({ ...configured, bankCardKey: randomBytes(32) }, stored)).toThrow();
		expect(() => decryptCardNumber(derived, stored)).toThrow();
		expect(() => decryptCardNumber(configured, "plain 6222020200112233445")).toThrow();
	});

	it("hashes the same card alike under one key and differently under another", () => {
		expect(cardNumberHmac(configured, NUMBER)).toBe(cardNumberHmac(configured, NUMBER));
		expect(cardNumberHmac(configured, NUMBER)).not.toBe(cardNumberHmac(configured, "6222020200112233446"));
		expect(cardNumberHmac(configured, NUMBER)).not.toBe(cardNumberHmac(derived, NUMBER));
		expect(cardNumberHmac(configured, NUMBER)).toMatch(/^[0-9a-f]{64}$/);
	});
});
