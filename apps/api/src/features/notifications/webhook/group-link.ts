import {
	BOT_GROUP_LINK_MINUTES,
	type CreateTelegramGroupLinkInput,
	ErrorCode,
	type ShopTelegramGroup,
	type TelegramGroupLink,
	type UnlinkTelegramGroupInput,
} from "@bayon/contract";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import { recordShopChange } from "../../shop-changes/record.js";
import { requireShopPermission } from "../../venues/staff/staff-access.js";
import { botUsernameOf } from "../outbox/settings.js";
import { hashGroupLinkToken, newGroupLinkToken } from "./group-link-token.js";

interface Caller {
	tenant: { id: number };
	lang: string;
	member: { id: number };
}

/** Who may link or unlink the shop's staff group: the owners, like the staff list. */
const GROUP_PERMISSION = "staff";

/** The owner pressed a button and waits: a Telegram that does not answer by then is reported. */
const BOT_NAME_FOR_LINK_WAIT_MS = 4000;

/** The shop's staff group as the owner's page shows it (decision 024). */
export async function shopTelegramGroup(deps: AppDeps, ctx: Caller, shopId: number): Promise<ShopTelegramGroup> {
	await requireShopPermission(deps, ctx, shopId, GROUP_PERMISSION);
	const [group, botUsername] = await Promise.all([
		deps.db
			.selectFrom("shop_bot_group as g")
			.innerJoin("bot_chat as c", "c.chat_id", "g.chat_id")
			.select(["c.title", "c.blocked_at", "g.linked_at"])
			.where("g.shop_id", "=", shopId)
			.where("g.tenant_id", "=", ctx.tenant.id)
			.executeTakeFirst(),
		botUsernameOf(deps),
	]);
	return {
		shopId,
		botOn: deps.telegram !== null,
		botUsername,
		group: group
			? {
					title: group.title ?? null,
					linkedAt: new Date(group.linked_at).toISOString(),
					reachable: group.blocked_at === null,
				}
			: null,
	};
}

/**
 * A one-time link that adds the bot to a group for this shop: only the token's hash is kept,
 * and it works once, for BOT_GROUP_LINK_MINUTES. A new link voids the shop's earlier unused
 * ones, so only the link the owner last handed out can link a group.
 */
export async function createTelegramGroupLink(
	deps: AppDeps,
	ctx: Caller,
	input: CreateTelegramGroupLinkInput,
): Promise<TelegramGroupLink> {
	await requireShopPermission(deps, ctx, input.shopId, GROUP_PERMISSION);
	if (!deps.telegram) throw new BusinessError(ErrorCode.TelegramNotConfigured);
	// The link names the bot, so Telegram must have told us who it is (asked once, then kept).
	const username = await botUsernameOf(deps, { waitMs: BOT_NAME_FOR_LINK_WAIT_MS, mustWait: true });
	if (!username) throw new BusinessError(ErrorCode.TelegramUnreachable);
	const token = newGroupLinkToken();
	const now = deps.clock.now();
	const expiresAt = new Date(now.getTime() + BOT_GROUP_LINK_MINUTES * 60_000);
	await deps.db.transaction().execute(async (trx) => {
		await trx
			.deleteFrom("shop_bot_group_link")
			.where("shop_id", "=", input.shopId)
			.where("tenant_id", "=", ctx.tenant.id)
			.where("used_at", "is", null)
			.execute();
		await trx
			.insertInto("shop_bot_group_link")
			.values({
				token_hash: hashGroupLinkToken(token),
				tenant_id: ctx.tenant.id,
				shop_id: input.shopId,
				member_id: ctx.member.id,
				language: ctx.lang,
				created_at: now,
				expires_at: expiresAt,
			})
			.execute();
		await recordShopChange(trx, {
			tenantId: ctx.tenant.id,
			shopId: input.shopId,
			memberId: ctx.member.id,
			subject: "telegram_group",
			action: "create_link",
		});
	});
	return { url: `https://t.me/${username}?startgroup=${token}`, expiresAt: expiresAt.toISOString() };
}

/** The group stops hearing the shop. The bot stays in the group; the owner removes it there if they like. */
export async function unlinkTelegramGroup(
	deps: AppDeps,
	ctx: Caller,
	input: UnlinkTelegramGroupInput,
): Promise<ShopTelegramGroup> {
	await requireShopPermission(deps, ctx, input.shopId, GROUP_PERMISSION);
	await deps.db.transaction().execute(async (trx) => {
		const removed = await trx
			.deleteFrom("shop_bot_group")
			.where("shop_id", "=", input.shopId)
			.where("tenant_id", "=", ctx.tenant.id)
			.returning("chat_id")
			.executeTakeFirst();
		if (!removed) return;
		const chat = await trx
			.selectFrom("bot_chat")
			.select("title")
			.where("chat_id", "=", removed.chat_id)
			.executeTakeFirst();
		await recordShopChange(trx, {
			tenantId: ctx.tenant.id,
			shopId: input.shopId,
			memberId: ctx.member.id,
			subject: "telegram_group",
			action: "unlink",
			before: { title: chat?.title ?? null },
		});
	});
	return shopTelegramGroup(deps, ctx, input.shopId);
}
