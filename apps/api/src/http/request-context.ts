import { type CurrencyConfig, DEFAULT_TENANT_ID, ErrorCode } from "@bayon/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { BusinessError } from "./business-error.js";
import type { AppDeps } from "./deps.js";
import { headerValue, languageOf } from "./language.js";

/** The tenant a request is for (features/tenancy reads it). */
export interface Tenant {
	id: number;
	name: string;
	shopKey: string;
	currency: CurrencyConfig;
}

/** The member behind a request's access token (features/identity checks the token). */
export interface SignedInMember {
	id: number;
	sessionFamilyId: string;
}

/**
 * How a caller is found. The lookups belong to the features that own tenants and sessions; the
 * composition root (app.ts) hands them in, so that this layer imports no feature.
 */
export interface CallerLookup {
	tenant(deps: AppDeps, tenantId: number): Promise<Tenant | null>;
	member(deps: AppDeps, tenantId: number, accessToken: string): Promise<SignedInMember | null>;
}

/** Who is calling, for which tenant, in which language: resolved once per API request. */
export interface RequestContext {
	tenant: Tenant;
	lang: string;
	member: SignedInMember | null;
	ip: string;
	/** The caller's browser as it names itself (payments picks the rail's channel by it); "" when absent. */
	userAgent: string;
}

/**
 * A request's context once its caller is known to be signed in: what services need of the
 * member is its id. Routes get one from `signedIn(request)`.
 */
export type SignedInContext = RequestContext & { member: { id: number } };

declare module "fastify" {
	interface FastifyRequest {
		ctx: RequestContext;
	}
	interface FastifyContextConfig {
		/** Routes are login-only unless they say `public: true`. */
		public?: boolean;
	}
}

/** A signed-in member's context; routes that are not public can rely on it. */
export function signedIn(request: FastifyRequest): RequestContext & { member: SignedInMember } {
	const { ctx } = request;
	if (!ctx.member) throw new BusinessError(ErrorCode.Unauthorized);
	return ctx as RequestContext & { member: SignedInMember };
}

/**
 * Resolves tenant, language and session for every route of an API scope. The tenant
 * header selects a tenant; it never grants anything by itself. A login-only route
 * without a valid session is answered with business code 401 before its body is read.
 */
export function installRequestContext(app: FastifyInstance, deps: AppDeps, callers: CallerLookup) {
	app.decorateRequest("ctx", null as unknown as RequestContext);
	app.addHook("onRequest", async (request) => {
		const lang = languageOf(request);
		const tenant = await resolveTenant(request, deps, callers);
		const token = bearerToken(request);
		const member = token ? await callers.member(deps, tenant.id, token) : null;
		request.ctx = { tenant, lang, member, ip: request.ip, userAgent: headerValue(request.headers["user-agent"]) ?? "" };
		if (!member && request.routeOptions.config?.public !== true && request.is404 !== true) {
			throw new BusinessError(ErrorCode.Unauthorized);
		}
	});
}

async function resolveTenant(request: FastifyRequest, deps: AppDeps, callers: CallerLookup): Promise<Tenant> {
	const rawId = headerValue(request.headers["tenant-id"]);
	// Plain digits only: Number() would also read "0x1", "1e0" or "1.0" as tenant 1.
	const tenantId = rawId === undefined ? DEFAULT_TENANT_ID : /^\d{1,15}$/.test(rawId) ? Number(rawId) : Number.NaN;
	const tenant = Number.isSafeInteger(tenantId) && tenantId > 0 ? await callers.tenant(deps, tenantId) : null;
	if (!tenant) throw new BusinessError(ErrorCode.TenantUnknown);
	const shopKey = headerValue(request.headers["shop-key"]);
	if (shopKey !== undefined && shopKey !== tenant.shopKey) throw new BusinessError(ErrorCode.ShopKeyInvalid);
	return tenant;
}

function bearerToken(request: FastifyRequest): string | undefined {
	const header = headerValue(request.headers.authorization);
	const match = header?.match(/^Bearer\s+(\S+)$/i);
	return match?.[1];
}
