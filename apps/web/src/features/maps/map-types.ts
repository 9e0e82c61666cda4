import type { DeliveryZone } from "@bayon/contract";
import type { RefObject } from "react";
import type { LatLng } from "./map-style";

/** What the map's users (the map view, its hook) agree on; kept apart so neither imports the other. */
export interface MapController {
	/** Centres the map on a point (at `zoom`, or the current zoom). */
	flyTo(point: LatLng, zoom?: number): void;
	/** Shows every delivery zone. */
	showZones(): void;
	/** The point at the centre of the map. */
	center(): LatLng;
}

export interface LeafletMapProps {
	/** Where the map starts (later changes go through the controller). */
	center: LatLng;
	zoom?: number;
	zones?: readonly DeliveryZone[];
	shop?: (LatLng & { label: string }) | null;
	user?: (LatLng & { label: string }) | null;
	/** The picked point: a pin that can be dragged. */
	point?: (LatLng & { label: string }) | null;
	/** Turns on picking: a tap on the map or a dragged pin calls this. */
	onPick?: (point: LatLng) => void;
	controllerRef?: RefObject<MapController | null>;
	/** Accessible name of the map region. */
	label: string;
	testId?: string;
}
