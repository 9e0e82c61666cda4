/** The source of "now" for business rules, so tests can move time instead of waiting. */
export interface Clock {
	now(): Date;
}

/** A clock a test may move forward (the harness's ManualClock, or the FAKE_NOW clock below). */
export interface MovableClock extends Clock {
	advance(seconds: number): void;
}

export const systemClock: Clock = { now: () => new Date() };

export function addSeconds(date: Date, seconds: number): Date {
	return new Date(date.getTime() + seconds * 1000);
}

/**
 * A clock that starts at `start` and runs at normal speed from there (FAKE_NOW). Browser tests
 * move it forward (POST /app-api/test/clock/advance) to let a hold pass without waiting.
 */
export function clockStartingAt(start: Date): MovableClock {
	let offset = start.getTime() - Date.now();
	return {
		now: () => new Date(Date.now() + offset),
		advance(seconds) {
			offset += seconds * 1000;
		},
	};
}

export function isMovable(clock: Clock): clock is MovableClock {
	return typeof (clock as Partial<MovableClock>).advance === "function";
}
