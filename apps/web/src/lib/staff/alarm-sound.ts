import { useSyncExternalStore } from "react";
import { readString, writeString } from "../storage";
import { type Beeper, createBeeper, type OrderAlarm } from "./alert";

/**
 * The merchant area's one sound: the order board's new-order alarm and the table bell's calls
 * both beep through it, so one switch mutes both on this device and one tap unlocks both.
 */
let beeper: Beeper | null = null;

/** This device's choice for the merchant sound ("on" / "off"); unset counts as on. */
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

/** One beep, unless muted on this device (the banner and the red outline still show). */
export function playAlarmSound(): void {
	if (!muted) sound().beep();
}

/** Browsers start audio suspended until a tap: call on any tap on a page that rings. */
export function unlockAlarmSound(): void {
	if (!muted) sound().unlock();
}

/**
 * What the staff hear: `on` (audible), `blocked` (wanted, but the browser waits for a tap
 * before it lets a page make sound), `off` (muted on this device) or `unavailable` (no Web
 * Audio here).
 */
export type AlarmSoundState = "on" | "blocked" | "off" | "unavailable";

function alarmSoundState(): AlarmSoundState {
	if (muted) return "off";
	const state = sound().state();
	return state === "running" ? "on" : state === "unavailable" ? "unavailable" : "blocked";
}

/** Called when a ringing page opens: learns whether this browser already lets the page play sound. */
export function prepareAlarmSound(): void {
	if (!muted) sound().prepare();
}

/** From a tap (the header switch or the prompt): the choice is kept on this device. */
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

export function useAlarmSound(): AlarmSoundState {
	return useSyncExternalStore(subscribeSound, alarmSoundState, alarmSoundState);
}

/** The ids an alarm rings for now, re-rendering as they change. */
export function useRinging(alarm: OrderAlarm): number[] {
	return useSyncExternalStore(alarm.subscribe, alarm.ringing, alarm.ringing);
}
