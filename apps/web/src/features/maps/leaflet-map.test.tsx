import { Limits } from "@bayon/contract";
import { render } from "@testing-library/react";
import { createRef } from "react";
import { describe, expect, it } from "vitest";
import { shop } from "../addresses/testing";
import LeafletMap from "./leaflet-map";
import type { MapController } from "./map-types";

const outer = {
	...shop.zones[0],
	id: 2,
	name: "City centre",
	polygon: {
		points: [
			{ latitude: 11.599, longitude: 104.895 },
			{ latitude: 11.599, longitude: 104.937 },
			{ latitude: 11.542, longitude: 104.94 },
			{ latitude: 11.538, longitude: 104.9 },
		],
		strokeWidth: 1,
		strokeColor: "#8a6d00",
		fillColor: "#fae35822",
		dashArray: "6 4",
		zIndex: 1,
	},
} as (typeof shop.zones)[number];

describe("the Leaflet map", () => {
	it("draws each zone with the spec's map fields, lower zIndex first, and the shop's pin", () => {
		const controller = createRef<MapController | null>() as { current: MapController | null };
		const { container } = render(
			<LeafletMap
				center={shop}
				zones={[...shop.zones, outer]}
				shop={{ latitude: shop.latitude, longitude: shop.longitude, label: shop.name }}
				user={{ latitude: 11.57, longitude: 104.92, label: "You" }}
				controllerRef={controller}
				label="Map"
				testId="map"
			/>,
		);
		const zones = [...container.querySelectorAll("path.map-zone")];
		expect(zones).toHaveLength(2);
		// City centre (zIndex 1) is drawn first, Riverside (zIndex 2) on top of it.
		expect(zones[0]?.getAttribute("stroke")).toBe("#8a6d00");
		expect(zones[0]?.getAttribute("stroke-dasharray")).toBe("6 4");
		expect(zones[0]?.getAttribute("fill-opacity")).toBe("0.133");
		expect(zones[1]?.getAttribute("stroke")).toBe("#d4a900");
		expect(zones[1]?.getAttribute("stroke-width")).toBe("2");
		expect(zones[1]?.getAttribute("fill")).toBe("#fae358");
		expect(zones[1]?.getAttribute("fill-opacity")).toBe("0.333");
		expect(zones[1]?.hasAttribute("stroke-dasharray")).toBe(false);

		expect(container.querySelectorAll(".map-pin--shop")).toHaveLength(1);
		expect(container.querySelectorAll("path.map-user")).toHaveLength(1);
		expect(container.querySelector(".leaflet-control-attribution")?.textContent).toContain("OpenStreetMap");
		expect(controller.current?.center()).toEqual({ latitude: shop.latitude, longitude: shop.longitude });
	});

	it("keeps zoom between 5 and 18 and starts at 16 (spec §9)", () => {
		const controller = { current: null as MapController | null };
		const { container } = render(<LeafletMap center={shop} controllerRef={controller} label="Map" testId="map" />);
		expect(Limits.mapZoom).toEqual({ min: 5, max: 18, default: 16 });
		const zoomIn = container.querySelector(".leaflet-control-zoom-in") as HTMLElement;
		const zoomOut = container.querySelector(".leaflet-control-zoom-out") as HTMLElement;
		const zoomTo = (zoom: number) => controller.current?.flyTo(shop, zoom);
		zoomTo(18);
		expect(zoomIn.classList.contains("leaflet-disabled")).toBe(true);
		expect(zoomOut.classList.contains("leaflet-disabled")).toBe(false);
		zoomTo(25);
		expect(zoomIn.classList.contains("leaflet-disabled")).toBe(true);
		zoomTo(5);
		expect(zoomOut.classList.contains("leaflet-disabled")).toBe(true);
		expect(zoomIn.classList.contains("leaflet-disabled")).toBe(false);
		zoomTo(2);
		expect(zoomOut.classList.contains("leaflet-disabled")).toBe(true);
	});

	it("shows a draggable pin for the picked point", () => {
		const { container, rerender } = render(
			<LeafletMap center={shop} point={null} onPick={() => undefined} label="Map" testId="map" />,
		);
		expect(container.querySelectorAll(".map-pin--point")).toHaveLength(0);
		rerender(
			<LeafletMap
				center={shop}
				point={{ latitude: 11.57, longitude: 104.928, label: "Pin" }}
				onPick={() => undefined}
				label="Map"
				testId="map"
			/>,
		);
		const pin = container.querySelector(".map-pin--point");
		expect(pin).not.toBeNull();
		expect(pin?.classList.contains("leaflet-marker-draggable")).toBe(true);
	});
});
