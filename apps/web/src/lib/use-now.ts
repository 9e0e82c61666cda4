import { useEffect, useState } from "react";

/** The current time, ticking every `intervalMs` while `running` (for countdowns). */
export function useNow(running: boolean, intervalMs = 1000): number {
	const [now, setNow] = useState(() => Date.now());
	useEffect(() => {
		if (!running) return;
		setNow(Date.now());
		const timer = setInterval(() => setNow(Date.now()), intervalMs);
		return () => clearInterval(timer);
	}, [running, intervalMs]);
	return now;
}
