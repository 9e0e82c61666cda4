import type { DeliveryZone, MapPolygon } from "@bayon/contract";

/**
 * The spec's map fields (§3: points, strokeWidth, strokeColor, fillColor, dashArray, zIndex)
 * turned into Leaflet path options. Pure, so it is tested without a map.
 */

export const OSM_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
export const OSM_ATTRIBUTION =
	'&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export interface LatLng {
	latitude: number;
	longitude: number;
}

export interface ZoneStyle {
	color: string;
	opacity: number;
	weight: number;
	fillColor: string;
	fillOpacity: number;
	dashArray: string | undefined;
}

/** Leaflet's own defaults when a colour carries no alpha. */
const DEFAULT_STROKE_OPACITY = 1;
const DEFAULT_FILL_OPACITY = 0.2;

/**
 * Splits `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` into an opaque colour and its alpha. Other
 * CSS colours (names, rgb()) are passed through with the fallback opacity.
 */
export function splitColor(css: string, fallbackOpacity: number): { color: string; opacity: number } {
	const value = css.trim();
	const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value)?.[1];
	if (!hex) return { color: value || "#3388ff", opacity: fallbackOpacity };
	const full = hex.length <= 4 ? [...hex].map((c) => c + c).join("") : hex;
	const color = `#${full.slice(0, 6)}`;
	if (full.length === 6) return { color, opacity: fallbackOpacity };
	const alpha = Number.parseInt(full.slice(6, 8), 16) / 255;
	return { color, opacity: Math.round(alpha * 1000) / 1000 };
}

export function zoneStyle(polygon: MapPolygon): ZoneStyle {
	const stroke = splitColor(polygon.strokeColor, DEFAULT_STROKE_OPACITY);
	const fill = splitColor(polygon.fillColor, DEFAULT_FILL_OPACITY);
	const dash = polygon.dashArray.trim();
	return {
		color: stroke.color,
		opacity: stroke.opacity,
		weight: Math.max(0, polygon.strokeWidth),
		fillColor: fill.color,
		fillOpacity: fill.opacity,
		dashArray: dash ? dash : undefined,
	};
}

/** Zones in drawing order: lower zIndex first, so a higher one is drawn on top. */
export function zonesInDrawOrder<T extends Pick<DeliveryZone, "polygon">>(zones: readonly T[]): T[] {
	return [...zones].sort((a, b) => a.polygon.zIndex - b.polygon.zIndex);
}

/** South-west and north-east corners around every zone point, or null without points. */
export function zonesBounds(zones: readonly Pick<DeliveryZone, "polygon">[]): [LatLng, LatLng] | null {
	const points = zones.flatMap((zone) => zone.polygon.points);
	if (points.length === 0) return null;
	const lats = points.map((p) => p.latitude);
	const lngs = points.map((p) => p.longitude);
	return [
		{ latitude: Math.min(...lats), longitude: Math.min(...lngs) },
		{ latitude: Math.max(...lats), longitude: Math.max(...lngs) },
	];
}

/** Six decimals (about 10 cm): what the form shows and the cache keys use. */
export function roundCoordinate(value: number): number {
	return Math.round(value * 1e6) / 1e6;
}
