import { DEFAULT_TENANT_ID, ErrorCode, formatMessage, queryIdField, type ShopRole } from "@bayon/contract";
import websocket from "@fastify/websocket";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { authenticate } from "../features/identity/service.js";
import { isPlatformOperator } from "../features/merchant-wallet/operator.js";
import { listStaffShops } from "../features/venues/service.js";
import type { AppDeps } from "../http/deps.js";
import { ok } from "../http/envelope.js";
import { headerValue, languageOf } from "../http/language.js";
import { signedIn } from "../http/request-context.js";
import type { DomainEvent } from "./bus.js";
import { signWsTicket, verifyWsTicket, WS_TICKET_SECONDS, type WsTicketClaims } from "./ticket.js";

const HEARTBEAT_MS = 30_000;
/** Telegram's web clients embed Mini Apps in a frame from these origins. */
const TELEGRAM_ORIGINS = ["https://web.telegram.org"];

interface Listener {
	socket: WebSocket;
	tenantId: number;
	memberId: number;
	sessionFamilyId: string;
	/** The member's role in each shop whose staff they are on: what they hear of it. */
	roles: Map<number, ShopRole>;
	/** Reviews the tenant's withdrawals: hears every shop's wallet.changed (as of connecting). */
	platformOperator: boolean;
}

/** Close code for a socket whose session ended (logout elsewhere, revoked): sign in again. */
const SESSION_ENDED = 4401;

/**
 * The websocket at /infra/ws. A client connects with `?ticket=` (from POST
 * /app-api/infra/ws/ticket) or `?token=<access token>` (what the original client sends);
 * the Origin must be ours. It then receives `{type, data}` messages for its own orders and,
 * for staff, for their shops' orders. Events arrive through the bus, so every server
 * delivers every event to the clients connected to it.
 *
 * Messages: `ready` once connected; `order.changed` with the event's fields; `table.called` and
 * `table.changed` (staff of the shop only) with the table's shop, id and reason;
 * `reservation.changed` to the member who booked and to the shop's staff; `balance.changed`
 * (issue 12) to the member whose balance or card moved, never to staff; `redemption.changed`
 * (issue 13) likewise to the member whose points-mall redemption changed; `staff.changed`
 * (`data: {shopId, role}`, role null when removed) to a member whose place in a shop's staff
 * changed: from then on the socket hears that shop's orders or no longer; `wallet.changed`
 * (issue 14) to the shop's owners and the tenant's platform operators only, never to its
 * managers, staff or customers (a role change counts at once); `pong` for a
 * `ping`; `resync` (`data: {}`) when events may have been missed although the socket stayed
 * open (the server's event bus was down and is back, decision 006): the app refetches what it
 * shows, as after its own reconnection.
 */
export async function registerWebsocket(app: FastifyInstance, deps: AppDeps) {
	await app.register(websocket, { options: { maxPayload: 4096 } });
	const listeners = new Set<Listener>();

	const unsubscribe = deps.events.subscribe((event: DomainEvent) => {
		if (event.type === "bus.resync") {
			const resync = JSON.stringify({ type: "resync", data: {} });
			for (const listener of listeners) listener.socket.send(resync);
			return;
		}
		if (event.type === "session.ended") {
			for (const listener of listeners) {
				if (listener.sessionFamilyId === event.sessionFamilyId) listener.socket.close(SESSION_ENDED, "session ended");
			}
			return;
		}
		if (event.type === "staff.changed") {
			const message = JSON.stringify({ type: event.type, data: { shopId: event.shopId, role: event.role } });
			for (const listener of listeners) {
				if (listener.tenantId !== event.tenantId || listener.memberId !== event.memberId) continue;
				if (event.role === null) listener.roles.delete(event.shopId);
				else listener.roles.set(event.shopId, event.role);
				listener.socket.send(message);
			}
			return;
		}
		// Menu and shop changes are for the servers' caches (features/menu, venues), not for the apps.
		if (event.type === "menu.changed" || event.type === "shop.changed") return;
		if (event.type === "balance.changed" || event.type === "redemption.changed") {
			// A balance or a redemption is the member's alone: never sent to staff sockets.
			const message = JSON.stringify({ type: event.type, data: event });
			for (const listener of listeners)
				if (listener.tenantId === event.tenantId && listener.memberId === event.memberId) listener.socket.send(message);
			return;
		}
		if (event.type === "wallet.changed") {
			// A shop's money is its owners' business (and the platform's): managers and staff hear nothing of it.
			const message = JSON.stringify({ type: event.type, data: event });
			for (const listener of listeners)
				if (
					listener.tenantId === event.tenantId &&
					(listener.platformOperator || listener.roles.get(event.shopId) === "owner")
				)
					listener.socket.send(message);
			return;
		}
		const message = JSON.stringify({ type: event.type, data: event });
		for (const listener of listeners) {
			if (listener.tenantId !== event.tenantId) continue;
			const forMember =
				(event.type === "order.changed" || event.type === "reservation.changed") &&
				listener.memberId === event.memberId;
			if (forMember || listener.roles.has(event.shopId)) listener.socket.send(message);
		}
	});
	const heartbeat = setInterval(() => {
		for (const listener of listeners) listener.socket.ping();
	}, HEARTBEAT_MS);
	heartbeat.unref();
	app.addHook("onClose", async () => {
		unsubscribe();
		clearInterval(heartbeat);
		for (const listener of listeners) listener.socket.close(1001, "server shutting down");
	});

	app.get(
		"/infra/ws",
		{
			websocket: true,
			// Refuse before upgrading: browsers then see a failed handshake (HTTP 401/403).
			preValidation: async (request, reply) => {
				if (!isAllowedOrigin(deps, request))
					return reply
						.code(403)
						.send({ code: ErrorCode.Forbidden, msg: formatMessage("forbidden", languageOf(request)), data: null });
				const who = await identify(deps, request);
				if (!who)
					return reply.code(401).send({
						code: ErrorCode.Unauthorized,
						msg: formatMessage("pleaseSignIn", languageOf(request)),
						data: null,
					});
				(request as FastifyRequest & { wsMember?: typeof who }).wsMember = who;
			},
		},
		async (socket, request) => {
			const who = (request as FastifyRequest & { wsMember?: WsTicketClaims }).wsMember;
			if (!who) return socket.close(1008, "unauthorized");
			const [shops, platformOperator] = await Promise.all([
				listStaffShops(deps, { tenantId: who.tenantId, memberId: who.memberId, lang: "zh-CN" }),
				isPlatformOperator(deps.db, { tenantId: who.tenantId, memberId: who.memberId }),
			]);
			const listener: Listener = {
				socket,
				...who,
				roles: new Map(shops.map((shop) => [shop.shopId, shop.role])),
				platformOperator,
			};
			listeners.add(listener);
			socket.on("close", () => listeners.delete(listener));
			socket.on("message", (raw) => {
				if (raw.toString() === "ping") socket.send(JSON.stringify({ type: "pong" }));
			});
			socket.send(
				JSON.stringify({ type: "ready", data: { memberId: who.memberId, shopIds: [...listener.roles.keys()] } }),
			);
		},
	);
}

/** POST /app-api/infra/ws/ticket: a 60-second ticket for the signed-in member. */
export async function websocketTicketRoute(app: FastifyInstance, deps: AppDeps) {
	app.post("/infra/ws/ticket", async (request) => {
		const ctx = signedIn(request);
		const expiresAt = new Date(deps.clock.now().getTime() + WS_TICKET_SECONDS * 1000);
		return ok({
			ticket: signWsTicket(
				{ tenantId: ctx.tenant.id, memberId: ctx.member.id, sessionFamilyId: ctx.member.sessionFamilyId, expiresAt },
				deps.config.tokenSecret,
			),
			expiresIn: WS_TICKET_SECONDS,
		});
	});
}

async function identify(deps: AppDeps, request: FastifyRequest): Promise<WsTicketClaims | null> {
	// Query values arrive as arrays when a key repeats: anything but one plain string is refused.
	const query = request.query as Record<string, unknown>;
	const single = (value: unknown) => (typeof value === "string" ? value : undefined);
	const ticket = single(query.ticket);
	const token = single(query.token);
	if (ticket) return verifyWsTicket(ticket, deps.config.tokenSecret, deps.clock.now());
	if (token) {
		const rawTenant = query.tenant ?? headerValue(request.headers["tenant-id"]) ?? String(DEFAULT_TENANT_ID);
		const tenant = queryIdField.safeParse(rawTenant);
		const member = tenant.success ? await authenticate(deps, tenant.data, token) : null;
		return member && tenant.success
			? { tenantId: tenant.data, memberId: member.id, sessionFamilyId: member.sessionFamilyId }
			: null;
	}
	return null;
}

/** Our own pages (same host or PUBLIC_URL) and Telegram's web clients; no Origin: not a browser. */
function isAllowedOrigin(deps: AppDeps, request: FastifyRequest): boolean {
	const origin = headerValue(request.headers.origin);
	if (!origin) return true;
	let host: string;
	try {
		host = new URL(origin).host;
	} catch {
		return false;
	}
	if (host === request.headers.host) return true;
	if (deps.config.publicUrl && origin === deps.config.publicUrl) return true;
	return TELEGRAM_ORIGINS.includes(origin);
}
