import { createHash, randomBytes } from "node:crypto";
import type { KhqrRailSettings } from "@bayon/contract";
import khqrSdk from "bakong-khqr";
import type { AppDeps } from "../../../../http/deps.js";
import type {
	CheckoutArgs,
	CheckoutStart,
	ConnectionCheck,
	GatewayPaymentReport,
	PaymentGateway,
	StatementLine,
} from "../../gateway.js";
import { flagDiscrepancy } from "../../statements/flags.js";
import type { Rail } from "../rail.js";
import { isKhqrCurrency, KHQR_CURRENCY, type KhqrCurrencyCode, khqrAmountText, minorUnitsOf } from "./amounts.js";
import { BAKONG_HOSTS, BakongClient, type BakongTransaction, BakongUnavailable } from "./bakong.js";

const { BakongKHQR, IndividualInfo } = khqrSdk;

/**
 * KHQR through the National Bank of Cambodia's Bakong (issue 29 part 3, decision 031): a dynamic
 * KHQR per payment, made with the Bank's SDK (`bakong-khqr`) and paid from any Cambodian bank
 * app. Bakong never calls back: a payment is known paid when `check_transaction_by_md5`, asked
 * with the md5 of the very KHQR string we showed, answers with a transaction to our account.
 * There is no refund call either: a refund waits for staff to transfer the money back and record
 * the transfer (payments/transfers).
 */

/**
 * After the code expired, Bakong is still asked this long before the payment counts as declined:
 * a payer who scanned just before the end may see their bank settle a moment later.
 */
export const KHQR_EXPIRY_GRACE_SECONDS = 10 * 60;
/** A payment whose code was never made (the checkout failed half way) is declined after this. */
const NEVER_SHOWN_AFTER_SECONDS = 10 * 60;
/** Phnom Penh is UTC+7 all year: the statement day of the reconciliation. */
const PHNOM_PENH_OFFSET_MS = 7 * 3600 * 1000;
/** The most of a bill number (EMV tag 62-01) and of a store or terminal label. */
const LABEL_MAX = 25;

/**
 * The bill number printed by the payer's bank app for this payment: its id (a UUID, 128 bits)
 * written in base 36, which always fits KHQR's 25 characters and reads back to the id.
 */
export function billNumberOf(paymentId: string): string {
	const hex = paymentId.replaceAll("-", "");
	if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error(`payment id ${paymentId} is not a UUID`);
	return BigInt(`0x${hex}`).toString(36).padStart(LABEL_MAX, "0");
}

/** The payment id a bill number stands for (billNumberOf read back). */
export function paymentIdOfBillNumber(billNumber: string): string | null {
	if (!/^[0-9a-z]{1,25}$/.test(billNumber)) return null;
	let value = 0n;
	for (const char of billNumber) value = value * 36n + BigInt(Number.parseInt(char, 36));
	if (value >= 1n << 128n) return null;
	const hex = value.toString(16).padStart(32, "0");
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Printable ASCII only (what every bank app shows), at most 25 characters; undefined when nothing is left. */
function label(text: string): string | undefined {
	const ascii = text
		.replace(/[^\x20-\x7e]/g, "")
		.replace(/\s+/g, " ")
		.trim()
		.slice(0, LABEL_MAX)
		.trim();
	return ascii === "" ? undefined : ascii;
}

/** The background job's first question about a KHQR payment comes this soon (there is no callback). */
export const KHQR_FIRST_CHECK_SECONDS = 30;
/** While the code lives, the job asks at least this often, however old the payment. */
const KHQR_CHECK_EVERY_MAX_SECONDS = 120;

/**
 * When the reconciliation job should next ask Bakong about a KHQR payment still "not found"
 * (payments/attempts/in-doubt.ts): while the code lives, after a quarter of its age (30 s, then backing
 * off to every two minutes), so a payer who paid and left is found within minutes; once it
 * expired, right after the grace, when a "not found" declines it.
 */
export function khqrNextCheckAt(payment: { created_at: Date; rail_expires_at: Date | null }, now: Date): Date {
	const ageSeconds = Math.max(0, (now.getTime() - new Date(payment.created_at).getTime()) / 1000);
	const next = new Date(
		now.getTime() + Math.min(KHQR_CHECK_EVERY_MAX_SECONDS, Math.max(KHQR_FIRST_CHECK_SECONDS, ageSeconds / 4)) * 1000,
	);
	if (!payment.rail_expires_at) return next;
	const decidable = new Date(new Date(payment.rail_expires_at).getTime() + (KHQR_EXPIRY_GRACE_SECONDS + 1) * 1000);
	if (now >= decidable) return next;
	return next < decidable ? next : decidable;
}

/** Where Bakong is for these settings: the test's fake when the server is pointed at one. */
export function bakongHost(deps: Pick<AppDeps, "config">, settings: KhqrRailSettings): string {
	return (deps.config.railEndpoints.bakongApi || BAKONG_HOSTS[settings.environment]).replace(/\/+$/, "");
}

/** What each of the gateway's calls needs: the tenant's settings and its Bakong client. */
interface KhqrContext {
	deps: AppDeps;
	tenantId: number;
	settings: KhqrRailSettings;
	bakong: BakongClient;
}

export function createKhqrGateway(deps: AppDeps, tenantId: number, settings: KhqrRailSettings): PaymentGateway {
	const rail: KhqrContext = {
		deps,
		tenantId,
		settings,
		bakong: new BakongClient(bakongHost(deps, settings), settings.token),
	};
	return {
		name: "khqr",
		isAvailable: () => true,
		startCheckout: (args) => startKhqrCheckout(rail, args),
		verifyCallback: () => null,
		queryPayment: (paymentId) => queryKhqrPayment(rail, paymentId),
		// No refund call at Bakong: the money is transferred back by staff, who record it.
		refund: async () => ({ status: "awaiting_transfer" }),
		checkConnection: () => checkKhqrConnection(rail),
		statement: (date) => khqrStatement(rail, date),
	};
}

/** What the rail was asked for, as openCheckout recorded it before the code was made. */
async function recorded({ deps, tenantId }: KhqrContext, paymentId: string) {
	return deps.db
		.selectFrom("payment")
		.select([
			"id",
			"tenant_id",
			"amount",
			"currency",
			"rail_currency",
			"rail_amount",
			"rail_ref",
			"rail_expires_at",
			"created_at",
		])
		.where("id", "=", paymentId)
		.where("tenant_id", "=", tenantId)
		.where("provider", "=", "khqr")
		.executeTakeFirst();
}

/**
 * Bakong's transaction as our report, or null when it cannot be one of ours: paid to another
 * account than ours (flagged for the operator), or an amount or currency we cannot read.
 */
async function reportOf(
	{ deps, tenantId, settings }: KhqrContext,
	paymentId: string,
	md5: string,
	txn: BakongTransaction,
): Promise<GatewayPaymentReport | null> {
	const currency = typeof txn.currency === "string" ? txn.currency.toUpperCase() : "";
	const amount = isKhqrCurrency(currency) ? minorUnitsOf(txn.amount, currency) : null;
	if (
		txn.toAccountId !== settings.bakongAccountId ||
		amount === null ||
		typeof txn.hash !== "string" ||
		txn.hash === ""
	) {
		deps.log.error(
			{ paymentId, md5, toAccountId: txn.toAccountId, amount: txn.amount, currency: txn.currency, hash: txn.hash },
			"Bakong names a transaction for this KHQR that is not ours to take (another account, or an amount we cannot read): not applied, flagged",
		);
		await flagDiscrepancy(deps.db, {
			tenantId,
			rail: "khqr",
			kind: "merchant_mismatch",
			paymentId,
			railTradeNo: txn.hash,
			at: deps.clock.now(),
			detail: {
				md5,
				hash: txn.hash,
				toAccountId: txn.toAccountId,
				ourAccountId: settings.bakongAccountId,
				amount: txn.amount,
				currency: txn.currency,
			},
		});
		return null;
	}
	return { paymentId, providerTxnId: txn.hash, amount, currency, status: "succeeded" };
}

/** Makes the payment's dynamic KHQR (and, in a phone browser, Bakong's deep link to the bank apps). */
async function startKhqrCheckout({ deps, settings, bakong }: KhqrContext, args: CheckoutArgs): Promise<CheckoutStart> {
	const code = args.railCurrency?.code ?? args.currency;
	if (!isKhqrCurrency(code)) throw new Error(`a KHQR cannot be made out in ${code}`);
	const amount = args.railCurrency?.amount ?? args.amount;
	const made = new BakongKHQR().generateIndividual(
		new IndividualInfo(settings.bakongAccountId, settings.merchantName, settings.merchantCity, {
			currency: KHQR_CURRENCY[code].numeric,
			amount: khqrAmountText(amount, code),
			billNumber: billNumberOf(args.paymentId),
			storeLabel: label(args.description),
			terminalLabel: args.scene === "counter" ? "Counter" : "Online",
			expirationTimestamp: args.expiresAt.getTime(),
		}),
	);
	if (made.status.code !== 0 || !made.data)
		throw new Error(`the KHQR SDK refused to make the code: ${made.status.errorCode} ${made.status.message}`);
	const { qr, md5 } = made.data;
	let deepLink: string | null = null;
	if (args.scene === "mobile_browser") {
		const origin = new URL(args.returnUrl).origin;
		deepLink = await bakong
			.deepLink(qr, { appIconUrl: `${origin}/favicon.ico`, appName: "Bayon", appDeepLinkCallback: args.returnUrl })
			.catch((error: unknown) => {
				// The code still works: the payer scans it, or opens their bank app by hand.
				deps.log.warn(
					{ err: error, paymentId: args.paymentId },
					"Bakong gave no deep link for a KHQR; showing the code only",
				);
				return null;
			});
	}
	return {
		channel: "khqr",
		railRef: md5,
		expiresAt: args.expiresAt,
		presentation: { kind: "qr", qrText: qr, deepLink },
	};
}

/** Asks Bakong by the md5 of the code shown; declines a code never shown, or expired past the grace. */
async function queryKhqrPayment(rail: KhqrContext, paymentId: string): Promise<GatewayPaymentReport | null> {
	const payment = await recorded(rail, paymentId);
	if (!payment) return null;
	const now = rail.deps.clock.now();
	const railCurrency = payment.rail_currency ?? payment.currency ?? "";
	const railAmount = payment.rail_amount ?? payment.amount;
	if (!payment.rail_ref) {
		// No code was ever shown for it, so nobody can have paid it.
		const age = (now.getTime() - new Date(payment.created_at).getTime()) / 1000;
		return age >= NEVER_SHOWN_AFTER_SECONDS
			? {
					paymentId,
					providerTxnId: `khqr-never-shown:${paymentId}`,
					amount: railAmount,
					currency: railCurrency,
					status: "declined",
				}
			: null;
	}
	const txn = await rail.bakong.transactionByMd5(payment.rail_ref);
	if (txn) return reportOf(rail, paymentId, payment.rail_ref, txn);
	const expiresAt = payment.rail_expires_at ? new Date(payment.rail_expires_at).getTime() : null;
	if (expiresAt !== null && now.getTime() >= expiresAt + KHQR_EXPIRY_GRACE_SECONDS * 1000)
		return {
			paymentId,
			// Unique per payment (the provider's transaction ids are), and says why.
			providerTxnId: `khqr-expired:${payment.rail_ref}`,
			amount: railAmount,
			currency: railCurrency,
			status: "declined",
		};
	return null;
}

/** The operator's "test the connection": a made-up md5 asked of Bakong. */
async function checkKhqrConnection({ deps, settings, bakong }: KhqrContext): Promise<ConnectionCheck> {
	try {
		// A made-up md5: "not found" proves the host answers and takes our token.
		await bakong.transactionByMd5(createHash("md5").update(randomBytes(16)).digest("hex"));
		return { ok: true };
	} catch (error) {
		const detail = error instanceof Error ? error.message : String(error);
		if (error instanceof BakongUnavailable && error.problem === "credentials")
			return {
				ok: false,
				problem: new Date(settings.tokenExpiresAt).getTime() <= deps.clock.now().getTime() ? "expired" : "credentials",
				detail,
			};
		return { ok: false, problem: "unreachable", detail };
	}
}

/**
 * Bakong has no statement to download: the day's KHQR payments (Phnom Penh's calendar day
 * of their creation) are each asked about by their md5, and what Bakong knows is the
 * statement. A payment it does not know is simply absent, for the reconciliation to see.
 */
async function khqrStatement({ deps, tenantId, bakong }: KhqrContext, date: string): Promise<StatementLine[]> {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`not a date: ${date}`);
	const from = new Date(Date.parse(`${date}T00:00:00Z`) - PHNOM_PENH_OFFSET_MS);
	const to = new Date(from.getTime() + 24 * 3600 * 1000);
	const payments = await deps.db
		.selectFrom("payment")
		.select(["id", "rail_ref"])
		.where("tenant_id", "=", tenantId)
		.where("provider", "=", "khqr")
		.where("rail_ref", "is not", null)
		.where("created_at", ">=", from)
		.where("created_at", "<", to)
		.orderBy("created_at")
		.execute();
	const lines: StatementLine[] = [];
	for (const payment of payments) {
		const md5 = payment.rail_ref as string;
		const txn = await bakong.transactionByMd5(md5);
		if (!txn) continue;
		const currency = typeof txn.currency === "string" ? txn.currency.toUpperCase() : "";
		const amount = isKhqrCurrency(currency) ? minorUnitsOf(txn.amount, currency as KhqrCurrencyCode) : null;
		lines.push({
			paymentId: payment.id,
			providerTxnId: txn.hash,
			kind: "payment",
			// An amount that cannot be read shows as a difference, never as a match.
			amount: amount ?? -1,
			currency,
			status: "succeeded",
			at: new Date(txn.acknowledgedDateMs ?? txn.createdDateMs ?? Date.parse(`${date}T00:00:00Z`)),
		});
	}
	return lines;
}

/** KHQR in US dollars or riel; settings entered by the platform operator (rail-settings). */
export const khqrRail: Rail<"khqr"> = {
	name: "khqr",
	currencies: ["USD", "KHR"],
	gateway: createKhqrGateway,
	firstCheckSeconds: KHQR_FIRST_CHECK_SECONDS,
	nextCheckAt: khqrNextCheckAt,
	summary: (settings) => ({
		bakongAccountId: settings.bakongAccountId,
		merchantName: settings.merchantName,
		merchantCity: settings.merchantCity,
		environment: settings.environment,
		token: `…${settings.token.slice(-4)}`,
		tokenExpiresAt: settings.tokenExpiresAt,
	}),
};
