import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type ApiEnvelope, expandShopMenu, type OrderView, type ShopMenuWire } from "@bayon/contract";
import { afterAll, describe, expect, it } from "vitest";
import { type EmbeddedServer, startEmbeddedServer } from "../../test/embedded-server.js";

/**
 * The embedded server as `npm start` runs it (serve.mjs and its child, DATA_DIR, no DATABASE_URL):
 * a fresh folder is created (initdb in a child process, decision 025), migrated and seeded,
 * and an order it answered as paid is still paid after the process is killed with SIGKILL
 * (no shutdown, no checkpoint) and started again on the same folder.
 * About the embedded folder only: only the PGlite project collects it (its name, vitest.config.ts).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "bayon-embedded-restart-"));
const running: EmbeddedServer[] = [];

afterAll(async () => {
	for (const server of running) await server.kill("SIGKILL");
	rmSync(dataDir, { recursive: true, force: true });
});

describe("the embedded server's folder", () => {
	it("keeps an order answered as paid through a kill -9 and a restart", { timeout: 240_000 }, async () => {
		let server = await startEmbedded();
		const token = await signIn(server.url, "13800000003");
		const menu = await call<ShopMenuWire>(server.url, "GET", "/app-api/product/products?shopId=1");
		const item = expandShopMenu(menu.data)
			.categories.flatMap((category) => category.items)
			.find((candidate) => candidate.optionGroups.every((group) => group.minChoices === 0) && !candidate.soldOut);
		if (!item) throw new Error("no demo item without required choices");
		const placed = await call<OrderView>(server.url, "POST", "/app-api/order/create", {
			token,
			headers: { "idempotency-key": "embedded-restart-1" },
			body: { shopId: 1, orderType: "takein", lines: [{ itemId: item.id, quantity: 1, optionIds: [] }] },
		});
		expect(placed.code, placed.msg).toBe(0);
		const paid = await call(server.url, "POST", "/app-api/order/pay", {
			token,
			body: { orderId: placed.data.id, payMethod: "balance" },
		});
		expect(paid.code, paid.msg).toBe(0);

		// No SIGTERM: the process holding the folder gets no chance to close the database or
		// write anything more (serve.mjs then exits by the same signal).
		await server.kill("SIGKILL");
		server = await startEmbedded();
		const detail = await call<OrderView>(server.url, "GET", `/app-api/order/detail/${placed.data.id}`, { token });
		expect(detail.code, detail.msg).toBe(0);
		expect(detail.data.paymentStatus).toBe("paid");
		await server.kill("SIGTERM", "launcher");
	});

	it("stops the server when serve.mjs is killed with SIGKILL, and the folder opens again", {
		timeout: 240_000,
	}, async () => {
		const server = await startEmbedded();
		// Nothing can pass SIGKILL on: the server notices its parent is gone by itself. kill()
		// waits until the server's process is gone too, and fails after 30 s if it is not.
		await server.kill("SIGKILL", "launcher");
		const again = await startEmbedded();
		expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
		await again.kill("SIGTERM", "launcher");
	});
});

async function startEmbedded(): Promise<EmbeddedServer> {
	// Noon in Phnom Penh: the demo shop is open.
	const server = await startEmbeddedServer({ dataDir, env: { FAKE_NOW: "2026-11-20T05:00:00Z" } });
	running.push(server);
	return server;
}

async function call<T = unknown>(
	url: string,
	method: "GET" | "POST",
	urlPath: string,
	options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiEnvelope<T>> {
	const headers: Record<string, string> = { "tenant-id": "1", "x-lang": "en", ...options.headers };
	if (options.token) headers.authorization = `Bearer ${options.token}`;
	if (options.body !== undefined) headers["content-type"] = "application/json";
	const response = await fetch(`${url}${urlPath}`, {
		method,
		headers,
		body: options.body === undefined ? undefined : JSON.stringify(options.body),
	});
	return (await response.json()) as ApiEnvelope<T>;
}

async function signIn(url: string, mobile: string): Promise<string> {
	const sent = await call(url, "POST", "/app-api/member/auth/send-sms-code", { body: { mobile, scene: 1 } });
	expect(sent.code, sent.msg).toBe(0);
	const code = readFileSync(path.join(dataDir, "sms-outbox.jsonl"), "utf8")
		.trim()
		.split("\n")
		.map((line) => JSON.parse(line) as { mobile: string; code: string })
		.filter((message) => message.mobile === mobile)
		.at(-1)?.code;
	const login = await call<{ accessToken: string }>(url, "POST", "/app-api/member/auth/sms-login", {
		body: { mobile, code },
	});
	expect(login.code, login.msg).toBe(0);
	return login.data.accessToken;
}
