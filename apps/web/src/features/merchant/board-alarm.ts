import { useSyncExternalStore } from "react";
import { createBeeper, createOrderAlarm, type OrderAlarm } from "./alert";

/**
 * The merchant area's one alarm: it outlives a visit to an order's detail page, so what was
 * acknowledged there stays silent back on the board.
 */
let alarm: OrderAlarm | null = null;
let beeper: ReturnType<typeof createBeeper> | null = null;

export function boardAlarm(): OrderAlarm {
	if (!alarm) {
		beeper = createBeeper();
		const sound = beeper;
		alarm = createOrderAlarm({ play: () => sound.beep() });
	}
	return alarm;
}

/** Browsers start audio suspended until a tap: call on any tap in the merchant area. */
export function unlockAlarmSound(): void {
	boardAlarm();
	beeper?.unlock();
}

export function useRingingOrders(): number[] {
	const current = boardAlarm();
	return useSyncExternalStore(current.subscribe, current.ringing, current.ringing);
}
