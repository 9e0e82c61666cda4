import { ErrorCode, Limits } from "@bayon/contract";
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { signedIn } from "../../http/request-context.js";
import { storeImage } from "./service.js";

export async function fileRoutes(app: FastifyInstance, deps: AppDeps) {
	await app.register(async (scope) => {
		await scope.register(multipart, {
			limits: { fileSize: Limits.uploadMaxBytes, files: 1, fields: 4, parts: 6 },
		});
		/** Signed-in members upload one image (avatars now; dish photos later). */
		scope.post("/infra/file/upload", async (request) => {
			const ctx = signedIn(request);
			if (!request.isMultipart()) throw new BusinessError(ErrorCode.FileMissing);
			const part = await request.file();
			if (!part) throw new BusinessError(ErrorCode.FileMissing);
			const bytes = await part.toBuffer();
			if (bytes.length === 0) throw new BusinessError(ErrorCode.FileMissing);
			return ok(await storeImage(deps, { tenantId: ctx.tenant.id, memberId: ctx.member.id, bytes }));
		});
	});
}
