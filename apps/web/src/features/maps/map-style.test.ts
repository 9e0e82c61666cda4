import type { DeliveryZone, MapPolygon } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import { splitColor, zoneStyle, zonesBounds, zonesInDrawOrder } from "./map-style";

const polygon = (overrides: Partial<MapPolygon> = {}): MapPolygon => ({
	points: [
		{ latitude: 11.5835, longitude: 104.9205 },
		{ latitude: 11.5835, longitude: 104.9325 },
		{ latitude: 11.56, longitude: 104.9345 },
		{ latitude: 11.556, longitude: 104.9215 },
	],
	strokeWidth: 2,
	strokeColor: "#d4a900",
	fillColor: "#fae35855",
	dashArray: "",
	zIndex: 2,
	...overrides,
});

const zone = (id: number, overrides: Partial<MapPolygon> = {}): DeliveryZone => ({
	id,
	name: `Zone ${id}`,
	fee: 100,
	minOrder: 500,
	polygon: polygon(overrides),
});

describe("colours", () => {
	it("splits the alpha off #rrggbbaa and #rgba", () => {
		expect(splitColor("#fae35855", 0.2)).toEqual({ color: "#fae358", opacity: 0.333 });
		expect(splitColor("#f008", 1)).toEqual({ color: "#ff0000", opacity: 0.533 });
	});

	it("keeps the fallback opacity for colours without alpha", () => {
		expect(splitColor("#d4a900", 1)).toEqual({ color: "#d4a900", opacity: 1 });
		expect(splitColor("#abc", 0.2)).toEqual({ color: "#aabbcc", opacity: 0.2 });
		expect(splitColor("red", 0.2)).toEqual({ color: "red", opacity: 0.2 });
	});
});

describe("zone style (spec §3 map fields)", () => {
	it("uses stroke width, stroke and fill colours and the dash pattern", () => {
		expect(zoneStyle(polygon({ dashArray: "6 4", fillColor: "#fae35822", strokeWidth: 3 }))).toEqual({
			color: "#d4a900",
			opacity: 1,
			weight: 3,
			fillColor: "#fae358",
			fillOpacity: 0.133,
			dashArray: "6 4",
		});
	});

	it("draws a solid line when there is no dash pattern", () => {
		expect(zoneStyle(polygon()).dashArray).toBeUndefined();
	});

	it("draws lower zIndex first so the higher one is on top", () => {
		const zones = [zone(1, { zIndex: 2 }), zone(2, { zIndex: 1 }), zone(3, { zIndex: 5 })];
		expect(zonesInDrawOrder(zones).map((z) => z.id)).toEqual([2, 1, 3]);
		expect(zones.map((z) => z.id)).toEqual([1, 2, 3]);
	});

	it("bounds every point of every zone", () => {
		expect(zonesBounds([zone(1)])).toEqual([
			{ latitude: 11.556, longitude: 104.9205 },
			{ latitude: 11.5835, longitude: 104.9345 },
		]);
		expect(zonesBounds([])).toBeNull();
	});
});
