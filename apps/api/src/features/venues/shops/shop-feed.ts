import { DEFAULT_TENANT_ID, ErrorCode, formatMessage, queryIdField } from "@bayon/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import { headerValue, languageOf } from "../../../http/language.js";
import type { DomainEvent } from "../../../realtime/bus.js";
import { isAllowedOrigin } from "../../../realtime/origin.js";
import { getOrderingTerms } from "./ordering-terms.js";

/**
 * How many shop feeds one address may hold open. A phone needs one; a shop's own Wi-Fi puts
 * every guest in the room behind one address, so the cap is for a script, not for a crowd.
 */
export const SHOP_FEED_PER_ADDRESS = 50;
/** How many shop feeds one server holds open at most, whoever asks. */
export const SHOP_FEED_PER_SERVER = 5000;

const HEARTBEAT_MS = 30_000;

/** Refused before upgrading, in the envelope: the browser sees a failed handshake and backs off. */
const REFUSALS = {
	origin: { status: 403, code: ErrorCode.Forbidden, key: "forbidden" },
	noShop: { status: 404, code: ErrorCode.NotFound, key: "notFound" },
	tooMany: { status: 429, code: ErrorCode.TooManyRequests, key: "tooManyRequests" },
} as const;

interface FeedListener {
	socket: WebSocket;
	tenantId: number;
	shopId: number;
	address: string;
}

interface FeedTarget {
	tenantId: number;
	shopId: number;
}

/**
 * The shop feed at /infra/ws/shop?shopId=…[&tenant=…]: what anyone looking at a shop's menu
 * must see without reloading (issue 27). Public like the menu itself: no sign-in, and it says
 * only what the menu and the shop's page already show to anyone. Messages:
 * `ready` (`data: {shopId}`) once connected; `menu.changed` (`{shopId, version}`) after a
 * price, an item or a sold-out toggle changed; `shop.changed` (`{shopId}`) after the shop's
 * ordering rules changed (a pause, closures, hours, zones, settings); `resync` when events may
 * have been missed (the bus was down, decision 006); `pong` for `ping`. The app refetches
 * the menu, the shop and the cart's prices on each, as it does on (re)connecting.
 *
 * The members' socket (/infra/ws) stays for what is one member's or one shop's staff's alone;
 * this one never carries anything about an order, a member or money.
 */
export async function registerShopFeed(app: FastifyInstance, deps: AppDeps) {
	const listeners = new Set<FeedListener>();
	const perAddress = new Map<string, number>();

	const unsubscribe = deps.events.subscribe((event: DomainEvent) => {
		if (event.type === "bus.resync") {
			const resync = JSON.stringify({ type: "resync", data: {} });
			for (const listener of listeners) listener.socket.send(resync);
			return;
		}
		if (event.type !== "menu.changed" && event.type !== "shop.changed") return;
		const data =
			event.type === "menu.changed" ? { shopId: event.shopId, version: event.version } : { shopId: event.shopId };
		const message = JSON.stringify({ type: event.type, data });
		for (const listener of listeners)
			if (listener.tenantId === event.tenantId && listener.shopId === event.shopId) listener.socket.send(message);
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

	const refuse = (reply: FastifyReply, request: FastifyRequest, refusal: keyof typeof REFUSALS) => {
		const { status, code, key } = REFUSALS[refusal];
		return reply.code(status).send({ code, msg: formatMessage(key, languageOf(request)), data: null });
	};

	app.get(
		"/infra/ws/shop",
		{
			websocket: true,
			preValidation: async (request, reply) => {
				if (!isAllowedOrigin(deps, request)) return refuse(reply, request, "origin");
				const target = await feedTarget(deps, request);
				if (!target) return refuse(reply, request, "noShop");
				const address = request.ip;
				if ((perAddress.get(address) ?? 0) >= SHOP_FEED_PER_ADDRESS || listeners.size >= SHOP_FEED_PER_SERVER)
					return refuse(reply, request, "tooMany");
				(request as FastifyRequest & { feedTarget?: FeedTarget }).feedTarget = target;
			},
		},
		(socket, request) => {
			const target = (request as FastifyRequest & { feedTarget?: FeedTarget }).feedTarget;
			if (!target) return socket.close(1008, "no shop");
			const listener: FeedListener = { socket, ...target, address: request.ip };
			listeners.add(listener);
			perAddress.set(listener.address, (perAddress.get(listener.address) ?? 0) + 1);
			socket.on("close", () => {
				listeners.delete(listener);
				const left = (perAddress.get(listener.address) ?? 1) - 1;
				if (left > 0) perAddress.set(listener.address, left);
				else perAddress.delete(listener.address);
			});
			socket.on("message", (raw) => {
				if (raw.toString() === "ping") socket.send(JSON.stringify({ type: "pong" }));
			});
			socket.send(JSON.stringify({ type: "ready", data: { shopId: target.shopId } }));
		},
	);
}

/** The tenant (plain digits, else the default) and an existing shop of it; null for anything else. */
async function feedTarget(deps: AppDeps, request: FastifyRequest): Promise<FeedTarget | null> {
	const query = request.query as Record<string, unknown>;
	const rawTenant = query.tenant ?? headerValue(request.headers["tenant-id"]) ?? String(DEFAULT_TENANT_ID);
	const tenant = queryIdField.safeParse(rawTenant);
	const shop = queryIdField.safeParse(query.shopId);
	if (!tenant.success || !shop.success) return null;
	try {
		// The cached terms every cart asks for: a feed opened on every page view costs no query.
		await getOrderingTerms(deps, { tenant: { id: tenant.data }, lang: "zh-CN" }, shop.data);
	} catch (error) {
		if (error instanceof BusinessError && error.code === ErrorCode.NotFound) return null;
		throw error;
	}
	return { tenantId: tenant.data, shopId: shop.data };
}
