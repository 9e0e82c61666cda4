import { createHash, randomBytes } from "node:crypto";

/**
 * The owner's one-time link for adding the bot to a staff group (decision 024): the token goes
 * into `https://t.me/<bot>?startgroup=<token>` and comes back as `/start <token>` in the group.
 * Only its hash is stored (`shop_bot_group_link.token_hash`), so a leaked table links nothing.
 * The page that makes the link and the bot that claims it both use these two functions, so the
 * hash they compare is made one way.
 */

/** 16 random bytes, base64url: 22 characters, inside Telegram's 64-character start parameter. */
export function newGroupLinkToken(): string {
	return randomBytes(16).toString("base64url");
}

/** What `shop_bot_group_link.token_hash` holds for a token: sha256, base64url. */
export function hashGroupLinkToken(token: string): string {
	return createHash("sha256").update(token, "utf8").digest("base64url");
}
