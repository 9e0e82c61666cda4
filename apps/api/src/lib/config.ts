import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

// Where a provider is: its own host by default; tests and staging point it at a fake.
const URL_SCHEMA = z.string().regex(/^https?:\/\/[^/]+(\/.*[^/])?$/, "must be an http(s) URL without a trailing slash");

export const EnvSchema = z.object({
	NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
	PORT: z.coerce.number().int().min(0).max(65535).default(8080),
	HOST: z.string().min(1).default("127.0.0.1"),
	DATABASE_URL: z
		.string()
		.regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// connection URL")
		.optional(),
	// Off behind PgBouncer in transaction mode (decision 036).
	DATABASE_PREPARED_STATEMENTS: z.enum(["true", "false"]).default("true"),
	// A read-only replica for the menu and the lists (decision 036).
	DATABASE_REPLICA_URL: z
		.string()
		.regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// connection URL")
		.optional(),
	// Straight to PostgreSQL past a pooler, for the event bus's LISTEN (decision 036).
	DATABASE_DIRECT_URL: z
		.string()
		.regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// connection URL")
		.optional(),
	DATA_DIR: z.string().min(1).default("./data"),
	TELEGRAM_BOT_TOKEN: z
		.string()
		.regex(/^\d+:[A-Za-z0-9_-]{20,}$/, "must look like 123456:ABC-token (from @BotFather)")
		.optional(),
	// Where the bot's Bot API calls go: Telegram's own, or a local Bot API (tests, staging).
	TELEGRAM_API_URL: z
		.string()
		.regex(/^https?:\/\/[^/]+(\/.*[^/])?$/, "must be an http(s) URL without a trailing slash")
		.default("https://api.telegram.org"),
	// Telegram sends it back in X-Telegram-Bot-Api-Secret-Token on every webhook call.
	TELEGRAM_WEBHOOK_SECRET: z
		.string()
		.regex(/^[A-Za-z0-9_-]{16,256}$/, "must be 16 to 256 letters, digits, _ or -")
		.optional(),
	// SMS providers (decision 032): the first that works sends; a comma-separated list in order.
	SMS_PROVIDER: z
		.string()
		.regex(
			/^(outbox|aliyun|tencent|twilio)(,(outbox|aliyun|tencent|twilio))*$/,
			"must be a comma-separated list of outbox, aliyun, tencent, twilio (e.g. aliyun,twilio)",
		)
		.optional(),
	SMS_ATTEMPT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(30).default(3),
	SMS_ATTEMPTS_PER_PROVIDER: z.coerce.number().int().min(1).max(5).default(2),
	ALIYUN_SMS_ACCESS_KEY_ID: z.string().min(1).optional(),
	ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().min(1).optional(),
	ALIYUN_SMS_SIGN_NAME: z.string().min(1).optional(),
	ALIYUN_SMS_TEMPLATE_CODE: z
		.string()
		.regex(/^SMS_\d+$/, "must be a template code like SMS_123456789")
		.optional(),
	ALIYUN_SMS_ENDPOINT: URL_SCHEMA.default("https://dysmsapi.aliyuncs.com"),
	TENCENT_SMS_SECRET_ID: z.string().min(1).optional(),
	TENCENT_SMS_SECRET_KEY: z.string().min(1).optional(),
	TENCENT_SMS_SDK_APP_ID: z
		.string()
		.regex(/^\d+$/, "must be the SmsSdkAppId, digits only (e.g. 1400006666)")
		.optional(),
	TENCENT_SMS_SIGN_NAME: z.string().min(1).optional(),
	TENCENT_SMS_TEMPLATE_ID: z.string().regex(/^\d+$/, "must be the template's id, digits only").optional(),
	TENCENT_SMS_REGION: z
		.string()
		.regex(/^[a-z]+-[a-z]+$/, "must be a region like ap-guangzhou")
		.default("ap-guangzhou"),
	TENCENT_SMS_ENDPOINT: URL_SCHEMA.default("https://sms.tencentcloudapi.com"),
	TWILIO_ACCOUNT_SID: z
		.string()
		.regex(/^AC[0-9a-fA-F]{32}$/, "must be an Account SID (AC followed by 32 hex digits)")
		.optional(),
	TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
	TWILIO_FROM: z
		.string()
		.regex(/^(\+[1-9]\d{6,14}|[A-Za-z0-9 ]{1,11})$/, "must be an E.164 number (+855…) or an alphanumeric sender ID")
		.optional(),
	TWILIO_MESSAGING_SERVICE_SID: z
		.string()
		.regex(/^MG[0-9a-fA-F]{32}$/, "must be a Messaging Service SID (MG…)")
		.optional(),
	TWILIO_MESSAGE: z
		.string()
		.includes("{code}", { message: "must contain {code}" })
		.default("Bayon: your code is {code}. It expires in {minutes} minutes."),
	TWILIO_API_URL: URL_SCHEMA.default("https://api.twilio.com"),
	// With a token, codes go by Telegram to numbers that have it, SMS otherwise.
	TELEGRAM_GATEWAY_TOKEN: z.string().min(1).optional(),
	TELEGRAM_GATEWAY_URL: URL_SCHEMA.default("https://gatewayapi.telegram.org"),
	TOKEN_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
	BANK_CARD_KEY: z
		.string()
		.regex(/^[A-Za-z0-9+/_-]{43}=?$/, "must be 32 random bytes in base64 (openssl rand -base64 32)")
		.optional(),
	// The 32-byte key the payment rails' secrets are sealed with (payments/rail-settings/sealing.ts).
	RAIL_SECRETS_KEY: z
		.string()
		.regex(/^[A-Za-z0-9+/_-]{43}=?$/, "must be 32 random bytes in base64 (openssl rand -base64 32)")
		.optional(),
	// The rails' hosts: their own by default; tests and staging point them at fakes.
	WECHATPAY_API_URL: z
		.string()
		.regex(/^https?:\/\/[^/]+(\/.*[^/])?$/, "must be an http(s) URL without a trailing slash")
		.default("https://api.mch.weixin.qq.com"),
	WECHAT_OAUTH_URL: z
		.string()
		.regex(/^https?:\/\/[^/]+(\/.*[^/])?$/, "must be an http(s) URL without a trailing slash")
		.default("https://open.weixin.qq.com"),
	WECHAT_API_URL: z
		.string()
		.regex(/^https?:\/\/[^/]+(\/.*[^/])?$/, "must be an http(s) URL without a trailing slash")
		.default("https://api.weixin.qq.com"),
	ALIPAY_GATEWAY_URL: z
		.string()
		.regex(/^https?:\/\/[^/]+(\/.*[^/])?$/, "must be an http(s) URL without a trailing slash")
		.optional(),
	BAKONG_API_URL: z
		.string()
		.regex(/^https?:\/\/[^/]+(\/.*[^/])?$/, "must be an http(s) URL without a trailing slash")
		.optional(),
	LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
	/** Bearer token Prometheus sends to /metrics (decision 035); without it /metrics is off in production. */
	METRICS_TOKEN: z.string().min(32, "must be at least 32 characters (openssl rand -hex 32)").optional(),
	WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, "apps/web/dist")),
	SEED_DEMO: z.enum(["true", "false"]).optional(),
	REDIS_URL: z
		.string()
		.regex(/^rediss?:\/\/.+/, "must be a redis:// or rediss:// URL")
		.optional(),
	ORDER_PAYMENT_MINUTES: z.coerce.number().int().min(1, "must be at least 1 minute").max(1440).default(15),
	FAKE_NOW: z.iso.datetime({ offset: true, error: "must be an ISO date-time like 2026-11-20T05:00:00Z" }).optional(),
	PUBLIC_URL: z
		.string()
		.regex(/^https?:\/\/[^/]+$/, "must be an origin like https://order.example.com (no path, no trailing slash)")
		.optional(),
	TRUST_PROXY: z
		.string()
		.regex(/^(true|false|[\d.:/a-fA-F, ]+)$/, "must be true, false or a comma-separated list of proxy addresses")
		.default("false"),
	HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
	HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
	// From SIGTERM to exit: requests in flight may finish within it; what is left is cut (decision 034).
	SHUTDOWN_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
	// After SIGTERM, not ready but still answering for this long, while balancers notice (decision
	// 034); part of SHUTDOWN_SECONDS. Unset: 5 in production (at most half of it), 0 elsewhere.
	SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).optional(),
	UPLOAD_IMAGE_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
	UPLOAD_QUEUE_LENGTH: z.coerce.number().int().min(0).max(10_000).default(16),
	// A shop behind one public address (a mall's Wi-Fi, a carrier's NAT) may need more.
	SMS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
	// Uploads in an S3-compatible bucket instead of DATA_DIR/uploads (decision 033); see objectStorageOf.
	S3_BUCKET: z
		.string()
		.regex(/^[a-z0-9][a-z0-9.-]{1,62}$/, "must be a bucket name (a-z, 0-9, . and -)")
		.optional(),
	S3_REGION: z.string().min(1).optional(),
	S3_ENDPOINT: z
		.string()
		.regex(/^https?:\/\/[^/]+(\/.*[^/])?$/, "must be an http(s) URL without a trailing slash")
		.optional(),
	S3_ACCESS_KEY_ID: z.string().min(1).optional(),
	S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
	S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
	S3_PUBLIC_URL: z
		.string()
		.regex(/^https?:\/\/[^/]+(\/.*[^/])?$/, "must be an http(s) URL without a trailing slash")
		.optional(),
	S3_KEY_PREFIX: z
		.string()
		.regex(/^([A-Za-z0-9._-]+\/)*$/, "must be empty or folder names each ending in / (like uploads/)")
		.optional(),
	S3_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).optional(),
	// Between two runs of each background job; one server runs each job (decision 037).
	JOB_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
});

export interface Config {
	env: "development" | "production" | "test";
	port: number;
	host: string;
	databaseUrl: string | undefined;
	/** Hot queries as named prepared statements (DATABASE_PREPARED_STATEMENTS; off behind PgBouncer in transaction mode). */
	databasePreparedStatements: boolean;
	/** A read-only replica for the menu and the lists (DATABASE_REPLICA_URL). */
	databaseReplicaUrl: string | undefined;
	/** PostgreSQL past the pooler, for LISTEN (DATABASE_DIRECT_URL). */
	databaseDirectUrl: string | undefined;
	dataDir: string;
	telegramBotToken: string | undefined;
	/** The Bot API's root (issue 15): Telegram's own unless TELEGRAM_API_URL points elsewhere. */
	telegramApiUrl: string;
	/**
	 * The secret Telegram echoes on webhook calls: TELEGRAM_WEBHOOK_SECRET, or one derived from
	 * the token secret (lib/telegram-bot.ts) so every server of a deployment agrees.
	 */
	telegramWebhookSecret: string | undefined;
	/** SMS_PROVIDER as given (or "outbox" by default outside production), for the start-up line. */
	smsProvider: string;
	/** Which SMS providers send codes, in order, and each one's settings (decision 032). */
	sms: SmsSettings;
	/** Pepper for hashing SMS codes and key for signing tokens we hand out (table QR codes). */
	tokenSecret: string;
	/**
	 * The 32-byte key bank card numbers are encrypted and hashed with (decision 023), from
	 * BANK_CARD_KEY. Required in production; unset elsewhere, the card code derives one from
	 * tokenSecret (merchant-wallet/card-crypto.ts), so `npm start` works with no configuration.
	 */
	bankCardKey: Buffer | undefined;
	/**
	 * The 32-byte key the payment rails' secrets are sealed with (decision 031), from
	 * RAIL_SECRETS_KEY. Required in production; elsewhere derived from tokenSecret.
	 */
	railSecretsKey: Buffer | undefined;
	/**
	 * Where the rails are: WeChat Pay's API, WeChat's sign-in page and its API; Alipay's gateway
	 * and Bakong's API when set (otherwise each by the environment its settings name).
	 */
	railEndpoints: RailEndpoints;
	logLevel: string;
	/** METRICS_TOKEN: /metrics asks for it as a bearer token; unset, /metrics is open outside production and off in it. */
	metricsToken: string | undefined;
	webDistDir: string;
	/** Apply the demo seed when the database is empty (never by default in production). */
	seedDemo: boolean;
	limits: RateLimits;
	/** Tests lower the QR sheet builder's limits (features/tables/qr-sheet.ts SHEET_LIMITS); unset in use. */
	qrSheetLimits?: { building?: number; waiting?: number; waitMs?: number };
	/**
	 * Whose X-Forwarded-For to believe (Fastify's trustProxy). Off by default: believing
	 * any client would let it pick its own IP and dodge the per-IP limits.
	 */
	trustProxy: boolean | string;
	/** Origin for links we hand out (table QR codes); unset: the host of the request. */
	publicUrl: string | undefined;
	/**
	 * Browser tests only: the server's clock starts at this instant and runs on from it, so
	 * "is the shop open" does not depend on when the tests run. Refused in production.
	 */
	fakeNow: Date | undefined;
	/** How long an unpaid order holds its stock before it is cancelled. */
	orderPaymentSeconds: number;
	/** Live events between servers through Redis instead of PostgreSQL LISTEN/NOTIFY. */
	redisUrl: string | undefined;
	/** Between two runs of each background job (JOB_INTERVAL_SECONDS); tests shorten it. */
	jobIntervalMs: number;
	http: HttpTimeouts;
	/**
	 * SHUTDOWN_SECONDS: how long a stopping server may take, from SIGTERM to exit (decision 034).
	 * Requests in flight finish within it; past it what is left is cut off and the process exits.
	 */
	shutdownSeconds: number;
	/**
	 * SHUTDOWN_DRAIN_SECONDS: at the start of the stop, how long the server, already answering
	 * /readyz with 503, goes on accepting connections so that load balancers notice before it
	 * stops listening (decision 034). At most half of shutdownSeconds.
	 */
	shutdownDrainSeconds: number;
	uploads: UploadLimits;
	/** The S3-compatible bucket uploads go to (S3_*); unset: the data folder (decision 033). */
	objectStorage: ObjectStorageSettings | undefined;
}

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Alibaba OSS) for uploads. */
export interface ObjectStorageSettings {
	bucket: string;
	/** `auto` for R2; the bucket's region for AWS and OSS (oss-cn-hangzhou). */
	region: string;
	/** Unset: AWS S3 itself. */
	endpoint: string | undefined;
	/** Unset: the SDK's own chain (an instance or task role on AWS). */
	credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
	/** Bucket in the path (MinIO, most self-hosted stores) rather than in the host name. */
	forcePathStyle: boolean;
	/** A public base (CDN or public bucket) /uploads/ redirects to; unset: the server streams files. */
	publicUrl: string | undefined;
	/** Put before every file name in the bucket (`uploads/` by default), so a bucket can be shared. */
	keyPrefix: string;
	/** How long the store may take to connect or stay silent before a call fails. */
	timeoutMs: number;
}

/**
 * How long a client may take to send a request. Without them a body that stalls holds its
 * connection and buffers until the client leaves (Fastify turns Node's own limit off).
 */
export interface HttpTimeouts {
	/** The whole request, body included; an upload slower than this is cut off (HTTP 408). */
	requestTimeoutMs: number;
	/** The request line and headers; never longer than the whole request. */
	headersTimeoutMs: number;
}

/** Decoding images costs CPU and memory: a few at once, a bounded line waiting, then "busy". */
export interface UploadLimits {
	/** Images decoded and re-encoded at the same time. */
	imageWorkers: number;
	/** Uploads that may wait for a worker; the next one is told to try again later. */
	maxWaiting: number;
	/** Stop decoding an image that takes longer than this (a last guard behind the pixel limits). */
	processingTimeoutSeconds: number;
}

/** OTP limits (security-and-money §A2). Tests lower or raise them to reach the edges quickly. */
export interface RateLimits {
	smsCodeTtlSeconds: number;
	smsCodeMaxAttempts: number;
	smsResendSeconds: number;
	smsPerPhoneWindowSeconds: number;
	smsPerPhoneInWindow: number;
	smsPerPhonePerDay: number;
	smsPerIpPerHour: number;
}

export const defaultRateLimits: RateLimits = {
	smsCodeTtlSeconds: 300,
	smsCodeMaxAttempts: 5,
	smsResendSeconds: 60,
	smsPerPhoneWindowSeconds: 600,
	smsPerPhoneInWindow: 5,
	smsPerPhonePerDay: 10,
	smsPerIpPerHour: 20,
};

export interface RailEndpoints {
	wechatPay: string;
	wechatOAuth: string;
	wechatApi: string;
	alipayGateway: string | undefined;
	bakongApi: string | undefined;
}

export type SmsProviderName = "outbox" | "aliyun" | "tencent" | "twilio";

export interface SmsSettings {
	/** Tried in this order; the next takes over when one fails. */
	providers: SmsProviderName[];
	/** One call to a provider; a stalled one is given up after this long (the customer waits). */
	attemptTimeoutMs: number;
	/** Calls to one provider (the first and its retries) before the next provider is tried. */
	attemptsPerProvider: number;
	/** The whole send, every provider and wait included: past it the customer is told to try again. */
	deadlineMs: number;
	aliyun?: { accessKeyId: string; accessKeySecret: string; signName: string; templateCode: string; endpoint: string };
	tencent?: {
		secretId: string;
		secretKey: string;
		sdkAppId: string;
		signName: string;
		templateId: string;
		region: string;
		endpoint: string;
	};
	twilio?: {
		accountSid: string;
		authToken: string;
		/** Exactly one of from and messagingServiceSid. */
		from?: string;
		messagingServiceSid?: string;
		/** The text, with {code} and {minutes}. */
		message: string;
		apiUrl: string;
	};
	/** Set when TELEGRAM_GATEWAY_TOKEN is: codes go by Telegram first to numbers that have it. */
	telegramGateway?: { token: string; apiUrl: string };
}

export class ConfigError extends Error {}

/** Reads and checks the environment; a bad value stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
	const parsed = EnvSchema.safeParse(env);
	if (!parsed.success) {
		const lines = parsed.error.issues.map(
			(issue) => `  ${issue.path.join(".")}=${JSON.stringify(env[String(issue.path[0])] ?? "")}: ${issue.message}`,
		);
		throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
	}
	const e = parsed.data;
	const production = e.NODE_ENV === "production";
	// Every production problem is listed at once, so an operator fixes them in one go (and
	// each check can be seen on its own).
	const problems: string[] = [];
	if (production && e.FAKE_NOW) problems.push("FAKE_NOW is for tests and is refused when NODE_ENV=production.");
	const smsProvider = e.SMS_PROVIDER ?? (production ? undefined : "outbox");
	const sms = smsSettings(e, smsProvider, production, problems);
	if (production && !e.TOKEN_SECRET) {
		problems.push("TOKEN_SECRET is required when NODE_ENV=production (32+ random characters).");
	}
	if (production && !e.BANK_CARD_KEY) {
		problems.push(
			"BANK_CARD_KEY is required when NODE_ENV=production (32 random bytes in base64: openssl rand -base64 32); keep it: cards saved under it cannot be read without it.",
		);
	}
	if (production && !e.RAIL_SECRETS_KEY) {
		problems.push(
			"RAIL_SECRETS_KEY is required when NODE_ENV=production (32 random bytes in base64: openssl rand -base64 32); keep it: the payment rails' settings saved under it cannot be read without it.",
		);
	}
	const objectStorage = objectStorageOf(e, problems);
	const shutdownDrainSeconds = e.SHUTDOWN_DRAIN_SECONDS ?? (production ? Math.min(5, e.SHUTDOWN_SECONDS / 2) : 0);
	if (shutdownDrainSeconds > e.SHUTDOWN_SECONDS / 2)
		problems.push(
			`SHUTDOWN_DRAIN_SECONDS (${shutdownDrainSeconds}) must be at most half of SHUTDOWN_SECONDS (${e.SHUTDOWN_SECONDS}): the rest is for the requests taken during the drain to finish. Lower it or raise SHUTDOWN_SECONDS.`,
		);
	if (problems.length > 0 || !smsProvider) {
		throw new ConfigError(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join("\n")}`);
	}
	const dataDir = path.resolve(e.DATA_DIR);
	return {
		env: e.NODE_ENV,
		port: e.PORT,
		host: e.HOST,
		databaseUrl: e.DATABASE_URL,
		databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS === "true",
		databaseReplicaUrl: e.DATABASE_REPLICA_URL,
		databaseDirectUrl: e.DATABASE_DIRECT_URL,
		dataDir,
		telegramBotToken: e.TELEGRAM_BOT_TOKEN,
		telegramApiUrl: e.TELEGRAM_API_URL,
		telegramWebhookSecret: e.TELEGRAM_WEBHOOK_SECRET,
		smsProvider,
		sms,
		tokenSecret: e.TOKEN_SECRET ?? loadOrCreateLocalSecret(dataDir),
		bankCardKey: e.BANK_CARD_KEY ? Buffer.from(e.BANK_CARD_KEY, "base64") : undefined,
		railSecretsKey: e.RAIL_SECRETS_KEY ? Buffer.from(e.RAIL_SECRETS_KEY, "base64") : undefined,
		railEndpoints: {
			wechatPay: e.WECHATPAY_API_URL,
			wechatOAuth: e.WECHAT_OAUTH_URL,
			wechatApi: e.WECHAT_API_URL,
			alipayGateway: e.ALIPAY_GATEWAY_URL,
			bakongApi: e.BAKONG_API_URL,
		},
		logLevel: e.LOG_LEVEL,
		metricsToken: e.METRICS_TOKEN,
		webDistDir: path.resolve(e.WEB_DIST_DIR),
		seedDemo: e.SEED_DEMO ? e.SEED_DEMO === "true" : !production,
		limits: { ...defaultRateLimits, smsPerIpPerHour: e.SMS_PER_IP_PER_HOUR },
		trustProxy: parseTrustProxy(e.TRUST_PROXY),
		publicUrl: e.PUBLIC_URL,
		fakeNow: e.FAKE_NOW ? new Date(e.FAKE_NOW) : undefined,
		orderPaymentSeconds: e.ORDER_PAYMENT_MINUTES * 60,
		redisUrl: e.REDIS_URL,
		jobIntervalMs: e.JOB_INTERVAL_SECONDS * 1000,
		http: {
			requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
			headersTimeoutMs: Math.min(e.HTTP_HEADERS_TIMEOUT_SECONDS, e.HTTP_REQUEST_TIMEOUT_SECONDS) * 1000,
		},
		shutdownSeconds: e.SHUTDOWN_SECONDS,
		shutdownDrainSeconds,
		uploads: {
			// libvips runs in libuv's pool of 4 threads, which file and DNS work share: leave one.
			imageWorkers: e.UPLOAD_IMAGE_WORKERS ?? Math.min(availableParallelism(), 3),
			maxWaiting: e.UPLOAD_QUEUE_LENGTH,
			processingTimeoutSeconds: 20,
		},
		objectStorage,
	};
}

/**
 * The bucket from S3_*, or undefined when none of them is set. A set that is started but not
 * complete is refused with what is missing, rather than quietly keeping uploads on one disk.
 */
function objectStorageOf(e: z.infer<typeof EnvSchema>, problems: string[]): ObjectStorageSettings | undefined {
	const given = Object.entries(e).filter(([name, value]) => name.startsWith("S3_") && value !== undefined);
	if (given.length === 0) return undefined;
	const named = given.map(([name]) => name).join(", ");
	const missing = [e.S3_BUCKET ? null : "S3_BUCKET", e.S3_REGION ? null : "S3_REGION (auto for Cloudflare R2)"];
	for (const name of missing)
		if (name) problems.push(`${name} is required when any S3_* setting is set (set: ${named}).`);
	if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
		problems.push(
			"S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the machine's role.",
		);
	if (!e.S3_BUCKET || !e.S3_REGION) return undefined;
	return {
		bucket: e.S3_BUCKET,
		region: e.S3_REGION,
		endpoint: e.S3_ENDPOINT,
		credentials:
			e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
				? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
				: undefined,
		forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
		publicUrl: e.S3_PUBLIC_URL,
		keyPrefix: e.S3_KEY_PREFIX ?? "uploads/",
		timeoutMs: (e.S3_TIMEOUT_SECONDS ?? 5) * 1000,
	};
}

/**
 * The SMS block (decision 032): each provider SMS_PROVIDER lists must have all its settings; a
 * missing one is named. The outbox file is refused in production, alone or in a list.
 */
function smsSettings(
	e: z.infer<typeof EnvSchema>,
	smsProvider: string | undefined,
	production: boolean,
	problems: string[],
): SmsSettings {
	const providers = [...new Set((smsProvider ?? "").split(",").filter(Boolean))] as SmsProviderName[];
	if (!smsProvider) {
		problems.push(
			"SMS_PROVIDER is required when NODE_ENV=production: aliyun, tencent or twilio, or several in order (aliyun,twilio).",
		);
	} else if (production && providers.includes("outbox")) {
		problems.push(
			"SMS_PROVIDER=outbox writes codes to a file and is refused when NODE_ENV=production; use aliyun, tencent or twilio.",
		);
	}
	const settings: SmsSettings = {
		providers,
		attemptTimeoutMs: e.SMS_ATTEMPT_TIMEOUT_SECONDS * 1000,
		attemptsPerProvider: e.SMS_ATTEMPTS_PER_PROVIDER,
		// Time for every provider's attempts and the waits between them, but no longer than a
		// customer looking at "sending…" will wait (the web app itself gives up after 60 s).
		deadlineMs: Math.min(
			15_000,
			// Telegram's gateway, when set, is asked once before them.
			((e.TELEGRAM_GATEWAY_TOKEN ? 1 : 0) + Math.max(1, providers.length) * e.SMS_ATTEMPTS_PER_PROVIDER) *
				e.SMS_ATTEMPT_TIMEOUT_SECONDS *
				1000 +
				2000,
		),
	};
	const missing = (provider: string, names: Record<string, string | undefined>) => {
		const unset = Object.entries(names)
			.filter(([, value]) => !value)
			.map(([name]) => name);
		if (unset.length > 0) problems.push(`SMS_PROVIDER lists ${provider}, which needs ${unset.join(", ")} (not set).`);
		return unset.length > 0;
	};
	if (providers.includes("aliyun")) {
		const needed = {
			ALIYUN_SMS_ACCESS_KEY_ID: e.ALIYUN_SMS_ACCESS_KEY_ID,
			ALIYUN_SMS_ACCESS_KEY_SECRET: e.ALIYUN_SMS_ACCESS_KEY_SECRET,
			ALIYUN_SMS_SIGN_NAME: e.ALIYUN_SMS_SIGN_NAME,
			ALIYUN_SMS_TEMPLATE_CODE: e.ALIYUN_SMS_TEMPLATE_CODE,
		};
		if (!missing("aliyun", needed))
			settings.aliyun = {
				accessKeyId: needed.ALIYUN_SMS_ACCESS_KEY_ID as string,
				accessKeySecret: needed.ALIYUN_SMS_ACCESS_KEY_SECRET as string,
				signName: needed.ALIYUN_SMS_SIGN_NAME as string,
				templateCode: needed.ALIYUN_SMS_TEMPLATE_CODE as string,
				endpoint: e.ALIYUN_SMS_ENDPOINT,
			};
	}
	if (providers.includes("tencent")) {
		const needed = {
			TENCENT_SMS_SECRET_ID: e.TENCENT_SMS_SECRET_ID,
			TENCENT_SMS_SECRET_KEY: e.TENCENT_SMS_SECRET_KEY,
			TENCENT_SMS_SDK_APP_ID: e.TENCENT_SMS_SDK_APP_ID,
			TENCENT_SMS_SIGN_NAME: e.TENCENT_SMS_SIGN_NAME,
			TENCENT_SMS_TEMPLATE_ID: e.TENCENT_SMS_TEMPLATE_ID,
		};
		if (!missing("tencent", needed))
			settings.tencent = {
				secretId: needed.TENCENT_SMS_SECRET_ID as string,
				secretKey: needed.TENCENT_SMS_SECRET_KEY as string,
				sdkAppId: needed.TENCENT_SMS_SDK_APP_ID as string,
				signName: needed.TENCENT_SMS_SIGN_NAME as string,
				templateId: needed.TENCENT_SMS_TEMPLATE_ID as string,
				region: e.TENCENT_SMS_REGION,
				endpoint: e.TENCENT_SMS_ENDPOINT,
			};
	}
	if (providers.includes("twilio")) {
		const unset = missing("twilio", {
			TWILIO_ACCOUNT_SID: e.TWILIO_ACCOUNT_SID,
			TWILIO_AUTH_TOKEN: e.TWILIO_AUTH_TOKEN,
		});
		const senders = [e.TWILIO_FROM, e.TWILIO_MESSAGING_SERVICE_SID].filter(Boolean).length;
		if (senders !== 1)
			problems.push(
				"SMS_PROVIDER lists twilio, which needs exactly one of TWILIO_FROM (a number or sender ID) and TWILIO_MESSAGING_SERVICE_SID.",
			);
		if (!unset && senders === 1)
			settings.twilio = {
				accountSid: e.TWILIO_ACCOUNT_SID as string,
				authToken: e.TWILIO_AUTH_TOKEN as string,
				...(e.TWILIO_FROM
					? { from: e.TWILIO_FROM }
					: { messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID as string }),
				message: e.TWILIO_MESSAGE,
				apiUrl: e.TWILIO_API_URL,
			};
	}
	if (e.TELEGRAM_GATEWAY_TOKEN)
		settings.telegramGateway = { token: e.TELEGRAM_GATEWAY_TOKEN, apiUrl: e.TELEGRAM_GATEWAY_URL };
	return settings;
}

function parseTrustProxy(value: string): boolean | string {
	return value === "true" ? true : value === "false" ? false : value;
}

/**
 * Outside production a missing secret is generated once and kept in the data folder, so
 * codes and tokens survive restarts. Several servers must share TOKEN_SECRET instead.
 */
function loadOrCreateLocalSecret(dataDir: string): string {
	const file = path.join(dataDir, "secrets.json");
	try {
		const stored = JSON.parse(readFileSync(file, "utf8")) as { tokenSecret?: unknown };
		if (typeof stored.tokenSecret === "string" && stored.tokenSecret.length >= 32) return stored.tokenSecret;
	} catch {
		// No secret yet: create one below.
	}
	const tokenSecret = randomBytes(32).toString("base64url");
	mkdirSync(dataDir, { recursive: true });
	writeFileSync(file, `${JSON.stringify({ tokenSecret }, null, 2)}\n`, { mode: 0o600 });
	return tokenSecret;
}
