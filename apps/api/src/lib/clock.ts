/** The source of "now" for business rules, so tests can move time instead of waiting. */
export interface Clock {
	now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function addSeconds(date: Date, seconds: number): Date {
	return new Date(date.getTime() + seconds * 1000);
}

/** A clock that starts at `start` and runs at normal speed from there. */
export function clockStartingAt(start: Date): Clock {
	const offset = start.getTime() - Date.now();
	return { now: () => new Date(Date.now() + offset) };
}
