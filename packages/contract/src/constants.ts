/** Spec §9 and §5 constants shared by the server and the web app. */
export const Limits = {
	remarkMaxLength: 50,
	smsCodeLength: 6,
	nicknameMaxLength: 20,
	toastMs: 2000,
	debounceMs: 500,
	requestTimeoutMs: 60_000,
	pullRefreshRestoreMs: 350,
	smsResendSeconds: 60,
	locationRefreshMs: 30_000,
	mapZoom: { min: 5, max: 18, default: 16 },
	tabBarHeightPx: 50,
	accentColor: "#fae358",
	uploadMaxBytes: 5 * 1024 * 1024,
	uploadMaxPixelsPerSide: 4096,
	/** An animation (GIF, WebP) is decoded frame by frame: bound its frames and their pixels together. */
	uploadMaxFrames: 100,
	uploadMaxAnimationPixels: 16_000_000,
	pageSizeMax: 50,
} as const;

/** Spec §5: 11 digits, starting with 1, then 3–9. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** Spec §5: bank card numbers are 16 or 19 digits. */
export const BANK_CARD_PATTERN = /^(\d{16}|\d{19})$/;

/** A cart holds at most this many lines, each of at most this quantity. */
export const CART_MAX_LINES = 50;
export const CART_MAX_QUANTITY = 99;

/**
 * Close codes of the live websocket (`/infra/ws`) that the app acts on. `SessionEnded`: the
 * session was signed out or the member disabled; sign in again. `TooManySockets`: this member
 * or address already holds the most sockets a server allows; the app waits its longest backoff
 * before trying again instead of reconnecting at once. `ServiceRestart` (1012, RFC 6455's
 * "service restart"): this server is stopping (a deploy, decision 034); the app reconnects at
 * once, with a little jitter, and the load balancer sends it to a server that stays.
 */
export const LiveSocketClose = {
	SessionEnded: 4401,
	TooManySockets: 4429,
	ServiceRestart: 1012,
} as const;
