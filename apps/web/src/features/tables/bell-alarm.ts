import { playAlarmSound, useRinging } from "../../lib/staff/alarm-sound";
import { createOrderAlarm, type OrderAlarm } from "../../lib/staff/alert";

/**
 * The table bell's alarm (merchant/bell): the order board's rhythm (lib/staff/alert.ts), keyed
 * by call ids, sounding through the merchant area's one sound (lib/staff/alarm-sound.ts), so
 * the board's mute switch silences the bell too. One per app, so a call answered on this page
 * stays silent after a visit elsewhere; a call still unanswered rings again on return.
 */
let alarm: OrderAlarm | null = null;

export function bellAlarm(): OrderAlarm {
	alarm ??= createOrderAlarm({ play: playAlarmSound });
	return alarm;
}

/** Call ids ringing now. */
export function useRingingCalls(): number[] {
	return useRinging(bellAlarm());
}
