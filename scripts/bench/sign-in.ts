import { readFileSync } from "node:fs";
import path from "node:path";

/** Signs a member in through the API with the code the SMS outbox received; returns the access token. */
export async function signIn(url: string, dataDir: string, mobile: string): Promise<string> {
	const headers = { "content-type": "application/json", "tenant-id": "1" };
	await fetch(`${url}/app-api/member/auth/send-sms-code`, {
		method: "POST",
		headers,
		body: JSON.stringify({ mobile, scene: 1 }),
	});
	const lines = readFileSync(path.join(dataDir, "sms-outbox.jsonl"), "utf8").trim().split("\n");
	const code = lines
		.map((l) => JSON.parse(l) as { mobile: string; code: string })
		.filter((m) => m.mobile === mobile)
		.at(-1)?.code;
	const response = await fetch(`${url}/app-api/member/auth/sms-login`, {
		method: "POST",
		headers,
		body: JSON.stringify({ mobile, code }),
	});
	return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}
