import { Limits, type ShopDetail } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { useSearchParams } from "react-router";
import { useI18n } from "../../../lib/i18n";
import { useUserLocation } from "../../maps/geolocation";
import type { MapController } from "../../maps/map-view";
import { shopDetailQuery } from "../../venues/api";
import { idParam, useShopForAddresses } from "../current-shop";

/** The shop the page is about (`?shop_id=`, else the one ordered from) and its details. */
export function useShopInfo() {
	const { lang } = useI18n();
	const [params] = useSearchParams();
	const shop = useShopForAddresses(idParam(params.get("shop_id")));
	const query = useQuery({ ...shopDetailQuery(shop.shopId ?? 0, lang), enabled: shop.shopId !== null });
	return { shop, query };
}

/** The map's controller, the user's position (asked again every 30 s) and the buttons that move the map. */
export function useShopMap(shop: ShopDetail) {
	const controller = useRef<MapController | null>(null);
	const location = useUserLocation({ refreshMs: Limits.locationRefreshMs });
	const position = location.position;
	return {
		controller,
		position,
		locationFailed: location.problem !== null,
		showShop: () => controller.current?.flyTo(shop, Limits.mapZoom.default),
		showZones: () => controller.current?.showZones(),
		showMe: () => (position ? controller.current?.flyTo(position) : location.refresh()),
	};
}
