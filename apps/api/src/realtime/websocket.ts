import {
	DEFAULT_TENANT_ID,
	ErrorCode,
	formatMessage,
	LiveSocketClose,
	queryIdField,
	type ShopRole,
} from "@bayon/contract";
import websocket from "@fastify/websocket";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import type { AppDeps } from "../http/deps.js";
import { ok } from "../http/envelope.js";
import { headerValue, languageOf } from "../http/language.js";
import { type CallerLookup, signedIn } from "../http/request-context.js";
import { recordWebsocketClosed, recordWebsocketOpened } from "../lib/metrics.js";
import type { DomainEvent } from "./bus.js";
import { isAllowedOrigin } from "./origin.js";
import { MAX_SOCKETS_PER_ADDRESS, MAX_SOCKETS_PER_MEMBER, SocketLimits } from "./socket-limits.js";
import { signWsTicket, verifyWsTicket, WS_TICKET_SECONDS, type WsTicketClaims } from "./ticket.js";
import { loadSocketRights, type SocketRights } from "./websocket-rights.js";

const HEARTBEAT_MS = 30_000;

/**
 * How often every server re-reads the rights of all its open sockets. Rights changes reach the
 * sockets at once through the bus (`staff.changed`; `access.changed` from the database's
 * triggers); this catches what no event told: a Redis bus (the triggers notify through
 * PostgreSQL), an event lost while a bus was down between its publish and its recovery.
 */
export const RIGHTS_RECHECK_MS = 30_000;

interface Listener {
	socket: WebSocket;
	tenantId: number;
	memberId: number;
	sessionFamilyId: string;
	/** The member's role in each shop whose staff they are on: what they hear of it. */
	roles: Map<number, ShopRole>;
	/** Reviews the tenant's withdrawals: hears every shop's wallet.changed. */
	platformOperator: boolean;
	/** `ready` was sent: until then the socket hears nothing (its rights are being read). */
	ready: boolean;
	/**
	 * Counts changes of the rights held here. A read of the database started before a change
	 * must not overwrite it with what it read (the change may have been applied since).
	 */
	rightsVersion: number;
}

const SESSION_ENDED = LiveSocketClose.SessionEnded;

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
 * shows, as after its own reconnection; `operator.changed` (`data: {platformOperator}`) when the
 * member became or stopped being a platform operator.
 *
 * Rights follow the database while the socket is open (issue 27): a member removed from a
 * shop's staff or given a lower role, an operator removed, hear the shop's orders or its money
 * no more from the commit on, on every server, and are told (`staff.changed`,
 * `operator.changed`); a disabled member's sockets close (4401, "member disabled"), as do a
 * signed-out session's (4401, "session ended"). Each server holds at most
 * MAX_SOCKETS_PER_MEMBER sockets per member and MAX_SOCKETS_PER_ADDRESS per client address: one
 * more is closed at once with 4429 "too many live connections", before `ready`, and the app
 * waits its longest backoff before trying again.
 */
export async function registerWebsocket(app: FastifyInstance, deps: AppDeps, callers: Pick<CallerLookup, "member">) {
	await app.register(websocket, { options: { maxPayload: 4096 } });
	const hub: Hub = { deps, listeners: new Set() };
	const limits = new SocketLimits(MAX_SOCKETS_PER_MEMBER, MAX_SOCKETS_PER_ADDRESS);
	const unsubscribe = deps.events.subscribe((event: DomainEvent) => hear(hub, event));
	const heartbeat = setInterval(() => {
		for (const listener of hub.listeners) listener.socket.ping();
	}, HEARTBEAT_MS);
	heartbeat.unref();
	const rightsRecheck = setInterval(
		() =>
			void recheck(
				hub,
				[...hub.listeners].filter((listener) => listener.ready),
			),
		RIGHTS_RECHECK_MS,
	);
	rightsRecheck.unref();
	app.addHook("onClose", async () => {
		unsubscribe();
		clearInterval(heartbeat);
		clearInterval(rightsRecheck);
		// Normally told already by the shutdown (shutdown.ts); the app reconnects to another server.
		for (const listener of hub.listeners) listener.socket.close(LiveSocketClose.ServiceRestart, "service restart");
	});

	app.get(
		"/infra/ws",
		{
			websocket: true,
			// Refuse before upgrading: browsers then see a failed handshake (HTTP 401/403).
			preValidation: (request, reply) => refuseBeforeUpgrade(deps, callers, request, reply),
		},
		(socket, request) => openSocket(hub, limits, socket, request),
	);
}

/** This server's open sockets, and what serving them needs. */
interface Hub {
	deps: AppDeps;
	listeners: Set<Listener>;
}

/** Applies rights read from the database to an open socket, telling it what changed. */
function applyRights(listener: Listener, rights: SocketRights) {
	if (!rights.live) {
		listener.socket.close(SESSION_ENDED, rights.endedBecause ?? "session ended");
		return;
	}
	if (!listener.ready) {
		listener.roles = rights.roles;
		listener.platformOperator = rights.platformOperator;
		return;
	}
	for (const shopId of listener.roles.keys()) if (!rights.roles.has(shopId)) tellStaffChanged(listener, shopId, null);
	for (const [shopId, role] of rights.roles)
		if (listener.roles.get(shopId) !== role) tellStaffChanged(listener, shopId, role);
	if (listener.platformOperator !== rights.platformOperator) {
		listener.platformOperator = rights.platformOperator;
		listener.socket.send(
			JSON.stringify({ type: "operator.changed", data: { platformOperator: rights.platformOperator } }),
		);
	}
}

function tellStaffChanged(listener: Listener, shopId: number, role: ShopRole | null) {
	if (role === null) listener.roles.delete(shopId);
	else listener.roles.set(shopId, role);
	listener.socket.send(JSON.stringify({ type: "staff.changed", data: { shopId, role } }));
}

/** Reads the rights of these sockets' owners again and applies them, unless a newer change came first. */
async function recheck({ deps, listeners }: Hub, targets: Listener[]) {
	if (targets.length === 0) return;
	const versions = targets.map((listener) => ++listener.rightsVersion);
	let rights: SocketRights[];
	try {
		rights = await loadSocketRights(deps.db, targets);
	} catch (error) {
		// The database is away: the next re-check, or the next event, tries again.
		deps.log.warn({ err: error }, "websocket rights not re-read");
		return;
	}
	targets.forEach((listener, index) => {
		if (listener.rightsVersion !== versions[index] || !listeners.has(listener)) return;
		applyRights(listener, rights[index] as SocketRights);
	});
}

/** Events about the sockets themselves: a resync, an ended session, changed rights. */
type SocketEvent = Extract<DomainEvent, { type: "bus.resync" | "session.ended" | "access.changed" | "staff.changed" }>;

/** An event from the bus: a change of who hears what, or news for the sockets that may hear it. */
function hear(hub: Hub, event: DomainEvent) {
	if (
		event.type === "bus.resync" ||
		event.type === "session.ended" ||
		event.type === "access.changed" ||
		event.type === "staff.changed"
	)
		hearRightsChange(hub, event);
	else tellListeners(hub.listeners, event);
}

/** Re-reads or applies the rights an event says changed; a resync also tells the apps to refetch. */
function hearRightsChange(hub: Hub, event: SocketEvent) {
	const { listeners } = hub;
	if (event.type === "bus.resync") {
		const resync = JSON.stringify({ type: "resync", data: {} });
		for (const listener of listeners) if (listener.ready) listener.socket.send(resync);
		// A rights change may have been among the missed events.
		void recheck(hub, [...listeners]);
		return;
	}
	if (event.type === "session.ended") {
		for (const listener of listeners) {
			if (listener.sessionFamilyId === event.sessionFamilyId) listener.socket.close(SESSION_ENDED, "session ended");
		}
		return;
	}
	if (event.type === "access.changed") {
		void recheck(
			hub,
			[...listeners].filter((listener) => listener.tenantId === event.tenantId && listener.memberId === event.memberId),
		);
		return;
	}
	if (event.type === "staff.changed") {
		for (const listener of listeners) {
			if (listener.tenantId !== event.tenantId || listener.memberId !== event.memberId) continue;
			// Newer than any read in flight: that read must not bring the old role back.
			listener.rightsVersion++;
			if (!listener.ready) continue;
			if ((listener.roles.get(event.shopId) ?? null) !== event.role)
				tellStaffChanged(listener, event.shopId, event.role);
		}
		return;
	}
}

/** Sends an event to the ready sockets allowed to hear it. */
function tellListeners(listeners: Set<Listener>, event: Exclude<DomainEvent, SocketEvent>) {
	// Menu and shop changes are for the servers' caches (features/menu, venues), not for the apps.
	if (event.type === "menu.changed" || event.type === "shop.changed") return;
	if (event.type === "balance.changed" || event.type === "redemption.changed") {
		// A balance or a redemption is the member's alone: never sent to staff sockets.
		const message = JSON.stringify({ type: event.type, data: event });
		for (const listener of listeners)
			if (listener.ready && listener.tenantId === event.tenantId && listener.memberId === event.memberId)
				listener.socket.send(message);
		return;
	}
	if (event.type === "wallet.changed") {
		// A shop's money is its owners' business (and the platform's): managers and staff hear nothing of it.
		const message = JSON.stringify({ type: event.type, data: event });
		for (const listener of listeners)
			if (
				listener.ready &&
				listener.tenantId === event.tenantId &&
				(listener.platformOperator || listener.roles.get(event.shopId) === "owner")
			)
				listener.socket.send(message);
		return;
	}
	const message = JSON.stringify({ type: event.type, data: event });
	for (const listener of listeners) {
		if (!listener.ready || listener.tenantId !== event.tenantId) continue;
		const forMember =
			(event.type === "order.changed" || event.type === "reservation.changed") && listener.memberId === event.memberId;
		if (forMember || listener.roles.has(event.shopId)) listener.socket.send(message);
	}
}

/** The upgrade's check: an origin of ours and a signed-in member, or a refusal (HTTP 403/401). */
async function refuseBeforeUpgrade(
	deps: AppDeps,
	callers: Pick<CallerLookup, "member">,
	request: FastifyRequest,
	reply: FastifyReply,
) {
	if (!isAllowedOrigin(deps, request))
		return reply
			.code(403)
			.send({ code: ErrorCode.Forbidden, msg: formatMessage("forbidden", languageOf(request)), data: null });
	const who = await identify(deps, callers, request);
	if (!who)
		return reply.code(401).send({
			code: ErrorCode.Unauthorized,
			msg: formatMessage("pleaseSignIn", languageOf(request)),
			data: null,
		});
	(request as FastifyRequest & { wsMember?: typeof who }).wsMember = who;
}

/** A socket just opened: admitted under the limits, listening, and `ready` once its rights are read. */
async function openSocket(hub: Hub, limits: SocketLimits, socket: WebSocket, request: FastifyRequest) {
	const { deps, listeners } = hub;
	const who = (request as FastifyRequest & { wsMember?: WsTicketClaims }).wsMember;
	if (!who) return socket.close(1008, "unauthorized");
	// Refused after the upgrade, so the app reads why (a failed handshake tells it nothing)
	// and backs off instead of retrying at once.
	const release = limits.admit(who, request.ip);
	if (!release) return socket.close(LiveSocketClose.TooManySockets, "too many live connections");
	const listener: Listener = {
		socket,
		...who,
		roles: new Map(),
		platformOperator: false,
		ready: false,
		rightsVersion: 0,
	};
	// Listening before its rights are read: a change committed meanwhile bumps the
	// version, and the rights are read again.
	listeners.add(listener);
	recordWebsocketOpened(deps.metrics);
	socket.on("close", () => {
		listeners.delete(listener);
		recordWebsocketClosed(deps.metrics);
		release();
	});
	socket.on("message", (raw) => {
		if (raw.toString() === "ping") socket.send(JSON.stringify({ type: "pong" }));
	});
	for (let attempt = 0; attempt < 5 && !listener.ready; attempt++) {
		const version = listener.rightsVersion;
		let rights: SocketRights | undefined;
		try {
			[rights] = await loadSocketRights(deps.db, [listener]);
		} catch (error) {
			deps.log.warn({ err: error }, "websocket rights not read");
			break;
		}
		if (!listeners.has(listener)) return;
		if (listener.rightsVersion !== version) continue;
		applyRights(listener, rights as SocketRights);
		if (!rights?.live) return;
		listener.ready = true;
	}
	if (!listener.ready) return socket.close(1013, "try again later");
	socket.send(JSON.stringify({ type: "ready", data: { memberId: who.memberId, shopIds: [...listener.roles.keys()] } }));
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

async function identify(
	deps: AppDeps,
	callers: Pick<CallerLookup, "member">,
	request: FastifyRequest,
): Promise<WsTicketClaims | null> {
	// Query values arrive as arrays when a key repeats: anything but one plain string is refused.
	const query = request.query as Record<string, unknown>;
	const single = (value: unknown) => (typeof value === "string" ? value : undefined);
	const ticket = single(query.ticket);
	const token = single(query.token);
	if (ticket) return verifyWsTicket(ticket, deps.config.tokenSecret, deps.clock.now());
	if (token) {
		const rawTenant = query.tenant ?? headerValue(request.headers["tenant-id"]) ?? String(DEFAULT_TENANT_ID);
		const tenant = queryIdField.safeParse(rawTenant);
		const member = tenant.success ? await callers.member(deps, tenant.data, token) : null;
		return member && tenant.success
			? { tenantId: tenant.data, memberId: member.id, sessionFamilyId: member.sessionFamilyId }
			: null;
	}
	return null;
}
