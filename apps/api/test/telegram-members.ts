import { sign } from "@telegram-apps/init-data-node";
import { TEST_BOT_TOKEN, type TestServer } from "./harness.js";

let nextTelegramUserId = 7_100_000_000;

/** A fresh Telegram user id (above 2^32, as real ones can be). */
export function newTelegramUserId(): number {
	return nextTelegramUserId++;
}

/** initData exactly as Telegram hands it to the Mini App, signed with the test bot token. */
export function telegramInitData(
	server: TestServer,
	user: { id: number; languageCode?: string; allowsWriteToPm?: boolean; firstName?: string },
): string {
	return sign(
		{
			query_id: "AAHdF6IQAAAAAN0XohDhrOrc",
			user: {
				id: user.id,
				first_name: user.firstName ?? "Sokha",
				last_name: "Chan",
				username: `u${user.id}`,
				language_code: user.languageCode ?? "km",
				allows_write_to_pm: user.allowsWriteToPm ?? true,
			},
		},
		TEST_BOT_TOKEN,
		server.clock.now(),
	);
}

/**
 * A member who signed in by SMS and then linked their Telegram account in the Mini App
 * (/api/v1/syncUser), in `lang`: what makes the bot write to them.
 */
export async function telegramMember(
	server: TestServer,
	args: { mobile: string; telegramUserId?: number; lang?: string; languageCode?: string; allowsWriteToPm?: boolean },
): Promise<{ accessToken: string; userId: number; telegramUserId: number }> {
	const session = await server.signIn(args.mobile);
	const telegramUserId = args.telegramUserId ?? newTelegramUserId();
	const initData = telegramInitData(server, {
		id: telegramUserId,
		...(args.languageCode ? { languageCode: args.languageCode } : {}),
		...(args.allowsWriteToPm === undefined ? {} : { allowsWriteToPm: args.allowsWriteToPm }),
	});
	const linked = await server.call("POST", "/api/v1/syncUser", {
		body: { initData },
		token: session.accessToken,
		...(args.lang ? { lang: args.lang } : {}),
	});
	if (linked.code !== 0) throw new Error(`syncUser failed: ${linked.code} ${linked.msg}`);
	return { accessToken: session.accessToken, userId: session.userId, telegramUserId };
}
