import { Limits } from "@bayon/contract";
import { type CSSProperties, type ReactNode, useEffect, useReducer, useRef } from "react";
import { useI18n } from "../lib/i18n";
import { dampPull, initialPullState, PULL_THRESHOLD_PX, type PullStatus, pullReducer } from "./pull-refresh-machine";
import "./pull-refresh.css";

interface PullRefreshProps {
	/** The refresh work; the indicator stays in "refreshing" until it settles. */
	onRefresh: () => Promise<unknown>;
	children: ReactNode;
	/** Spec §9: 350 ms. */
	restoreMs?: number;
	threshold?: number;
}

const labelKeys = {
	idle: "pull.pulling",
	pulling: "pull.pulling",
	reached: "pull.reached",
	aborting: "pull.pulling",
	refreshing: "pull.refreshing",
	restoring: "pull.restoring",
} as const satisfies Record<PullStatus, string>;

function isAtTop(): boolean {
	const scroller = document.scrollingElement ?? document.documentElement;
	return (window.scrollY || scroller.scrollTop || 0) <= 0;
}

/** Pull-down refresh for a whole page (the window is the scroll container). */
export function PullRefresh({
	onRefresh,
	children,
	restoreMs = Limits.pullRefreshRestoreMs,
	threshold = PULL_THRESHOLD_PX,
}: PullRefreshProps) {
	const { t } = useI18n();
	const [state, dispatch] = useReducer(
		(current: typeof initialPullState, event: Parameters<typeof pullReducer>[1]) =>
			pullReducer(current, event, threshold),
		initialPullState,
	);
	const rootRef = useRef<HTMLDivElement>(null);
	const startY = useRef<number | null>(null);
	const statusRef = useRef(state.status);
	statusRef.current = state.status;
	const refreshRef = useRef(onRefresh);
	refreshRef.current = onRefresh;

	useEffect(() => {
		const root = rootRef.current;
		if (!root) return;
		const onStart = (event: TouchEvent) => {
			const touch = event.touches[0];
			const status = statusRef.current;
			const canStart = status === "idle" || status === "pulling" || status === "reached";
			startY.current = touch && event.touches.length === 1 && canStart && isAtTop() ? touch.clientY : null;
		};
		const onMove = (event: TouchEvent) => {
			const touch = event.touches[0];
			if (startY.current === null || !touch) return;
			const distance = dampPull(touch.clientY - startY.current);
			if (distance > 0 && event.cancelable) event.preventDefault();
			dispatch({ type: "move", distance });
		};
		const onEnd = () => {
			if (startY.current === null) return;
			startY.current = null;
			dispatch({ type: "release" });
		};
		root.addEventListener("touchstart", onStart, { passive: true });
		// Not passive: while pulling, the browser's own scroll/overscroll must not move the page.
		root.addEventListener("touchmove", onMove, { passive: false });
		root.addEventListener("touchend", onEnd);
		root.addEventListener("touchcancel", onEnd);
		return () => {
			root.removeEventListener("touchstart", onStart);
			root.removeEventListener("touchmove", onMove);
			root.removeEventListener("touchend", onEnd);
			root.removeEventListener("touchcancel", onEnd);
		};
	}, []);

	useEffect(() => {
		if (state.status === "refreshing") {
			let active = true;
			Promise.resolve()
				.then(() => refreshRef.current())
				.catch(() => undefined)
				.finally(() => {
					if (active) dispatch({ type: "refreshed" });
				});
			return () => {
				active = false;
			};
		}
		if (state.status === "restoring" || state.status === "aborting") {
			const timer = setTimeout(() => dispatch({ type: "settled" }), restoreMs);
			return () => clearTimeout(timer);
		}
		return undefined;
	}, [state.status, restoreMs]);

	const animating = state.status !== "pulling" && state.status !== "reached";
	const visible = state.status !== "idle";
	return (
		<div
			ref={rootRef}
			className="pull-refresh"
			data-testid="pull-refresh"
			data-status={state.status}
			style={{ "--pull-transition": animating ? `${restoreMs}ms` : "0ms" } as CSSProperties}
		>
			<div className="pull-refresh__indicator" style={{ height: `${state.distance}px` }} aria-hidden={!visible}>
				{visible && (
					<span className="pull-refresh__label" role="status">
						<span
							className={`pull-refresh__spinner${state.status === "refreshing" ? " is-spinning" : ""}`}
							style={{ transform: `rotate(${Math.min(1, state.distance / threshold) * 270}deg)` }}
						/>
						{t(labelKeys[state.status])}
					</span>
				)}
			</div>
			<div className="pull-refresh__content">{children}</div>
		</div>
	);
}
