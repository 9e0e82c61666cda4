import { Limits, type MessageKey } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { ApiError, errorText } from "../../../lib/api-client";
import { useI18n } from "../../../lib/i18n";
import type { UiKey } from "../../../lib/i18n/locales/zh-CN";
import { useGoBack } from "../../../lib/navigation-hooks";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { getCurrentPosition } from "../../maps/geolocation";
import { type LatLng, roundCoordinate } from "../../maps/map-style";
import type { MapController } from "../../maps/map-view";
import { shopDetailQuery } from "../../venues/api";
import {
	type AddressDraft,
	type AddressField,
	type AddressProblems,
	serverIssues,
	validateAddress,
} from "../address-form";
import { saveAddress } from "../api";
import { useShopForAddresses } from "../current-shop";
import { refreshDeliveryAddress } from "../delivery-target";

export type TextField = Exclude<AddressField, "point">;

export const FIELD_LABELS: Record<TextField, UiKey> = {
	recipient: "address.recipient",
	phone: "address.phone",
	address: "address.address",
	houseNumber: "address.houseNumber",
};

/** The address form's draft, its pin on the map, its errors and its save. */
export function useAddressForm(initial: AddressDraft, id: number | undefined) {
	const { t, m, lang } = useI18n();
	const goBack = useGoBack();
	const [draft, setDraft] = useState(initial);
	const [problems, setProblems] = useState<AddressProblems>({});
	const [serverErrors, setServerErrors] = useState<Partial<Record<AddressField, string>>>({});
	const [formError, setFormError] = useState<string | null>(null);
	const [locationFailed, setLocationFailed] = useState(false);
	const [position, setPosition] = useState<LatLng | null>(null);
	const touchedPoint = useRef(initial.latitude !== null);
	const controller = useRef<MapController | null>(null);

	const shop = useShopForAddresses();
	const shopQuery = useQuery({ ...shopDetailQuery(shop.shopId ?? 0, lang), enabled: shop.shopId !== null });
	const point: LatLng | null =
		draft.latitude !== null && draft.longitude !== null
			? { latitude: draft.latitude, longitude: draft.longitude }
			: null;

	const setPoint = useCallback((next: LatLng) => {
		touchedPoint.current = true;
		setDraft((current) => ({
			...current,
			latitude: roundCoordinate(next.latitude),
			longitude: roundCoordinate(next.longitude),
		}));
		setProblems(({ point: _, ...rest }) => rest);
		setServerErrors(({ point: _, ...rest }) => rest);
	}, []);

	// A new address starts where the user is, when the device may tell us.
	useEffect(() => {
		if (initial.latitude !== null) return;
		let cancelled = false;
		getCurrentPosition().then(
			(found) => {
				if (cancelled) return;
				setPosition(found);
				if (!touchedPoint.current) {
					setPoint(found);
					controller.current?.flyTo(found, Limits.mapZoom.default);
				}
			},
			() => undefined, // the map starts at the shop instead
		);
		return () => {
			cancelled = true;
		};
	}, [initial.latitude, setPoint]);

	const locateMe = async () => {
		setLocationFailed(false);
		try {
			const found = await getCurrentPosition({ maximumAge: 0 });
			setPosition(found);
			setPoint(found);
			controller.current?.flyTo(found, Limits.mapZoom.default);
		} catch {
			setLocationFailed(true);
			showToast(m("locationFailed"));
		}
	};

	const pinCentre = () => controller.current && setPoint(controller.current.center());

	const update = (field: TextField, value: string) => {
		setDraft((current) => ({ ...current, [field]: value }));
		if (problems[field]) setProblems(({ [field]: _, ...rest }) => rest);
		if (serverErrors[field]) setServerErrors(({ [field]: _, ...rest }) => rest);
	};

	const setDefault = (isDefault: boolean) => setDraft((current) => ({ ...current, isDefault }));

	const [submit, saving] = useDebouncedSubmit(async () => {
		setFormError(null);
		setServerErrors({});
		const result = validateAddress(draft, id);
		if (!result.ok) {
			setProblems(result.problems);
			return;
		}
		setProblems({});
		try {
			// Named, the shop ordered from keeps an address it cannot deliver to from becoming the default.
			const saved = await saveAddress(shop.shopId === null ? result.input : { ...result.input, shopId: shop.shopId });
			await refreshDeliveryAddress(saved);
			showToast(saved.deliverable === false ? t("address.savedOutsideZone") : t("address.saved"));
			goBack();
		} catch (error) {
			// Shown as the server answered it: next to the field it names, else under the form.
			const byField = error instanceof ApiError ? serverIssues(error.data) : {};
			setServerErrors(byField);
			if (Object.keys(byField).length === 0) setFormError(errorText(error));
		}
	});

	const onSubmit = (event: FormEvent) => {
		event.preventDefault();
		submit();
	};

	const errorFor = (field: AddressField): string | null => {
		if (serverErrors[field]) return serverErrors[field] ?? null;
		const problem = problems[field];
		if (!problem) return null;
		if (problem.key === "pickPoint") return t("address.pickPoint");
		const label = field === "point" ? t("address.point") : t(FIELD_LABELS[field]);
		return m(problem.key as MessageKey, { field: label });
	};

	return {
		draft,
		update,
		setDefault,
		point,
		position,
		setPoint,
		controller,
		locateMe,
		pinCentre,
		locationFailed,
		shop,
		shopQuery,
		errorFor,
		formError,
		onSubmit,
		saving,
	};
}
