import { createHmac, timingSafeEqual } from "node:crypto";

/** What a table's printed QR code carries: tenant, shop, table and the table's QR version. */
export interface TableTokenClaims {
	tenantId: number;
	shopId: number;
	tableId: number;
	version: number;
}

/**
 * What a seating token carries: the printed code's claims it was issued under, plus the
 * seating (the table's bill of this visit, decision 009).
 */
export interface SeatingTokenClaims extends TableTokenClaims {
	seatingId: number;
}

/**
 * A printed table token is `t<claims>.<signature>`: dot-separated numbers plus an HMAC-SHA256
 * of them (128 bits kept), both URL-safe. Codes cannot be guessed or edited into another
 * table, and bumping the table's qr_version voids every printed code of that table.
 */
export function signTableToken(claims: TableTokenClaims, secret: string): string {
	return sign(`t${claims.tenantId}-${claims.shopId}-${claims.tableId}-${claims.version}`, "table-token", secret);
}

export function verifyTableToken(token: string, secret: string): TableTokenClaims | null {
	const match = /^t(\d{1,12})-(\d{1,12})-(\d{1,12})-(\d{1,9})\.([A-Za-z0-9_-]{22})$/.exec(token);
	if (!match || !signatureMatches(token, "table-token", secret)) return null;
	return { tenantId: Number(match[1]), shopId: Number(match[2]), tableId: Number(match[3]), version: Number(match[4]) };
}

/**
 * A seating token is `s<claims>.<signature>`, signed under its own key so a printed code can
 * never pass for one (nor the reverse). It names the seating and the QR version it was issued
 * under: ending the seating or reprinting the table's code voids it.
 */
export function signSeatingToken(claims: SeatingTokenClaims, secret: string): string {
	const payload = `s${claims.tenantId}-${claims.shopId}-${claims.tableId}-${claims.version}-${claims.seatingId}`;
	return sign(payload, "seating-token", secret);
}

export function verifySeatingToken(token: string, secret: string): SeatingTokenClaims | null {
	const match = /^s(\d{1,12})-(\d{1,12})-(\d{1,12})-(\d{1,9})-(\d{1,15})\.([A-Za-z0-9_-]{22})$/.exec(token);
	if (!match || !signatureMatches(token, "seating-token", secret)) return null;
	return {
		tenantId: Number(match[1]),
		shopId: Number(match[2]),
		tableId: Number(match[3]),
		version: Number(match[4]),
		seatingId: Number(match[5]),
	};
}

function sign(payload: string, purpose: string, secret: string): string {
	return `${payload}.${signature(payload, purpose, secret)}`;
}

function signatureMatches(token: string, purpose: string, secret: string): boolean {
	const dot = token.lastIndexOf(".");
	// Compare the text, not decoded bytes: the last base64url character carries unused bits,
	// so decoding would accept several spellings of one signature.
	const given = Buffer.from(token.slice(dot + 1));
	const expected = Buffer.from(signature(token.slice(0, dot), purpose, secret));
	return given.length === expected.length && timingSafeEqual(given, expected);
}

function signature(payload: string, purpose: string, secret: string): string {
	return createHmac("sha256", `${purpose}:${secret}`).update(payload).digest().subarray(0, 16).toString("base64url");
}
