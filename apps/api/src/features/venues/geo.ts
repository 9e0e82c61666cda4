export interface Point {
	latitude: number;
	longitude: number;
}

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(a: Point, b: Point): number {
	const toRad = (deg: number) => (deg * Math.PI) / 180;
	const dLat = toRad(b.latitude - a.latitude);
	const dLng = toRad(b.longitude - a.longitude);
	const h =
		Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLng / 2) ** 2;
	return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Ray casting on latitude/longitude, fine for city-sized zones. A point exactly on an edge
 * counts as inside, so an address on the boundary street is served.
 */
export function isPointInPolygon(point: Point, polygon: Array<[number, number]>): boolean {
	let inside = false;
	for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
		const [latI, lngI] = polygon[i] as [number, number];
		const [latJ, lngJ] = polygon[j] as [number, number];
		if (isOnSegment(point, [latI, lngI], [latJ, lngJ])) return true;
		const crosses = lngI > point.longitude !== lngJ > point.longitude;
		if (crosses && point.latitude < ((latJ - latI) * (point.longitude - lngI)) / (lngJ - lngI) + latI) inside = !inside;
	}
	return inside;
}

function isOnSegment(point: Point, a: [number, number], b: [number, number]): boolean {
	const cross = (b[0] - a[0]) * (point.longitude - a[1]) - (b[1] - a[1]) * (point.latitude - a[0]);
	if (Math.abs(cross) > 1e-12) return false;
	return (
		point.latitude >= Math.min(a[0], b[0]) - 1e-12 &&
		point.latitude <= Math.max(a[0], b[0]) + 1e-12 &&
		point.longitude >= Math.min(a[1], b[1]) - 1e-12 &&
		point.longitude <= Math.max(a[1], b[1]) + 1e-12
	);
}

export interface ZoneRule {
	id: number;
	points: Array<[number, number]>;
	fee: number;
	minOrder: number;
}

export interface RadiusRule {
	meters: number;
	fee: number;
	minOrder: number;
}

export interface DeliveryQuote {
	inRange: boolean;
	zoneId: number | null;
	fee: number | null;
	minOrder: number | null;
	distanceMeters: number;
}

/**
 * Which delivery terms apply at a point: the first zone (in the shop's order) whose polygon
 * contains it, else the radius fallback when the point is close enough, else out of range.
 */
export function quoteDelivery(shop: Point, point: Point, zones: ZoneRule[], radius: RadiusRule | null): DeliveryQuote {
	const distance = Math.round(distanceMeters(shop, point));
	const zone = zones.find((candidate) => isPointInPolygon(point, candidate.points));
	if (zone) return { inRange: true, zoneId: zone.id, fee: zone.fee, minOrder: zone.minOrder, distanceMeters: distance };
	if (radius && distance <= radius.meters) {
		return { inRange: true, zoneId: null, fee: radius.fee, minOrder: radius.minOrder, distanceMeters: distance };
	}
	return { inRange: false, zoneId: null, fee: null, minOrder: null, distanceMeters: distance };
}
