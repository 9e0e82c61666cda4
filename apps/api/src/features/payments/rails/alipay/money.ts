/**
 * Alipay speaks yuan as decimal strings ("12.30") and Beijing wall-clock times
 * ("2026-12-07 10:30:00"); we keep fen as integers and instants. Conversions here are exact:
 * strings and integer arithmetic only, never floats.
 */

/** Fen (a positive safe integer) as Alipay's yuan string: 1230 → "12.30". */
export function fenToYuan(fen: number): string {
	if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`not an amount in fen: ${fen}`);
	const yuan = Math.trunc(fen / 100);
	const cents = fen % 100;
	return `${yuan}.${String(cents).padStart(2, "0")}`;
}

const YUAN = /^(0|[1-9]\d{0,12})(?:\.(\d{1,2}))?$/;

/** Alipay's yuan string as fen ("12.3" → 1230); null when it is not a plain non-negative amount. */
export function yuanToFen(yuan: unknown): number | null {
	if (typeof yuan !== "string") return null;
	const match = YUAN.exec(yuan.trim());
	if (!match) return null;
	const whole = Number(match[1]);
	const fraction = Number((match[2] ?? "").padEnd(2, "0"));
	const fen = whole * 100 + fraction;
	return Number.isSafeInteger(fen) ? fen : null;
}

const SHANGHAI = new Intl.DateTimeFormat("en-CA", {
	timeZone: "Asia/Shanghai",
	year: "numeric",
	month: "2-digit",
	day: "2-digit",
	hour: "2-digit",
	minute: "2-digit",
	second: "2-digit",
	hourCycle: "h23",
});

/** An instant as Alipay's "yyyy-MM-dd HH:mm:ss" in Beijing time (Asia/Shanghai, UTC+8 all year). */
export function shanghaiTime(at: Date): string {
	const parts = Object.fromEntries(SHANGHAI.formatToParts(at).map((part) => [part.type, part.value]));
	return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Alipay's "yyyy-MM-dd HH:mm:ss" (Beijing time) as an instant; null when it is not one. */
export function fromShanghaiTime(text: unknown): Date | null {
	if (typeof text !== "string") return null;
	const match = WALL_CLOCK.exec(text.trim());
	if (!match) return null;
	const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
	// China has kept UTC+8 without daylight saving since 1991.
	const at = new Date(Date.UTC(y, mo - 1, d, h - 8, mi, s));
	return Number.isNaN(at.getTime()) ? null : at;
}
