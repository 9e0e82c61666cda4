import { useSyncExternalStore } from "react";
import { createBeeper, createOrderAlarm, type OrderAlarm } from "../merchant/alert";

/**
 * The table bell's alarm (merchant/bell): the order board's sound and rhythm (merchant/alert.ts),
 * keyed by call ids. One per app, so a call answered on this page stays silent after a visit
 * elsewhere; a call still unanswered rings again on return.
 */
let alarm: OrderAlarm | null = null;
let beeper: ReturnType<typeof createBeeper> | null = null;

export function bellAlarm(): OrderAlarm {
	if (!alarm) {
		beeper = createBeeper();
		const sound = beeper;
		alarm = createOrderAlarm({ play: () => sound.beep() });
	}
	return alarm;
}

/** Browsers start audio suspended until a tap: call on any tap on the page. */
export function unlockBellSound(): void {
	bellAlarm();
	beeper?.unlock();
}

/** Call ids ringing now. */
export function useRingingCalls(): number[] {
	const current = bellAlarm();
	return useSyncExternalStore(current.subscribe, current.ringing, current.ringing);
}
