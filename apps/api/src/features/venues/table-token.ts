import { createHmac, timingSafeEqual } from "node:crypto";

/** What a table's QR code carries: tenant, shop, table and the table's QR version. */
export interface TableTokenClaims {
	tenantId: number;
	shopId: number;
	tableId: number;
	version: number;
}

/**
 * A table token is `<claims>.<signature>`: dot-separated numbers plus an HMAC-SHA256 of them
 * (128 bits kept), both URL-safe. Codes cannot be guessed or edited into another table, and
 * bumping the table's qr_version voids every printed code of that table.
 */
export function signTableToken(claims: TableTokenClaims, secret: string): string {
	const payload = `t${claims.tenantId}-${claims.shopId}-${claims.tableId}-${claims.version}`;
	return `${payload}.${signature(payload, secret)}`;
}

export function verifyTableToken(token: string, secret: string): TableTokenClaims | null {
	const match = /^t(\d{1,12})-(\d{1,12})-(\d{1,12})-(\d{1,9})\.([A-Za-z0-9_-]{22})$/.exec(token);
	if (!match) return null;
	const payload = token.slice(0, token.lastIndexOf("."));
	// Compare the text, not decoded bytes: the last base64url character carries unused bits,
	// so decoding would accept several spellings of one signature.
	const given = Buffer.from(match[5] as string);
	const expected = Buffer.from(signature(payload, secret));
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
	return { tenantId: Number(match[1]), shopId: Number(match[2]), tableId: Number(match[3]), version: Number(match[4]) };
}

function signature(payload: string, secret: string): string {
	return createHmac("sha256", `table-token:${secret}`).update(payload).digest().subarray(0, 16).toString("base64url");
}
