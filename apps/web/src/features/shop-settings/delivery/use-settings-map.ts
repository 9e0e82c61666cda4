import type { DeliveryZone, ShopSettings } from "@bayon/contract";
import { useMemo, useState } from "react";
import type { MapController } from "../../maps/map-view";
import type { EditorProps } from "../settings-fields";
import { useShopSettingsText } from "../strings";

export type MapMode = { kind: "shop" } | { kind: "zone"; index: number } | { kind: "preview" };
export type Point = { latitude: number; longitude: number };

const zoneColors = ["#d4a900", "#1a73e8", "#2e7d32", "#c62828", "#6a1b9a"];

/**
 * What a tap on the settings' map places (the shop's pin, a corner of the zone being edited,
 * the preview's delivery point), the zones drawn, and the pin shown.
 */
export function useSettingsMap({ draft, change }: Pick<EditorProps, "draft" | "change">) {
	const { st } = useShopSettingsText();
	const [mode, setMode] = useState<MapMode>({ kind: "shop" });
	const [previewPoint, setPreviewPoint] = useState<Point | null>(null);
	const controller = useMemo(() => ({ current: null as MapController | null }), []);
	const zones: DeliveryZone[] = draft.deliveryZones.map((zone, index) => ({
		id: index + 1,
		name: st("delivery.zone", { n: index + 1 }),
		fee: zone.fee,
		minOrder: zone.minOrder,
		polygon: {
			points: zone.points,
			strokeWidth: mode.kind === "zone" && mode.index === index ? 4 : 2,
			strokeColor: zoneColors[index % zoneColors.length] as string,
			fillColor: `${zoneColors[index % zoneColors.length]}33`,
			dashArray: mode.kind === "zone" && mode.index === index ? "" : "6 4",
			zIndex: index + 1,
		},
	}));
	const setZone = (index: number, patch: Partial<ShopSettings["deliveryZones"][number]>) =>
		change({ deliveryZones: draft.deliveryZones.map((z, i) => (i === index ? { ...z, ...patch } : z)) });
	const pick = (point: Point) => {
		const rounded = { latitude: Number(point.latitude.toFixed(6)), longitude: Number(point.longitude.toFixed(6)) };
		if (mode.kind === "shop") change(rounded);
		else if (mode.kind === "preview") setPreviewPoint(rounded);
		else {
			const zone = draft.deliveryZones[mode.index];
			if (zone) setZone(mode.index, { points: [...zone.points, rounded] });
		}
	};
	const activeZone = mode.kind === "zone" ? draft.deliveryZones[mode.index] : undefined;
	const pin =
		mode.kind === "preview"
			? previewPoint
			: mode.kind === "zone"
				? (activeZone?.points.at(-1) ?? null)
				: { latitude: draft.latitude, longitude: draft.longitude };
	return { mode, setMode, previewPoint, controller, zones, setZone, pick, activeZone, pin };
}

export type SettingsMap = ReturnType<typeof useSettingsMap>;
