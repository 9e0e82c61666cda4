import { describe, expect, it } from "vitest";
import { distanceMeters, isPointInPolygon, quoteDelivery } from "./geo.js";

const square: Array<[number, number]> = [
	[11.56, 104.92],
	[11.56, 104.93],
	[11.57, 104.93],
	[11.57, 104.92],
];
const shop = { latitude: 11.5686, longitude: 104.931 };

describe("distanceMeters", () => {
	it("measures a known distance (Independence Monument to the Royal Palace, ~0.9 km)", () => {
		const d = distanceMeters({ latitude: 11.5564, longitude: 104.9282 }, { latitude: 11.5637, longitude: 104.9311 });
		expect(d).toBeGreaterThan(800);
		expect(d).toBeLessThan(900);
	});
});

describe("isPointInPolygon", () => {
	it("tells inside from outside", () => {
		expect(isPointInPolygon({ latitude: 11.565, longitude: 104.925 }, square)).toBe(true);
		expect(isPointInPolygon({ latitude: 11.575, longitude: 104.925 }, square)).toBe(false);
		expect(isPointInPolygon({ latitude: 11.565, longitude: 104.935 }, square)).toBe(false);
	});

	it("counts a point on the boundary or a corner as inside", () => {
		expect(isPointInPolygon({ latitude: 11.56, longitude: 104.925 }, square)).toBe(true);
		expect(isPointInPolygon({ latitude: 11.57, longitude: 104.93 }, square)).toBe(true);
	});

	it("handles a concave zone", () => {
		const ell: Array<[number, number]> = [
			[0, 0],
			[0, 2],
			[1, 2],
			[1, 1],
			[2, 1],
			[2, 0],
		];
		expect(isPointInPolygon({ latitude: 0.5, longitude: 1.5 }, ell)).toBe(true);
		expect(isPointInPolygon({ latitude: 1.5, longitude: 1.5 }, ell)).toBe(false);
	});
});

describe("quoteDelivery", () => {
	const inner = { id: 1, points: square, fee: 100, minOrder: 500 };
	const outer = {
		id: 2,
		points: [
			[11.5, 104.8],
			[11.5, 105.0],
			[11.7, 105.0],
			[11.7, 104.8],
		] as Array<[number, number]>,
		fee: 250,
		minOrder: 1000,
	};

	it("picks the first zone that contains the point", () => {
		expect(quoteDelivery(shop, { latitude: 11.565, longitude: 104.925 }, [inner, outer], null)).toMatchObject({
			inRange: true,
			zoneId: 1,
			fee: 100,
			minOrder: 500,
		});
		expect(quoteDelivery(shop, { latitude: 11.6, longitude: 104.9 }, [inner, outer], null)).toMatchObject({
			inRange: true,
			zoneId: 2,
			fee: 250,
		});
	});

	it("falls back to the radius when no zone contains the point", () => {
		const near = { latitude: 11.58, longitude: 104.931 }; // ~1.3 km north
		expect(quoteDelivery(shop, near, [inner], { meters: 2000, fee: 300, minOrder: 800 })).toMatchObject({
			inRange: true,
			zoneId: null,
			fee: 300,
			minOrder: 800,
		});
		expect(quoteDelivery(shop, near, [inner], { meters: 1000, fee: 300, minOrder: 800 })).toMatchObject({
			inRange: false,
			fee: null,
		});
	});

	it("is out of range with no zone and no radius", () => {
		const quote = quoteDelivery(shop, { latitude: 13.36, longitude: 103.86 }, [inner], null);
		expect(quote).toMatchObject({ inRange: false, zoneId: null });
		expect(quote.distanceMeters).toBeGreaterThan(200_000);
	});
});
