import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import khqrSdk from "bakong-khqr";

const { BakongKHQR } = khqrSdk;

/**
 * A local Bakong Open API (the National Bank of Cambodia's "Bakong Open API Documentation"),
 * started by the tests on 127.0.0.1: every call needs `Authorization: Bearer <token>` (an
 * expired or wrong token is answered HTTP 401), answers are `{ responseCode, responseMessage,
 * errorCode, data }` with responseCode 0 for success.
 *
 * - `POST /v1/check_transaction_by_md5 {md5}`: the transaction paid with that KHQR (hash,
 *   fromAccountId, toAccountId, currency, amount, createdDateMs, acknowledgedDateMs), or
 *   responseCode 1 / errorCode 1 "Transaction could not be found".
 * - `POST /v1/generate_deeplink_by_qr {qr, sourceInfo}`: a short link, for a KHQR whose CRC holds.
 *
 * A payer's bank app is `scanAndPay(qr)`: it decodes the string with the Bank's SDK, checks its
 * CRC and expiry, and records the transfer; it can pay another amount or to another account
 * than the code says. Fault switches: `stall` (no answer), `failing` (HTTP 502), `lie` (answers
 * "paid" for an md5 nobody paid), `deepLinkDown`.
 */
export interface BakongTxn {
	md5: string;
	hash: string;
	fromAccountId: string;
	toAccountId: string;
	currency: "USD" | "KHR";
	/** As Bakong states it: dollars (12.5) or riel (51000). */
	amount: number;
	createdDateMs: number;
	acknowledgedDateMs: number;
	description: string;
	externalRef: string;
}

export interface FakeBakong {
	url: string;
	token: string;
	/** Every call as received: path, bearer token, body. */
	calls: Array<{ path: string; token: string | null; body: Record<string, unknown> }>;
	/** Transactions by md5. */
	paid: Map<string, BakongTxn>;
	/** Requests are held unanswered (a network that stalls) until this is switched off. */
	stall: boolean;
	/** Every request is answered HTTP 502. */
	failing: boolean;
	/** Every md5 is answered "paid", with this transaction's details (a lying or confused Bakong). */
	lie: Partial<BakongTxn> | null;
	/** generate_deeplink_by_qr answers HTTP 500. */
	deepLinkDown: boolean;
	/** The token stops working (Bakong's 90 days are over). */
	expireToken(): void;
	/** A payer's bank app scans the KHQR and pays it (as it says, or otherwise); returns the transaction. */
	scanAndPay(
		qr: string,
		options?: {
			amount?: number;
			toAccountId?: string;
			currency?: "USD" | "KHR";
			/** When the payer paid (a bank that tells Bakong late): checked against the code's expiry. */
			at?: Date;
		},
	): BakongTxn;
	close(): Promise<void>;
}

const NUMERIC_TO_CODE: Record<string, "USD" | "KHR"> = { "840": "USD", "116": "KHR" };

export async function startFakeBakong(options: { now?: () => Date; token?: string } = {}): Promise<FakeBakong> {
	const now = options.now ?? (() => new Date());
	const fake = {
		url: "",
		token: options.token ?? `bakong-${randomBytes(24).toString("hex")}`,
		calls: [],
		paid: new Map(),
		stall: false,
		failing: false,
		lie: null,
		deepLinkDown: false,
	} as unknown as FakeBakong;
	let tokenValid = true;
	const stalled = new Set<ServerResponse>();

	fake.expireToken = () => {
		tokenValid = false;
	};

	fake.scanAndPay = (qr, pay = {}) => {
		const check = BakongKHQR.verify(qr);
		if (!check.isValid) throw new Error("the bank app refuses the code: not a valid KHQR (CRC or layout)");
		const decoded = BakongKHQR.decode(qr).data;
		if (!decoded?.bakongAccountID || !decoded.transactionCurrency || !decoded.transactionAmount)
			throw new Error("the bank app refuses the code: no account, currency or amount");
		const expires = Number(decoded.expirationTimestamp);
		const at = (pay.at ?? now()).getTime();
		if (Number.isFinite(expires) && expires < at) throw new Error("the bank app refuses the code: expired");
		const md5 = createHash("md5").update(qr).digest("hex");
		if (fake.paid.has(md5)) throw new Error("the bank app refuses the code: paid already");
		const currency = pay.currency ?? NUMERIC_TO_CODE[decoded.transactionCurrency];
		if (!currency) throw new Error(`unknown currency ${decoded.transactionCurrency}`);
		const txn: BakongTxn = {
			md5,
			hash: randomBytes(32).toString("hex"),
			fromAccountId: "payer@wing",
			toAccountId: pay.toAccountId ?? decoded.bakongAccountID,
			currency,
			amount: pay.amount ?? Number(decoded.transactionAmount),
			createdDateMs: at,
			acknowledgedDateMs: at + 1000,
			description: decoded.billNumber ?? "",
			externalRef: randomBytes(8).toString("hex"),
		};
		fake.paid.set(md5, txn);
		return txn;
	};

	const answer = (response: ServerResponse, status: number, body: unknown) => {
		response.writeHead(status, { "content-type": "application/json" });
		response.end(JSON.stringify(body));
	};

	const handle = async (request: IncomingMessage, response: ServerResponse) => {
		const chunks: Buffer[] = [];
		for await (const chunk of request) chunks.push(chunk as Buffer);
		let body: Record<string, unknown> = {};
		try {
			body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
		} catch {
			return answer(response, 400, { responseCode: 1, responseMessage: "Bad request", errorCode: 2, data: null });
		}
		const auth = request.headers.authorization ?? "";
		const token = auth.startsWith("Bearer ") ? auth.slice("Bearer ".length) : null;
		const path = (request.url ?? "").split("?")[0] ?? "";
		fake.calls.push({ path, token, body });
		if (fake.stall) {
			stalled.add(response);
			return;
		}
		if (fake.failing) return answer(response, 502, { message: "Bad Gateway" });
		if (token !== fake.token || !tokenValid)
			return answer(response, 401, { responseCode: 1, responseMessage: "Unauthorized", errorCode: 6, data: null });

		if (request.method === "POST" && path === "/v1/check_transaction_by_md5") {
			const md5 = typeof body.md5 === "string" ? body.md5 : "";
			if (!/^[0-9a-f]{32}$/.test(md5))
				return answer(response, 200, { responseCode: 1, responseMessage: "Invalid md5", errorCode: 2, data: null });
			const txn = fake.paid.get(md5);
			if (!txn && fake.lie) {
				const at = now().getTime();
				const { md5: _ignored, ...lied } = {
					md5,
					hash: randomBytes(32).toString("hex"),
					fromAccountId: "payer@wing",
					toAccountId: "lie@fake",
					currency: "USD" as const,
					amount: 1,
					createdDateMs: at,
					acknowledgedDateMs: at,
					description: "",
					externalRef: "",
					...fake.lie,
				};
				return answer(response, 200, {
					responseCode: 0,
					responseMessage: "Getting transaction successfully.",
					errorCode: null,
					data: lied,
				});
			}
			if (!txn)
				return answer(response, 200, {
					responseCode: 1,
					responseMessage: "Transaction could not be found. Please check and try again.",
					errorCode: 1,
					data: null,
				});
			const { md5: _md5, ...data } = txn;
			return answer(response, 200, {
				responseCode: 0,
				responseMessage: "Getting transaction successfully.",
				errorCode: null,
				data,
			});
		}
		if (request.method === "POST" && path === "/v1/generate_deeplink_by_qr") {
			if (fake.deepLinkDown) return answer(response, 500, { message: "Internal Server Error" });
			const qr = typeof body.qr === "string" ? body.qr : "";
			const source = body.sourceInfo as Record<string, unknown> | undefined;
			if (!BakongKHQR.verify(qr).isValid)
				return answer(response, 200, {
					responseCode: 1,
					responseMessage: "KHQR provided is invalid",
					errorCode: 8,
					data: null,
				});
			if (source && (!source.appIconUrl || !source.appName || !source.appDeepLinkCallback))
				return answer(response, 200, {
					responseCode: 1,
					responseMessage: "Source Info for Deep Link is invalid",
					errorCode: 5,
					data: null,
				});
			const id = createHash("md5").update(qr).digest("hex").slice(0, 10);
			return answer(response, 200, {
				responseCode: 0,
				responseMessage: "Getting Deep Link successfully.",
				errorCode: null,
				data: { shortLink: `https://bakong.page.link/${id}` },
			});
		}
		return answer(response, 404, { responseCode: 1, responseMessage: "Not found", errorCode: 404, data: null });
	};

	const server: Server = createServer((request, response) => {
		handle(request, response).catch((error: unknown) => answer(response, 500, { message: String(error) }));
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	fake.close = async () => {
		for (const response of stalled) response.destroy();
		stalled.clear();
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	};
	return fake;
}
