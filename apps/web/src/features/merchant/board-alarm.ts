import { useSyncExternalStore } from "react";
import { readString, writeString } from "../../lib/storage";
import { type Beeper, createBeeper, createOrderAlarm, type OrderAlarm } from "./alert";

/**
 * The merchant area's one alarm: it outlives a visit to an order's detail page, so what was
 * acknowledged there stays silent back on the board.
 */
let alarm: OrderAlarm | null = null;
let beeper: Beeper | null = null;

/** This device's choice for the order sound ("on" / "off"); unset counts as on. */
export const SOUND_PREFERENCE_KEY = "merchantBoardSound";
let muted = readString(SOUND_PREFERENCE_KEY) === "off";
const soundListeners = new Set<() => void>();
const emitSound = () => {
	for (const listener of soundListeners) listener();
};

function sound(): Beeper {
	beeper ??= createBeeper(undefined, emitSound);
	return beeper;
}

export function boardAlarm(): OrderAlarm {
	if (!alarm) {
		// Muted: the banner and the red outline still show; only the beep is left out.
		alarm = createOrderAlarm({ play: () => (muted ? undefined : sound().beep()) });
	}
	return alarm;
}

/** Browsers start audio suspended until a tap: call on any tap in the merchant area. */
export function unlockAlarmSound(): void {
	if (!muted) sound().unlock();
}

/**
 * What the staff hear, as the board says it: `on` (audible), `blocked` (wanted, but the browser
 * waits for a tap before it lets a page make sound), `off` (muted on this device) or
 * `unavailable` (no Web Audio here).
 */
export type BoardSoundState = "on" | "blocked" | "off" | "unavailable";

function boardSoundState(): BoardSoundState {
	if (muted) return "off";
	const state = sound().state();
	return state === "running" ? "on" : state === "unavailable" ? "unavailable" : "blocked";
}

/** Called when the board opens: learns whether this browser already lets the page play sound. */
export function prepareAlarmSound(): void {
	if (!muted) sound().prepare();
}

/** From a tap (the header switch or the banner): the choice is kept on this device. */
export function setAlarmSound(on: boolean): void {
	muted = !on;
	writeString(SOUND_PREFERENCE_KEY, on ? "on" : "off");
	if (on) sound().unlock();
	emitSound();
}

function subscribeSound(listener: () => void): () => void {
	soundListeners.add(listener);
	return () => soundListeners.delete(listener);
}

export function useBoardSound(): BoardSoundState {
	return useSyncExternalStore(subscribeSound, boardSoundState, boardSoundState);
}

export function useRingingOrders(): number[] {
	const current = boardAlarm();
	return useSyncExternalStore(current.subscribe, current.ringing, current.ringing);
}
