import { useSyncExternalStore } from "react";
import { createBeeper, createOrderAlarm, type OrderAlarm } from "./alert";

/**
 * The merchant area's one alarm: it outlives a visit to an order's detail page, so what was
 * acknowledged there stays silent back on the board.
 */
let alarm: OrderAlarm | null = null;
/** The table bell's alarm (merchant/bell): the same sound and rhythm, keyed by call ids. */
let bell: OrderAlarm | null = null;
let beeper: ReturnType<typeof createBeeper> | null = null;

function sound(): ReturnType<typeof createBeeper> {
	beeper ??= createBeeper();
	return beeper;
}

export function boardAlarm(): OrderAlarm {
	if (!alarm) {
		const shared = sound();
		alarm = createOrderAlarm({ play: () => shared.beep() });
	}
	return alarm;
}

/** Rings while any table's call is unanswered; the ids are call ids. */
export function bellAlarm(): OrderAlarm {
	if (!bell) {
		const shared = sound();
		bell = createOrderAlarm({ play: () => shared.beep() });
	}
	return bell;
}

/** Browsers start audio suspended until a tap: call on any tap in the merchant area. */
export function unlockAlarmSound(): void {
	sound().unlock();
}

export function useRingingOrders(): number[] {
	const current = boardAlarm();
	return useSyncExternalStore(current.subscribe, current.ringing, current.ringing);
}
