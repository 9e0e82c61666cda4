import { PlusIcon } from "../../../ui/icons";
import { MapView } from "../../maps/map-view";
import { type EditorProps, FieldError, MoneyField, Section } from "../settings-fields";
import { useShopSettingsText } from "../strings";
import { PreviewSection } from "./preview-section";
import { type SettingsMap, useSettingsMap } from "./use-settings-map";

type MapProps = EditorProps & { map: SettingsMap };

/**
 * One map for everything placed on it: the shop's pin, the delivery zones (tap to add a
 * corner to the zone being edited) and the preview's delivery point.
 */
export function MapSection({
	draft,
	change,
	errorOf,
	shopId,
	timezone,
}: EditorProps & { shopId: number; timezone: string }) {
	const { st } = useShopSettingsText();
	const map = useSettingsMap({ draft, change });
	const { mode, pin } = map;
	return (
		<>
			<Section title={st("section.delivery")} testId="map-section">
				<MapModeChips draft={draft} change={change} errorOf={errorOf} map={map} />
				<p className="field__hint">
					{mode.kind === "zone"
						? st("delivery.tapToAdd")
						: mode.kind === "shop"
							? st("info.location")
							: st("preview.point")}
				</p>
				<MapView
					center={{ latitude: draft.latitude, longitude: draft.longitude }}
					zoom={13}
					zones={map.zones}
					shop={{ latitude: draft.latitude, longitude: draft.longitude, label: draft.name["zh-CN"] }}
					point={pin ? { ...pin, label: "" } : null}
					onPick={map.pick}
					controllerRef={map.controller}
					label={st("mapLabel")}
					testId="settings-map"
				/>
				{mode.kind === "zone" && map.activeZone && (
					<ZoneEditor draft={draft} change={change} errorOf={errorOf} map={map} index={mode.index} />
				)}
			</Section>
			<PreviewSection
				draft={draft}
				shopId={shopId}
				timezone={timezone}
				point={map.previewPoint}
				onPickPoint={() => map.setMode({ kind: "preview" })}
			/>
		</>
	);
}

/** What a tap places: the shop's pin, or a corner of one of the zones; and adding a zone. */
function MapModeChips({ draft, change, map }: MapProps) {
	const { st } = useShopSettingsText();
	const { mode, setMode } = map;
	return (
		<fieldset className="shop-settings__row shop-settings__group">
			<button
				type="button"
				className={`chip${mode.kind === "shop" ? " chip--on" : ""}`}
				onClick={() => setMode({ kind: "shop" })}
				data-testid="map-mode-shop"
			>
				{st("info.location")}
			</button>
			{draft.deliveryZones.map((_, index) => (
				<button
					// biome-ignore lint/suspicious/noArrayIndexKey: a zone is known by its number (its place)
					key={index}
					type="button"
					className={`chip${mode.kind === "zone" && mode.index === index ? " chip--on" : ""}`}
					onClick={() => setMode({ kind: "zone", index })}
					data-testid={`map-mode-zone-${index}`}
				>
					{st("delivery.zone", { n: index + 1 })}
				</button>
			))}
			{draft.deliveryZones.length < 5 && (
				<button
					type="button"
					className="chip"
					onClick={() => {
						change({ deliveryZones: [...draft.deliveryZones, { points: [], fee: 0, minOrder: 0 }] });
						setMode({ kind: "zone", index: draft.deliveryZones.length });
					}}
					data-testid="map-add-zone"
				>
					<PlusIcon /> {st("delivery.addZone")}
				</button>
			)}
		</fieldset>
	);
}

/** The zone being edited: its corners (undo, clear), removing it, its fee and minimum order. */
function ZoneEditor({ draft, change, errorOf, map, index }: MapProps & { index: number }) {
	const { st } = useShopSettingsText();
	const { activeZone, setZone, setMode } = map;
	if (!activeZone) return null;
	return (
		<div className="zone-editor" data-testid="zone-editor">
			<p className="field__hint">
				{st("delivery.editing")}: {st("delivery.zone", { n: index + 1 })} ·{" "}
				{st("delivery.points", { count: activeZone.points.length })}
			</p>
			<FieldError error={errorOf(`deliveryZones.${index}.points`)} testId="zone-error" />
			<div className="shop-settings__row">
				<button
					type="button"
					className="button button--small button--ghost"
					onClick={() => setZone(index, { points: activeZone.points.slice(0, -1) })}
					data-testid="zone-undo"
				>
					{st("delivery.undoPoint")}
				</button>
				<button
					type="button"
					className="button button--small button--ghost"
					onClick={() => setZone(index, { points: [] })}
				>
					{st("delivery.clearPoints")}
				</button>
				<button
					type="button"
					className="button button--small button--ghost"
					onClick={() => {
						change({ deliveryZones: draft.deliveryZones.filter((_, i) => i !== index) });
						setMode({ kind: "shop" });
					}}
					data-testid="zone-remove"
				>
					{st("delivery.removeZone")}
				</button>
			</div>
			<MoneyField
				key={`fee-${index}`}
				label={st("delivery.fee")}
				value={activeZone.fee}
				onChange={(fee) => setZone(index, { fee })}
				error={errorOf(`deliveryZones.${index}.fee`)}
				testId="zone-fee"
			/>
			<MoneyField
				key={`min-${index}`}
				label={st("delivery.minOrder")}
				value={activeZone.minOrder}
				onChange={(minOrder) => setZone(index, { minOrder })}
				error={errorOf(`deliveryZones.${index}.minOrder`)}
				testId="zone-min"
			/>
		</div>
	);
}
