import "leaflet/dist/leaflet.css";
import type { LeafletMapProps } from "./map-types";
import { useLeafletMap } from "./use-leaflet-map";
import "./maps.css";

/**
 * The Leaflet map, in its own chunk with Leaflet and its CSS (never part of the first load).
 * OpenStreetMap tiles; when they cannot load (offline) the map still pans, zooms, draws the
 * zones and takes taps.
 */

export default function LeafletMap(props: LeafletMapProps) {
	const { containerRef, picking } = useLeafletMap(props);
	return (
		<section
			ref={containerRef}
			className={`map${picking ? " map--picking" : ""}`}
			aria-label={props.label}
			data-testid={props.testId}
		/>
	);
}
