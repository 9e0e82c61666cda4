/**
 * The Bakong Open API of the National Bank of Cambodia (its "Bakong Open API Documentation",
 * v1): JSON over HTTPS, `Authorization: Bearer <token>` (a token renewed every 90 days), every
 * answer `{ responseCode, responseMessage, errorCode, data }` with responseCode 0 for success.
 * Only what the KHQR rail needs: a transaction by the md5 of its KHQR, and a deep link.
 */

export const BAKONG_HOSTS = {
	production: "https://api-bakong.nbc.gov.kh",
	sit: "https://sit-api-bakong.nbc.gov.kh",
} as const;

/** One question to Bakong may take this long before it counts as unanswered. */
const TIMEOUT_MS = 10_000;
/** The deep link is a convenience: the checkout does not wait long for it. */
const DEEP_LINK_TIMEOUT_MS = 4_000;

/** A transaction as check_transaction_by_md5 answers it. */
export interface BakongTransaction {
	hash: string;
	fromAccountId: string;
	toAccountId: string;
	currency: string;
	amount: number;
	description?: string | null;
	createdDateMs?: number;
	acknowledgedDateMs?: number | null;
	externalRef?: string | null;
}

interface BakongAnswer<T> {
	responseCode: number;
	responseMessage?: string | null;
	errorCode?: number | null;
	data?: T | null;
}

/** Bakong could not be asked, or refused our token: the question is to be asked again later. */
export class BakongUnavailable extends Error {
	constructor(
		message: string,
		readonly problem: "unreachable" | "credentials",
	) {
		super(message);
		this.name = "BakongUnavailable";
	}
}

export class BakongClient {
	constructor(
		private readonly baseUrl: string,
		private readonly token: string,
	) {}

	/** The transaction paid with the KHQR of this md5, or null while none is (Bakong's errorCode 1, "not found"). */
	async transactionByMd5(md5: string, timeoutMs = TIMEOUT_MS): Promise<BakongTransaction | null> {
		const answer = await this.post<BakongTransaction>("/v1/check_transaction_by_md5", { md5 }, timeoutMs);
		if (answer.responseCode === 0 && answer.data) return answer.data;
		// errorCode 1: not found; 3: the transaction failed (the payer may scan again while the code lives).
		if (answer.responseCode === 1 && (answer.errorCode === 1 || answer.errorCode === 3)) return null;
		throw new BakongUnavailable(
			`Bakong answered check_transaction_by_md5 with responseCode ${answer.responseCode}, errorCode ${answer.errorCode ?? "none"}: ${answer.responseMessage ?? ""}`,
			"unreachable",
		);
	}

	/** A short link that opens the payer's bank app on this KHQR; null when Bakong does not give one. */
	async deepLink(
		qr: string,
		source: { appIconUrl: string; appName: string; appDeepLinkCallback: string },
	): Promise<string | null> {
		const answer = await this.post<{ shortLink?: string }>(
			"/v1/generate_deeplink_by_qr",
			{ qr, sourceInfo: source },
			DEEP_LINK_TIMEOUT_MS,
		);
		const link = answer.responseCode === 0 ? answer.data?.shortLink : undefined;
		return typeof link === "string" && /^https:\/\//.test(link) ? link : null;
	}

	private async post<T>(path: string, body: unknown, timeoutMs: number): Promise<BakongAnswer<T>> {
		let response: Response;
		try {
			response = await fetch(`${this.baseUrl}${path}`, {
				method: "POST",
				headers: { "content-type": "application/json", authorization: `Bearer ${this.token}` },
				body: JSON.stringify(body),
				signal: AbortSignal.timeout(timeoutMs),
			});
		} catch (error) {
			throw new BakongUnavailable(
				`Bakong ${path} could not be reached: ${error instanceof Error ? error.message : String(error)}`,
				"unreachable",
			);
		}
		if (response.status === 401 || response.status === 403)
			throw new BakongUnavailable(
				`Bakong refused our token on ${path} (HTTP ${response.status}): it has expired or was revoked; renew it and save it in the KHQR settings`,
				"credentials",
			);
		let parsed: unknown;
		try {
			parsed = await response.json();
		} catch {
			parsed = null;
		}
		if (!response.ok || !isAnswer(parsed))
			throw new BakongUnavailable(
				`Bakong ${path} answered HTTP ${response.status} without a usable answer`,
				"unreachable",
			);
		return parsed as BakongAnswer<T>;
	}
}

function isAnswer(value: unknown): value is BakongAnswer<unknown> {
	return (
		typeof value === "object" &&
		value !== null &&
		typeof (value as { responseCode?: unknown }).responseCode === "number"
	);
}
