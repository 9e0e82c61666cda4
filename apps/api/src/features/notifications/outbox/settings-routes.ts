import { SaveNoticeSettingInput } from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../../http/deps.js";
import { ok } from "../../../http/envelope.js";
import { signedIn } from "../../../http/request-context.js";
import { noticeSettings, saveNoticeSetting } from "./settings.js";

/** The member's Telegram message switches on the mine tab (issue 15, decision 024). */
export async function noticeSettingsRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();
	r.get("/member/notice-settings", async (request) => ok(await noticeSettings(deps, signedIn(request))));
	r.put("/member/notice-settings", { schema: { body: SaveNoticeSettingInput } }, async (request) =>
		ok(await saveNoticeSetting(deps, signedIn(request), request.body)),
	);
}
