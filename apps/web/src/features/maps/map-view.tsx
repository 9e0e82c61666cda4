import { Component, type ErrorInfo, lazy, type ReactNode, Suspense, useMemo, useState } from "react";
import { useI18n } from "../../lib/i18n";
import { ErrorState, LoadingState } from "../../ui/states";
import type { LeafletMapProps } from "./map-types";
import "./map-frame.css";

export type { MapController } from "./map-types";

const loadMap = () => import("./leaflet-map");

/**
 * A map that downloads Leaflet only when it is shown. If the chunk fails to download, the
 * place of the map says so and offers to try again; the rest of the page keeps working.
 */
export function MapView(props: LeafletMapProps & { className?: string }) {
	const { t } = useI18n();
	const [attempt, setAttempt] = useState(0);
	// A failed lazy() stays failed: a retry needs a fresh one.
	// biome-ignore lint/correctness/useExhaustiveDependencies: attempt is what makes it fresh
	const LeafletMap = useMemo(() => lazy(loadMap), [attempt]);
	return (
		<div className={`map-frame ${props.className ?? ""}`}>
			<MapErrorBoundary
				key={attempt}
				fallback={<ErrorState compact message={t("map.loadFailed")} onRetry={() => setAttempt((n) => n + 1)} />}
			>
				<Suspense fallback={<LoadingState compact label={t("map.loading")} />}>
					<LeafletMap {...props} />
				</Suspense>
			</MapErrorBoundary>
		</div>
	);
}

class MapErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
	state = { failed: false };

	static getDerivedStateFromError(): { failed: boolean } {
		return { failed: true };
	}

	componentDidCatch(error: unknown, info: ErrorInfo): void {
		console.error("The map failed", error, info.componentStack);
	}

	render(): ReactNode {
		return this.state.failed ? this.props.fallback : this.props.children;
	}
}
