import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a websocket ticket may be used to connect. */
export const WS_TICKET_SECONDS = 60;

export interface WsTicketClaims {
	tenantId: number;
	memberId: number;
	/** The session it was issued to: ending that session closes the socket. */
	sessionFamilyId: string;
}

/**
 * A short-lived ticket to open the websocket (browsers cannot set headers on it): tenant,
 * member, session and expiry, signed with the server's secret, so any server can check it.
 */
export function signWsTicket(claims: WsTicketClaims & { expiresAt: Date }, secret: string): string {
	const payload = `w${claims.tenantId}-${claims.memberId}-${Math.floor(claims.expiresAt.getTime() / 1000)}-${claims.sessionFamilyId}`;
	return `${payload}.${signature(payload, secret)}`;
}

export function verifyWsTicket(ticket: string, secret: string, now: Date): WsTicketClaims | null {
	const match = /^w(\d{1,12})-(\d{1,15})-(\d{1,12})-([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
	if (!match) return null;
	const payload = ticket.slice(0, ticket.lastIndexOf("."));
	const given = Buffer.from(match[5] as string);
	const expected = Buffer.from(signature(payload, secret));
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
	if (Number(match[3]) * 1000 < now.getTime()) return null;
	return { tenantId: Number(match[1]), memberId: Number(match[2]), sessionFamilyId: match[4] as string };
}

function signature(payload: string, secret: string): string {
	return createHmac("sha256", `ws-ticket:${secret}`).update(payload).digest("base64url");
}
