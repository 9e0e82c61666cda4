import { type DeliveryZone, Limits } from "@bayon/contract";
import * as L from "leaflet";
import { type RefObject, useEffect, useRef } from "react";
import { type LatLng, OSM_ATTRIBUTION, OSM_TILE_URL, zoneStyle, zonesBounds, zonesInDrawOrder } from "./map-style";
import type { LeafletMapProps, MapController } from "./map-types";

const toLatLng = (p: LatLng): L.LatLngTuple => [p.latitude, p.longitude];
const fromLatLng = (p: L.LatLng): LatLng => ({ latitude: p.lat, longitude: p.lng });

const PIN_SVG =
	'<svg viewBox="0 0 30 40" width="30" height="40" aria-hidden="true" focusable="false"><path d="M15 1C7.3 1 1 7.2 1 14.9 1 25.3 15 39 15 39s14-13.7 14-24.1C29 7.2 22.7 1 15 1z"/><circle cx="15" cy="15" r="5.5"/></svg>';

function pinIcon(kind: "shop" | "point"): L.DivIcon {
	return L.divIcon({
		className: `map-pin map-pin--${kind}`,
		html: PIN_SVG,
		iconSize: [30, 40],
		iconAnchor: [15, 39],
		tooltipAnchor: [0, -34],
	});
}

type Start = { center: LatLng; zoom: number };
type Pick = RefObject<((point: LatLng) => void) | undefined>;

/** The Leaflet map and the layers drawn on it, each added to the map by its own hook. */
interface MapLayers {
	map: RefObject<L.Map | null>;
	zones: RefObject<L.LayerGroup | null>;
	shop: RefObject<L.Marker | null>;
	user: RefObject<L.CircleMarker | null>;
	point: RefObject<L.Marker | null>;
}

/**
 * A Leaflet map in the element the returned ref is put on, with the zones, the shop's pin, the
 * user's dot and the picked point drawn from the props, and its controller handed out.
 */
export function useLeafletMap({
	center,
	zoom = Limits.mapZoom.default,
	zones = [],
	shop = null,
	user = null,
	point = null,
	onPick,
	controllerRef,
}: LeafletMapProps) {
	const containerRef = useRef<HTMLElement>(null);
	const onPickRef = useRef(onPick);
	onPickRef.current = onPick;
	const zonesRef = useRef(zones);
	zonesRef.current = zones;
	const picking = Boolean(onPick);
	const initial = useRef({ center, zoom });

	const layers = useMapInstance(containerRef, initial, onPickRef);
	useMapController(controllerRef, layers.map, zonesRef, initial);
	useZoneLayer(layers.zones, zones, picking);
	useShopPin(layers, shop, picking);
	useUserDot(layers, user);
	usePointPin(layers, point, onPickRef);
	return { containerRef, picking };
}

/** The map itself, created once. */
function useMapInstance(
	containerRef: RefObject<HTMLElement | null>,
	initial: RefObject<Start>,
	onPickRef: Pick,
): MapLayers {
	const mapRef = useRef<L.Map | null>(null);
	const zoneLayerRef = useRef<L.LayerGroup | null>(null);
	const shopRef = useRef<L.Marker | null>(null);
	const userRef = useRef<L.CircleMarker | null>(null);
	const pointRef = useRef<L.Marker | null>(null);

	useEffect(() => {
		const element = containerRef.current;
		if (!element) return;
		const map = L.map(element, {
			center: toLatLng(initial.current.center),
			zoom: initial.current.zoom,
			minZoom: Limits.mapZoom.min,
			maxZoom: Limits.mapZoom.max,
			zoomControl: true,
		});
		map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
		L.tileLayer(OSM_TILE_URL, {
			attribution: OSM_ATTRIBUTION,
			minZoom: Limits.mapZoom.min,
			maxZoom: Limits.mapZoom.max,
		}).addTo(map);
		zoneLayerRef.current = L.layerGroup().addTo(map);
		map.on("click", (event: L.LeafletMouseEvent) => onPickRef.current?.(fromLatLng(event.latlng)));
		mapRef.current = map;

		// Leaflet measures its box once: measure again when the layout changes.
		const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => map.invalidateSize());
		observer?.observe(element);
		return () => {
			observer?.disconnect();
			map.remove();
			mapRef.current = null;
			zoneLayerRef.current = null;
			shopRef.current = null;
			userRef.current = null;
			pointRef.current = null;
		};
	}, [containerRef, initial, onPickRef]);

	return { map: mapRef, zones: zoneLayerRef, shop: shopRef, user: userRef, point: pointRef };
}

function useMapController(
	controllerRef: RefObject<MapController | null> | undefined,
	mapRef: RefObject<L.Map | null>,
	zonesRef: RefObject<readonly DeliveryZone[]>,
	initial: RefObject<Start>,
) {
	useEffect(() => {
		if (!controllerRef) return;
		controllerRef.current = {
			flyTo(target, targetZoom) {
				mapRef.current?.setView(toLatLng(target), targetZoom ?? mapRef.current.getZoom());
			},
			showZones() {
				const bounds = zonesBounds(zonesRef.current);
				if (bounds) mapRef.current?.fitBounds([toLatLng(bounds[0]), toLatLng(bounds[1])], { padding: [16, 16] });
			},
			center() {
				const map = mapRef.current;
				return map ? fromLatLng(map.getCenter()) : initial.current.center;
			},
		};
		return () => {
			controllerRef.current = null;
		};
	}, [controllerRef, mapRef, zonesRef, initial]);
}

/** Delivery zones, drawn with the spec's map fields; higher zIndex on top. */
function useZoneLayer(zoneLayerRef: RefObject<L.LayerGroup | null>, zones: readonly DeliveryZone[], picking: boolean) {
	useEffect(() => {
		const group = zoneLayerRef.current;
		if (!group) return;
		group.clearLayers();
		for (const zone of zonesInDrawOrder(zones)) {
			const polygon = L.polygon(zone.polygon.points.map(toLatLng), {
				...zoneStyle(zone.polygon),
				// While picking, a tap inside a zone must reach the map.
				interactive: !picking,
				className: "map-zone",
			});
			if (!picking) polygon.bindTooltip(zone.name, { sticky: true });
			group.addLayer(polygon);
		}
	}, [zoneLayerRef, zones, picking]);
}

/** The shop's pin. */
function useShopPin(layers: MapLayers, shop: (LatLng & { label: string }) | null, picking: boolean) {
	const { map: mapRef, shop: shopRef } = layers;
	const shopLat = shop?.latitude;
	const shopLng = shop?.longitude;
	const shopLabel = shop?.label;
	useEffect(() => {
		const map = mapRef.current;
		if (!map) return;
		shopRef.current?.remove();
		shopRef.current = null;
		if (shopLat === undefined || shopLng === undefined) return;
		shopRef.current = L.marker([shopLat, shopLng], {
			icon: pinIcon("shop"),
			title: shopLabel,
			alt: shopLabel,
			keyboard: false,
			interactive: !picking,
			zIndexOffset: 100,
		}).addTo(map);
		if (shopLabel) shopRef.current.bindTooltip(shopLabel, { direction: "top" });
	}, [mapRef, shopRef, shopLat, shopLng, shopLabel, picking]);
}

/** The user's position: a blue dot. */
function useUserDot(layers: MapLayers, user: (LatLng & { label: string }) | null) {
	const { map: mapRef, user: userRef } = layers;
	const userLat = user?.latitude;
	const userLng = user?.longitude;
	const userLabel = user?.label;
	useEffect(() => {
		const map = mapRef.current;
		if (!map) return;
		if (userLat === undefined || userLng === undefined) {
			userRef.current?.remove();
			userRef.current = null;
			return;
		}
		if (userRef.current) {
			userRef.current.setLatLng([userLat, userLng]);
			return;
		}
		userRef.current = L.circleMarker([userLat, userLng], {
			radius: 8,
			weight: 3,
			color: "#ffffff",
			fillColor: "#1a73e8",
			fillOpacity: 1,
			interactive: false,
			className: "map-user",
		}).addTo(map);
		if (userLabel) userRef.current.bindTooltip(userLabel);
	}, [mapRef, userRef, userLat, userLng, userLabel]);
}

/** The picked point: a pin that can be dragged. */
function usePointPin(layers: MapLayers, point: (LatLng & { label: string }) | null, onPickRef: Pick) {
	const { map: mapRef, point: pointRef } = layers;
	const pointLat = point?.latitude;
	const pointLng = point?.longitude;
	const pointLabel = point?.label;
	useEffect(() => {
		const map = mapRef.current;
		if (!map) return;
		if (pointLat === undefined || pointLng === undefined) {
			pointRef.current?.remove();
			pointRef.current = null;
			return;
		}
		if (pointRef.current) {
			pointRef.current.setLatLng([pointLat, pointLng]);
			return;
		}
		const marker = L.marker([pointLat, pointLng], {
			icon: pinIcon("point"),
			draggable: true,
			autoPan: true,
			title: pointLabel,
			alt: pointLabel,
			zIndexOffset: 200,
		}).addTo(map);
		marker.on("dragend", () => onPickRef.current?.(fromLatLng(marker.getLatLng())));
		pointRef.current = marker;
	}, [mapRef, pointRef, onPickRef, pointLat, pointLng, pointLabel]);
}
