import { describe, expect, it } from "vitest";
import {
	dampPull,
	initialPullState,
	PULL_MAX_PX,
	PULL_THRESHOLD_PX,
	type PullEvent,
	type PullState,
	pullReducer,
} from "./pull-refresh-machine";

function run(events: PullEvent[], from: PullState = initialPullState): PullState {
	return events.reduce((state, event) => pullReducer(state, event), from);
}

describe("pull-refresh state machine (spec §4)", () => {
	it("goes pulling → reached → refreshing → restoring → idle", () => {
		const pulling = run([{ type: "move", distance: 20 }]);
		expect(pulling).toEqual({ status: "pulling", distance: 20 });

		const reached = pullReducer(pulling, { type: "move", distance: PULL_THRESHOLD_PX });
		expect(reached.status).toBe("reached");

		const refreshing = pullReducer(reached, { type: "release" });
		expect(refreshing).toEqual({ status: "refreshing", distance: PULL_THRESHOLD_PX });

		const restoring = pullReducer(refreshing, { type: "refreshed" });
		expect(restoring).toEqual({ status: "restoring", distance: 0 });

		expect(pullReducer(restoring, { type: "settled" })).toEqual(initialPullState);
	});

	it("aborts when released before the threshold", () => {
		const aborting = run([{ type: "move", distance: 30 }, { type: "release" }]);
		expect(aborting).toEqual({ status: "aborting", distance: 0 });
		expect(pullReducer(aborting, { type: "settled" })).toEqual(initialPullState);
	});

	it("drops back from reached to pulling when the finger moves up again", () => {
		const state = run([
			{ type: "move", distance: 80 },
			{ type: "move", distance: 40 },
		]);
		expect(state.status).toBe("pulling");
		expect(pullReducer(state, { type: "release" }).status).toBe("aborting");
	});

	it("returns to idle when the finger goes back to where it started", () => {
		expect(
			run([
				{ type: "move", distance: 30 },
				{ type: "move", distance: 0 },
			]),
		).toEqual(initialPullState);
	});

	it("ignores moves and releases while refreshing, restoring or aborting", () => {
		const refreshing: PullState = { status: "refreshing", distance: PULL_THRESHOLD_PX };
		expect(pullReducer(refreshing, { type: "move", distance: 100 })).toBe(refreshing);
		expect(pullReducer(refreshing, { type: "release" })).toBe(refreshing);
		expect(pullReducer(refreshing, { type: "settled" })).toBe(refreshing);

		const restoring: PullState = { status: "restoring", distance: 0 };
		expect(pullReducer(restoring, { type: "move", distance: 100 })).toBe(restoring);
		const aborting: PullState = { status: "aborting", distance: 0 };
		expect(pullReducer(aborting, { type: "release" })).toBe(aborting);
	});

	it("a release at rest does nothing", () => {
		expect(pullReducer(initialPullState, { type: "release" })).toBe(initialPullState);
	});

	it("damps the finger's travel and caps it", () => {
		expect(dampPull(-10)).toBe(0);
		expect(dampPull(100)).toBe(50);
		expect(dampPull(10_000)).toBe(PULL_MAX_PX);
	});
});
