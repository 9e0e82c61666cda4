import { Limits } from "@bayon/contract";
import { useCallback, useEffect, useState } from "react";
import { appStore, type GeoLocation } from "../../lib/store";

/** Why there is no position: the user (or the WebView) refused, or the device could not tell. */
export type LocationProblem = "denied" | "unavailable";

export class LocationError extends Error {
	readonly reason: LocationProblem;
	constructor(reason: LocationProblem) {
		super(`location ${reason}`);
		this.name = "LocationError";
		this.reason = reason;
	}
}

/** GeolocationPositionError.PERMISSION_DENIED */
const PERMISSION_DENIED = 1;

/** The device's position once. Rejects with a LocationError. */
export function getCurrentPosition(options: PositionOptions = {}): Promise<GeoLocation> {
	return new Promise((resolve, reject) => {
		const geolocation = globalThis.navigator?.geolocation;
		if (!geolocation) {
			reject(new LocationError("unavailable"));
			return;
		}
		try {
			geolocation.getCurrentPosition(
				(position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
				(error) => reject(new LocationError(error?.code === PERMISSION_DENIED ? "denied" : "unavailable")),
				{ enableHighAccuracy: true, timeout: 15_000, maximumAge: 10_000, ...options },
			);
		} catch {
			reject(new LocationError("unavailable"));
		}
	});
}

export function locationProblem(error: unknown): LocationProblem {
	return error instanceof LocationError ? error.reason : "unavailable";
}

export interface UserLocation {
	position: GeoLocation | null;
	problem: LocationProblem | null;
	/** True until the first answer (position or problem) arrives. */
	locating: boolean;
	/** Asks again now (e.g. after the user changed the permission). */
	refresh: () => void;
}

/**
 * The user's position, asked for at once and again every `refreshMs` (spec §9: 30 s) while
 * the page is visible. Each position found is also kept as the client state's `location`.
 */
export function useUserLocation({
	refreshMs = Limits.locationRefreshMs,
	enabled = true,
}: {
	refreshMs?: number;
	enabled?: boolean;
} = {}): UserLocation {
	const [position, setPosition] = useState<GeoLocation | null>(null);
	const [problem, setProblem] = useState<LocationProblem | null>(null);
	const [locating, setLocating] = useState(enabled);
	const [nonce, setNonce] = useState(0);

	// biome-ignore lint/correctness/useExhaustiveDependencies: nonce restarts the cycle when refresh() is called
	useEffect(() => {
		if (!enabled) return;
		let cancelled = false;
		const ask = () => {
			if (typeof document !== "undefined" && document.visibilityState === "hidden") return;
			getCurrentPosition({ maximumAge: Math.floor(refreshMs / 2) }).then(
				(found) => {
					if (cancelled) return;
					setPosition(found);
					setProblem(null);
					setLocating(false);
					appStore.setState({ location: found });
				},
				(error: unknown) => {
					if (cancelled) return;
					setProblem(locationProblem(error));
					setLocating(false);
				},
			);
		};
		ask();
		const timer = setInterval(ask, refreshMs);
		return () => {
			cancelled = true;
			clearInterval(timer);
		};
	}, [enabled, refreshMs, nonce]);

	const refresh = useCallback(() => setNonce((n) => n + 1), []);
	return { position, problem, locating, refresh };
}
