import {
	ErrorCode,
	RefreshTokenInput,
	SendSmsCodeInput,
	SmsLoginInput,
	TelegramUserInput,
	UpdateProfileInput,
} from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { signedIn } from "../../http/request-context.js";
import * as identity from "./service.js";

/** Sign-in, session and profile calls under /app-api. */
export async function identityRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();
	const open = { public: true };

	r.post("/member/auth/send-sms-code", { config: open, schema: { body: SendSmsCodeInput } }, async (request) =>
		ok(await identity.sendSmsCode(deps, request.ctx, request.body)),
	);
	r.post("/member/auth/sms-login", { config: open, schema: { body: SmsLoginInput } }, async (request) =>
		ok(await identity.loginWithSmsCode(deps, request.ctx, request.body)),
	);
	// The anchor's client sends the token as a query parameter; the body works too.
	r.post("/member/auth/refresh-token", { config: open }, async (request) => {
		const input = RefreshTokenInput.safeParse({
			...(request.query as object),
			...(request.body as object | undefined),
		});
		if (!input.success) throw new BusinessError(ErrorCode.SessionExpired);
		return ok(await identity.refreshSession(deps, request.ctx, input.data.refreshToken));
	});
	r.post("/member/auth/logout", { config: open }, async (request) => {
		await identity.logout(deps, request.ctx);
		return ok(true);
	});

	r.get("/member/user/get-info", async (request) => {
		const ctx = signedIn(request);
		return ok(await identity.getMemberInfo(deps, ctx, ctx.member.id));
	});
	r.post("/member/user/update-nickname", { schema: { body: UpdateProfileInput } }, async (request) => {
		const ctx = signedIn(request);
		return ok(await identity.updateProfile(deps, ctx, ctx.member.id, request.body));
	});
}

/** The Telegram Mini App calls under /api/v1 (spec §7). */
export async function telegramRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();
	r.post("/addUser", { config: { public: true }, schema: { body: TelegramUserInput } }, async (request) =>
		ok(await identity.addTelegramUser(deps, request.ctx, request.body)),
	);
	r.post("/syncUser", { schema: { body: TelegramUserInput } }, async (request) => {
		const ctx = signedIn(request);
		return ok(await identity.linkTelegramUser(deps, ctx, ctx.member.id, request.body));
	});
}
