/**
 * Spec §4 pull-down refresh: pulling → reached → (release) refreshing → restoring → idle,
 * or pulling → (release) aborting → idle. A pure reducer so that it can be tested alone.
 */
export type PullStatus = "idle" | "pulling" | "reached" | "aborting" | "refreshing" | "restoring";

export interface PullState {
	status: PullStatus;
	/** How far the content is drawn down, in px (already damped). */
	distance: number;
}

export type PullEvent =
	/** The finger moved; `distance` is the damped pull distance (≤ 0 means back at rest). */
	| { type: "move"; distance: number }
	/** The finger was lifted (or the touch cancelled). */
	| { type: "release" }
	/** The refresh work finished (successfully or not). */
	| { type: "refreshed" }
	/** The aborting or restoring animation ended. */
	| { type: "settled" };

export const PULL_THRESHOLD_PX = 60;
export const PULL_MAX_PX = 110;
/** The pull follows the finger at half speed, which feels like resistance. */
export const PULL_DAMPING = 0.5;

export const initialPullState: PullState = { status: "idle", distance: 0 };

export function dampPull(fingerDelta: number): number {
	if (fingerDelta <= 0) return 0;
	return Math.min(PULL_MAX_PX, fingerDelta * PULL_DAMPING);
}

export function pullReducer(state: PullState, event: PullEvent, threshold: number = PULL_THRESHOLD_PX): PullState {
	switch (state.status) {
		case "idle":
		case "pulling":
		case "reached":
			if (event.type === "move") {
				if (event.distance <= 0) return initialPullState;
				return {
					status: event.distance >= threshold ? "reached" : "pulling",
					distance: event.distance,
				};
			}
			if (event.type === "release") {
				if (state.status === "reached") return { status: "refreshing", distance: threshold };
				if (state.status === "pulling") return { status: "aborting", distance: 0 };
			}
			return state;
		case "refreshing":
			return event.type === "refreshed" ? { status: "restoring", distance: 0 } : state;
		case "aborting":
		case "restoring":
			return event.type === "settled" ? initialPullState : state;
	}
}
