/**
 * The new-order alarm: while any paid order is unacknowledged, a beep plays at once and then
 * every `intervalMs` until someone acknowledges it (the acknowledge button, or opening or
 * accepting the order). Acknowledged orders never ring again on this board.
 */
export interface OrderAlarm {
	/** The orders that currently need attention (replaces the previous set). */
	sync(orderIds: Iterable<number>): void;
	/** Silences one order, or every ringing order when no id is given. */
	acknowledge(orderId?: number): void;
	/** Order ids ringing now. */
	ringing(): number[];
	subscribe(listener: () => void): () => void;
	dispose(): void;
}

export interface AlarmOptions {
	play: () => void;
	intervalMs?: number;
}

export const ALARM_INTERVAL_MS = 5000;

export function createOrderAlarm({ play, intervalMs = ALARM_INTERVAL_MS }: AlarmOptions): OrderAlarm {
	const pending = new Set<number>();
	const acknowledged = new Set<number>();
	const listeners = new Set<() => void>();
	let timer: ReturnType<typeof setInterval> | null = null;
	let snapshot: number[] = [];

	const emit = () => {
		snapshot = [...pending].sort((a, b) => a - b);
		for (const listener of listeners) listener();
	};

	const update = () => {
		if (pending.size > 0 && timer === null) {
			play();
			timer = setInterval(play, intervalMs);
		} else if (pending.size === 0 && timer !== null) {
			clearInterval(timer);
			timer = null;
		}
		emit();
	};

	return {
		sync(orderIds) {
			const wanted = new Set([...orderIds].filter((id) => !acknowledged.has(id)));
			const newcomer = [...wanted].some((id) => !pending.has(id));
			pending.clear();
			for (const id of wanted) pending.add(id);
			// A new order while already ringing beeps at once too, then keeps the same rhythm.
			if (newcomer && timer !== null) play();
			update();
		},
		acknowledge(orderId) {
			const ids = orderId === undefined ? [...pending] : [orderId];
			for (const id of ids) {
				acknowledged.add(id);
				pending.delete(id);
			}
			update();
		},
		ringing: () => snapshot,
		subscribe(listener) {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
		dispose() {
			if (timer !== null) clearInterval(timer);
			timer = null;
			pending.clear();
			listeners.clear();
		},
	};
}

type AudioContextCtor = new () => AudioContext;

/**
 * Whether the beeper can be heard: `running` once the browser lets audio play (after a tap,
 * under the usual autoplay rules), `suspended` before that, `unavailable` without Web Audio.
 */
export type BeeperState = "running" | "suspended" | "unavailable";

export interface Beeper {
	beep(): void;
	/** Creates the context if needed and resumes it: call from a tap, the only time browsers allow it. */
	unlock(): void;
	/** Creates the context (suspended when the browser blocks autoplay), so `state()` is known. */
	prepare(): void;
	state(): BeeperState;
	close(): void;
}

/**
 * A short two-tone beep with Web Audio (no sound files). The context is created on first use
 * and resumed on the next tap when the browser started it suspended (autoplay rules).
 * `onStateChange` is told whenever the context starts or stops being audible.
 */
export function createBeeper(
	Ctor: AudioContextCtor | undefined = globalThis.AudioContext ??
		(globalThis as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext,
	onStateChange?: () => void,
): Beeper {
	let context: AudioContext | null = null;
	let broken = false;
	const ensure = (): AudioContext | null => {
		if (!Ctor || broken) return null;
		if (context) return context;
		try {
			context = new Ctor();
		} catch {
			// Too many contexts or audio hardware missing: stay silent, and say so.
			broken = true;
			onStateChange?.();
			return null;
		}
		context.addEventListener?.("statechange", () => onStateChange?.());
		onStateChange?.();
		return context;
	};
	const resume = (ctx: AudioContext) => {
		if (ctx.state === "running") return;
		void ctx
			.resume()
			.then(() => onStateChange?.())
			.catch(() => {});
	};
	return {
		beep() {
			const ctx = ensure();
			if (!ctx) return;
			resume(ctx);
			const start = ctx.currentTime;
			for (const [offset, frequency] of [
				[0, 880],
				[0.25, 660],
			] as const) {
				const osc = ctx.createOscillator();
				const gain = ctx.createGain();
				osc.type = "sine";
				osc.frequency.value = frequency;
				gain.gain.setValueAtTime(0.0001, start + offset);
				gain.gain.exponentialRampToValueAtTime(0.4, start + offset + 0.02);
				gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.2);
				osc.connect(gain).connect(ctx.destination);
				osc.start(start + offset);
				osc.stop(start + offset + 0.22);
			}
		},
		unlock() {
			const ctx = ensure();
			if (ctx) resume(ctx);
		},
		prepare() {
			ensure();
		},
		state() {
			if (!Ctor || broken) return "unavailable";
			return context?.state === "running" ? "running" : "suspended";
		},
		close() {
			void context?.close().catch(() => {});
			context = null;
		},
	};
}
