import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";

interface OutboxLine {
	mobile: string;
	code: string;
	scene: number;
	sentAt: string;
}

function readOutbox(): OutboxLine[] {
	const file = path.join(inject("dataDir"), "sms-outbox.jsonl");
	if (!existsSync(file)) return [];
	return readFileSync(file, "utf8")
		.split("\n")
		.filter((line) => line.trim())
		.map((line) => JSON.parse(line) as OutboxLine);
}

/**
 * How many codes the outbox holds for `mobile`: take it before asking for a code, then
 * `waitForSmsCode` waits for one after them. Counting, not comparing times, because the
 * server's clock may run hours ahead of this machine's (FAKE_NOW, see fixedClockStart), and a
 * time filter then also matches the code already used.
 */
export function smsCodesSent(mobile: string): number {
	return readOutbox().filter((line) => line.mobile === mobile).length;
}

/** The first code the server "texted" to `mobile` after the `sentBefore` it already had (waits for it). */
export async function waitForSmsCode(mobile: string, sentBefore: number, timeoutMs = 10_000): Promise<string> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const message = readOutbox().filter((line) => line.mobile === mobile)[sentBefore];
		if (message) return message.code;
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	throw new Error(`No new SMS code for ${mobile} in the outbox`);
}

/** A phone number no other test uses (the server limits codes per number). */
export function uniqueMobile(): string {
	return `139${String(Date.now() % 100_000_000).padStart(8, "0")}`;
}
