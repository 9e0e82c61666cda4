import { Limits } from "@bayon/contract";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appStore } from "../../lib/store";
import { getCurrentPosition, LocationError, useUserLocation } from "./geolocation";

type Success = (position: { coords: { latitude: number; longitude: number } }) => void;
type Failure = (error: { code: number }) => void;

/** A fake navigator.geolocation answering each request from `answer`. */
function fakeGeolocation(answer: (call: number) => { latitude: number; longitude: number } | { code: number }) {
	let calls = 0;
	const getCurrentPosition = vi.fn((success: Success, failure: Failure) => {
		const result = answer(++calls);
		queueMicrotask(() => {
			if ("code" in result) failure(result);
			else success({ coords: result });
		});
	});
	vi.stubGlobal("navigator", { ...navigator, geolocation: { getCurrentPosition } });
	return getCurrentPosition;
}

beforeEach(() => {
	localStorage.clear();
	appStore.reload();
});

afterEach(() => {
	vi.useRealTimers();
});

describe("getCurrentPosition", () => {
	it("resolves with the coordinates", async () => {
		fakeGeolocation(() => ({ latitude: 11.57, longitude: 104.92 }));
		await expect(getCurrentPosition()).resolves.toEqual({ latitude: 11.57, longitude: 104.92 });
	});

	it("tells a refused permission from other failures", async () => {
		fakeGeolocation(() => ({ code: 1 }));
		await expect(getCurrentPosition()).rejects.toEqual(new LocationError("denied"));
		fakeGeolocation(() => ({ code: 3 }));
		await expect(getCurrentPosition()).rejects.toEqual(new LocationError("unavailable"));
	});

	it("without geolocation at all, the position is unavailable", async () => {
		vi.stubGlobal("navigator", { ...navigator, geolocation: undefined });
		await expect(getCurrentPosition()).rejects.toEqual(new LocationError("unavailable"));
	});
});

describe("useUserLocation", () => {
	it("asks at once and again every 30 s (spec §9), keeping the latest position", async () => {
		vi.useFakeTimers();
		const getPosition = fakeGeolocation((call) => ({ latitude: 11.5 + call / 1000, longitude: 104.9 }));
		const { result, unmount } = renderHook(() => useUserLocation());

		expect(Limits.locationRefreshMs).toBe(30_000);
		// The answer arrives a few microtasks later; the clock stays where it is.
		await act(() => vi.advanceTimersByTimeAsync(0));
		expect(getPosition).toHaveBeenCalledTimes(1);
		expect(result.current.position).toEqual({ latitude: 11.501, longitude: 104.9 });
		expect(result.current.locating).toBe(false);
		expect(appStore.getState().location).toEqual({ latitude: 11.501, longitude: 104.9 });

		await act(async () => {
			await vi.advanceTimersByTimeAsync(29_999);
		});
		expect(getPosition).toHaveBeenCalledTimes(1);

		await act(async () => {
			await vi.advanceTimersByTimeAsync(1);
		});
		expect(getPosition).toHaveBeenCalledTimes(2);
		expect(result.current.position).toEqual({ latitude: 11.502, longitude: 104.9 });

		await act(async () => {
			await vi.advanceTimersByTimeAsync(30_000);
		});
		expect(getPosition).toHaveBeenCalledTimes(3);

		unmount();
		await vi.advanceTimersByTimeAsync(90_000);
		expect(getPosition).toHaveBeenCalledTimes(3);
	});

	it("reports a refused permission, and keeps asking in case it is granted later", async () => {
		vi.useFakeTimers();
		const getPosition = fakeGeolocation((call) => (call === 1 ? { code: 1 } : { latitude: 11.56, longitude: 104.93 }));
		const { result } = renderHook(() => useUserLocation());
		await act(() => vi.advanceTimersByTimeAsync(0));
		expect(result.current.problem).toBe("denied");
		expect(result.current.position).toBeNull();

		await act(async () => {
			await vi.advanceTimersByTimeAsync(Limits.locationRefreshMs);
		});
		expect(getPosition).toHaveBeenCalledTimes(2);
		expect(result.current.problem).toBeNull();
		expect(result.current.position).toEqual({ latitude: 11.56, longitude: 104.93 });
	});

	it("skips a refresh while the page is hidden", async () => {
		vi.useFakeTimers();
		const getPosition = fakeGeolocation(() => ({ latitude: 11.56, longitude: 104.93 }));
		renderHook(() => useUserLocation());
		await act(async () => {});
		const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
		await act(async () => {
			await vi.advanceTimersByTimeAsync(Limits.locationRefreshMs);
		});
		expect(getPosition).toHaveBeenCalledTimes(1);
		visibility.mockReturnValue("visible");
		await act(async () => {
			await vi.advanceTimersByTimeAsync(Limits.locationRefreshMs);
		});
		expect(getPosition).toHaveBeenCalledTimes(2);
	});
});
