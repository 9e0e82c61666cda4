import type { FastifyRequest } from "fastify";
import type { AppDeps } from "./deps.js";

/** Where links we hand out should point: PUBLIC_URL, else the host that was asked. */
export function publicOrigin(deps: AppDeps, request: FastifyRequest): string {
	return deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
}
