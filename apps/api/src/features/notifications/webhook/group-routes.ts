import { CreateTelegramGroupLinkInput, ShopTelegramGroupQuery, UnlinkTelegramGroupInput } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../../http/deps.js";
import { ok } from "../../../http/envelope.js";
import { signedIn } from "../../../http/request-context.js";
import { createTelegramGroupLink, shopTelegramGroup, unlinkTelegramGroup } from "./group-link.js";

/** The shop's Telegram staff group: owners only (permission `staff`). */
export async function telegramGroupRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();
	r.get("/merchant/telegram-group", { schema: { querystring: ShopTelegramGroupQuery } }, async (request) =>
		ok(await shopTelegramGroup(deps, signedIn(request), request.query.shopId)),
	);
	r.post("/merchant/telegram-group/link", { schema: { body: CreateTelegramGroupLinkInput } }, async (request) =>
		ok(await createTelegramGroupLink(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/telegram-group/unlink", { schema: { body: UnlinkTelegramGroupInput } }, async (request) =>
		ok(await unlinkTelegramGroup(deps, signedIn(request), request.body)),
	);
}
