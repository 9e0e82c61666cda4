import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../test/harness.js";
import { telegramMember } from "../../../../test/telegram-members.js";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(async () => {
	await server?.close();
});

describe("a Telegram sign-in opens the member's chat for the bot", () => {
	it("records the private chat and the app's language when the user lets the bot write", async () => {
		const member = await telegramMember(server, { mobile: "13900001501", lang: "en" });
		const chat = await server.deps.db
			.selectFrom("bot_chat")
			.selectAll()
			.where("chat_id", "=", member.telegramUserId)
			.executeTakeFirst();
		expect(chat).toMatchObject({ kind: "private", blocked_at: null });
		const settings = await server.deps.db
			.selectFrom("member_notice_settings")
			.selectAll()
			.where("member_id", "=", member.userId)
			.executeTakeFirstOrThrow();
		expect(settings).toMatchObject({ language: "en", muted: [] });
	});

	it("opens no chat when the user did not let the bot write to them", async () => {
		const member = await telegramMember(server, { mobile: "13900001502", allowsWriteToPm: false });
		const chat = await server.deps.db
			.selectFrom("bot_chat")
			.select("chat_id")
			.where("chat_id", "=", member.telegramUserId)
			.executeTakeFirst();
		expect(chat).toBeUndefined();
	});
});
