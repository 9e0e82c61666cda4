import { addDays, fromLocalMoment, type OpeningWindow, type ShopOpenState, toLocalMoment } from "@bayon/contract";

/** One weekly window as stored: weekday 0 = Sunday, times "HH:MM[:SS]" local to the shop. */
export interface WeeklyWindow {
	weekday: number;
	opensAt: string;
	closesAt: string;
}

/** Whole local days the shop is closed, inclusive, "YYYY-MM-DD". */
export interface Closure {
	startsOn: string;
	endsOn: string;
}

// The shop's clock is defined once in the contract, for the API and the web app alike.
export { addDays, fromLocalMoment, type LocalMoment, toLocalMoment } from "@bayon/contract";

const DAY_MINUTES = 24 * 60;

export function parseClock(value: string): number {
	const [hours, minutes] = value.split(":").map(Number) as [number, number];
	return hours * 60 + minutes;
}

export function formatClock(minutes: number): string {
	const normalized = ((minutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
	return `${String(Math.floor(normalized / 60)).padStart(2, "0")}:${String(normalized % 60).padStart(2, "0")}`;
}

/** How long a window lasts: closing at or before opening means it runs past midnight (equal: 24 h). */
function windowLength(window: WeeklyWindow): number {
	const opens = parseClock(window.opensAt);
	const closes = parseClock(window.closesAt);
	return closes > opens ? closes - opens : closes + DAY_MINUTES - opens;
}

function isClosedOn(date: string, closures: Closure[]): boolean {
	return closures.some((closure) => closure.startsOn <= date && date <= closure.endsOn);
}

/**
 * Whether the shop is inside an opening window at this instant. A window belongs to the
 * day it starts on: an overnight window from Friday 18:00 to 02:00 keeps the shop open
 * early on Saturday, unless Friday is a closure day. A closure day is closed all day, so
 * Thursday's overnight tail does not open the shop early on a closed Friday either.
 */
export function isWithinHours(windows: WeeklyWindow[], closures: Closure[], timeZone: string, instant: Date): boolean {
	const now = toLocalMoment(instant, timeZone);
	const yesterday = addDays(now.date, -1);
	const yesterdayWeekday = (now.weekday + 6) % 7;
	if (isClosedOn(now.date, closures)) return false;
	return windows.some((window) => {
		const opens = parseClock(window.opensAt);
		const length = windowLength(window);
		if (window.weekday === now.weekday) {
			if (now.minutes >= opens && now.minutes < opens + length) return true;
		}
		if (window.weekday === yesterdayWeekday && !isClosedOn(yesterday, closures)) {
			// Minutes since yesterday's opening, for windows running past midnight.
			if (now.minutes + DAY_MINUTES < opens + length) return true;
		}
		return false;
	});
}

/** The first opening strictly after this instant, looking a week (plus closures) ahead. */
export function nextOpening(
	windows: WeeklyWindow[],
	closures: Closure[],
	timeZone: string,
	instant: Date,
): Date | null {
	const today = toLocalMoment(instant, timeZone).date;
	for (let offset = 0; offset <= 60; offset++) {
		const date = addDays(today, offset);
		if (isClosedOn(date, closures)) continue;
		const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
		const starts = windows
			.filter((window) => window.weekday === weekday)
			.map((window) => fromLocalMoment(date, parseClock(window.opensAt), timeZone))
			.filter((start) => start.getTime() > instant.getTime())
			.sort((a, b) => a.getTime() - b.getTime());
		if (starts[0]) return starts[0];
	}
	return null;
}

/**
 * The shop's open state as the app shows it; computed from the hours, the closures and the
 * pause at this instant, never stored. A pause ("busy kitchen, no new orders for 30 minutes")
 * shows only while it is what keeps an otherwise open shop closed; outside the hours the
 * shop is simply closed. When paused, the shop opens again when the pause ends if its hours
 * still cover that moment, else at its next opening.
 */
export function computeOpenState(
	args: {
		windows: WeeklyWindow[];
		closures: Closure[];
		timeZone: string;
		acceptingOrders: boolean;
		pausedUntil?: Date | null;
	},
	instant: Date,
): ShopOpenState {
	const local = toLocalMoment(instant, args.timeZone);
	const closedToday = isClosedOn(local.date, args.closures);
	const todayHours: OpeningWindow[] = closedToday
		? []
		: args.windows
				.filter((window) => window.weekday === local.weekday)
				.sort((a, b) => parseClock(a.opensAt) - parseClock(b.opensAt))
				.map((window) => ({
					opensAt: formatClock(parseClock(window.opensAt)),
					closesAt: formatClock(parseClock(window.closesAt)),
				}));
	const withinHours = isWithinHours(args.windows, args.closures, args.timeZone, instant);
	const pauseEnds =
		args.pausedUntil && args.pausedUntil.getTime() > instant.getTime() && withinHours && args.acceptingOrders
			? args.pausedUntil
			: null;
	const isOpen = withinHours && args.acceptingOrders && !pauseEnds;
	let nextOpenAt: Date | null = null;
	if (pauseEnds) {
		nextOpenAt = isWithinHours(args.windows, args.closures, args.timeZone, pauseEnds)
			? pauseEnds
			: nextOpening(args.windows, args.closures, args.timeZone, pauseEnds);
	} else if (!withinHours) {
		nextOpenAt = nextOpening(args.windows, args.closures, args.timeZone, instant);
	}
	return {
		isOpen,
		acceptingOrders: args.acceptingOrders,
		todayHours,
		closedToday,
		nextOpenAt: nextOpenAt?.toISOString() ?? null,
		pausedUntil: pauseEnds?.toISOString() ?? null,
	};
}
