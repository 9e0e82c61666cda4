import { rm } from "node:fs/promises";
import { ErrorCode, Limits } from "@bayon/contract";
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { signedIn } from "../../http/request-context.js";
import { imageWorkQueue } from "./image-work.js";
import { incomingUploadsDir, prepareIncomingUploadsDir, receiveUpload } from "./receive.js";
import { storeImage } from "./service.js";

export async function fileRoutes(app: FastifyInstance, deps: AppDeps) {
	const incoming = incomingUploadsDir(deps.config.dataDir);
	await prepareIncomingUploadsDir(incoming);
	await app.register(async (scope) => {
		await scope.register(multipart, {
			limits: { fileSize: Limits.uploadMaxBytes, files: 1, fields: 4, parts: 6 },
		});
		/** Signed-in members upload one image (avatars now; dish photos later). */
		scope.post("/infra/file/upload", async (request, reply) => {
			const ctx = signedIn(request);
			if (!request.isMultipart()) throw new BusinessError(ErrorCode.FileMissing);
			// A client that leaves while its image waits for a worker frees its place in line.
			const clientLeft = new AbortController();
			reply.raw.once("close", () => {
				if (!reply.raw.writableFinished) clientLeft.abort();
			});
			// Full now: say so before taking in a body we would only refuse after it arrived.
			imageWorkQueue(deps.config.uploads).refuseIfFull();
			const file = await receiveUpload(request, incoming);
			try {
				return ok(
					await storeImage(deps, {
						tenantId: ctx.tenant.id,
						memberId: ctx.member.id,
						file,
						signal: clientLeft.signal,
					}),
				);
			} catch (error) {
				if (!clientLeft.signal.aborted || error !== clientLeft.signal.reason) throw error;
				request.log.info("upload abandoned: the client left before its image was processed");
				throw new BusinessError(ErrorCode.BadRequest, {}, null, "uploadIncomplete");
			} finally {
				await rm(file, { force: true });
			}
		});
	});
}
