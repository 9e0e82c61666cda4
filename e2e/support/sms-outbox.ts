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

/** The newest code the server "texted" to `mobile` after `since` (waits for it to arrive). */
export async function waitForSmsCode(mobile: string, since: number): Promise<string> {
	const deadline = Date.now() + 10_000;
	while (Date.now() < deadline) {
		const message = readOutbox()
			.filter((line) => line.mobile === mobile && Date.parse(line.sentAt) >= since - 1000)
			.at(-1);
		if (message) return message.code;
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	throw new Error(`No SMS code for ${mobile} in the outbox`);
}

/** A phone number no other test uses (the server limits codes per number). */
export function uniqueMobile(): string {
	return `139${String(Date.now() % 100_000_000).padStart(8, "0")}`;
}
