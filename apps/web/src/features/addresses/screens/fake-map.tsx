import type { LeafletMapProps } from "../../maps/map-types";

/**
 * Stands in for the Leaflet map in screen tests (vi.mock of maps/map-view): shows what the
 * screen gives the map, and picks a point on request.
 */
export function FakeMapView(props: LeafletMapProps & { className?: string }) {
	return (
		<div
			data-testid={props.testId}
			data-center={`${props.center.latitude},${props.center.longitude}`}
			data-zones={props.zones?.length ?? 0}
			data-user={props.user ? `${props.user.latitude},${props.user.longitude}` : ""}
			data-point={props.point ? `${props.point.latitude},${props.point.longitude}` : ""}
		>
			{props.onPick && (
				<button
					type="button"
					data-testid="fake-map-tap"
					onClick={() => props.onPick?.({ latitude: 11.5700004, longitude: 104.9280004 })}
				/>
			)}
		</div>
	);
}
