import { playAlarmSound, useRinging } from "../../../lib/staff/alarm-sound";
import { createOrderAlarm, type OrderAlarm } from "../../../lib/staff/alert";

/**
 * The order board's alarm: it outlives a visit to an order's detail page, so what was
 * acknowledged there stays silent back on the board. It sounds through the merchant area's
 * one sound (alarm-sound.ts), muted or not with the bell.
 */
let alarm: OrderAlarm | null = null;

export function boardAlarm(): OrderAlarm {
	alarm ??= createOrderAlarm({ play: playAlarmSound });
	return alarm;
}

export function useRingingOrders(): number[] {
	return useRinging(boardAlarm());
}
