import { type Address, Limits, type MessageKey, type ShopDetail } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, type RefObject, useCallback, useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { ApiError, errorText } from "../../../lib/api-client";
import { useCurrency } from "../../../lib/app-config";
import { formatMoney } from "../../../lib/format";
import { useI18n } from "../../../lib/i18n";
import type { UiKey } from "../../../lib/i18n/locales/zh-CN";
import { useGoBack } from "../../../lib/navigation-hooks";
import { queryClient } from "../../../lib/query-client";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { ErrorState, LoadingState } from "../../../ui/states";
import { useRequireMember } from "../../identity/require-member";
import { getCurrentPosition } from "../../maps/geolocation";
import { type LatLng, roundCoordinate } from "../../maps/map-style";
import { type MapController, MapView } from "../../maps/map-view";
import { shopDetailQuery } from "../../venues/api";
import {
	type AddressDraft,
	type AddressField,
	type AddressProblems,
	draftFromAddress,
	emptyDraft,
	serverIssues,
	validateAddress,
} from "../address-form";
import { addressDetailQuery, addressKeys, deliveryKeys, fetchDeliveryCheck, saveAddress } from "../api";
import { idParam, useShopForAddresses } from "../current-shop";
import { refreshDeliveryAddress } from "../delivery-target";
import "../../../ui/controls.css";
import "../addresses.css";

/** address/add: a new address, or `?id=` to edit one. */
export default function AddressEditScreen() {
	const { m } = useI18n();
	const member = useRequireMember();
	const [params] = useSearchParams();
	const rawId = params.get("id");
	const id = idParam(rawId);
	if (!member) return <LoadingState />;
	if (rawId !== null && id === null) return <ErrorState message={m("notFound")} />;
	if (id === null) return <NewAddress memberId={member.id} mobile={member.mobile} />;
	return <ExistingAddress key={id} memberId={member.id} id={id} />;
}

/** A member's first address is always the default (the server makes it so): the form says it. */
function NewAddress({ memberId, mobile }: { memberId: number; mobile: string }) {
	// Any list of the member's addresses cached (for whichever shop it was asked).
	const known = queryClient
		.getQueriesData<Address[]>({ queryKey: addressKeys.member(memberId) })
		.find(([, list]) => list !== undefined)?.[1];
	const first = known !== undefined && known.length === 0;
	return (
		<AddressForm key="new" initial={{ ...emptyDraft(mobile), isDefault: first }} defaultLock={first ? "first" : null} />
	);
}

function ExistingAddress({ memberId, id }: { memberId: number; id: number }) {
	const query = useQuery(addressDetailQuery(memberId, id));
	if (query.isPending) return <LoadingState />;
	if (query.isError) return <ErrorState message={errorText(query.error)} onRetry={() => query.refetch()} />;
	return (
		<AddressForm
			id={id}
			initial={draftFromAddress(query.data)}
			defaultLock={query.data.isDefault ? "isDefault" : null}
		/>
	);
}

const FIELD_LABELS: Record<Exclude<AddressField, "point">, UiKey> = {
	recipient: "address.recipient",
	phone: "address.phone",
	address: "address.address",
	houseNumber: "address.houseNumber",
};

function AddressForm({
	id,
	initial,
	defaultLock = null,
}: {
	id?: number;
	initial: AddressDraft;
	/** Why the default switch cannot be turned off: it is the default, or the first address. */
	defaultLock?: "isDefault" | "first" | null;
}) {
	const { t, m, lang } = useI18n();
	const ids = useId();
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

	const update = (field: Exclude<AddressField, "point">, value: string) => {
		setDraft((current) => ({ ...current, [field]: value }));
		if (problems[field]) setProblems(({ [field]: _, ...rest }) => rest);
		if (serverErrors[field]) setServerErrors(({ [field]: _, ...rest }) => rest);
	};

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

	const describedBy = (field: AddressField) =>
		errorFor(field) ? { "aria-invalid": true, "aria-describedby": `${ids}-${field}-error` } : {};
	const errorLine = (field: AddressField) => {
		const text = errorFor(field);
		return text ? (
			<p className="field__error" id={`${ids}-${field}-error`} role="alert" data-testid={`${field}-error`}>
				{text}
			</p>
		) : null;
	};

	const textField = (
		field: Exclude<AddressField, "point">,
		options: { placeholder: UiKey; maxLength: number; autoComplete: string; inputMode?: "tel" | "text" },
	) => (
		<div className="field">
			<label className="field__label" htmlFor={`${ids}-${field}`}>
				{t(FIELD_LABELS[field])}
			</label>
			<input
				id={`${ids}-${field}`}
				className="field__input"
				name={field}
				value={draft[field]}
				onChange={(event) => update(field, event.target.value)}
				placeholder={t(options.placeholder)}
				maxLength={options.maxLength}
				autoComplete={options.autoComplete}
				inputMode={options.inputMode}
				type={options.inputMode === "tel" ? "tel" : "text"}
				data-testid={`${field}-input`}
				{...describedBy(field)}
			/>
			{errorLine(field)}
		</div>
	);

	return (
		<form className="form address-form" onSubmit={onSubmit} noValidate data-testid="address-form">
			{id !== undefined && <h2 className="address-form__heading">{t("address.editHeading")}</h2>}
			{textField("recipient", { placeholder: "address.recipientPlaceholder", maxLength: 30, autoComplete: "name" })}
			{textField("phone", {
				placeholder: "address.phonePlaceholder",
				maxLength: 20,
				autoComplete: "tel",
				inputMode: "tel",
			})}

			<fieldset
				className="field field--fieldset address-form__point"
				aria-describedby={errorFor("point") ? `${ids}-point-error` : undefined}
			>
				<legend className="field__label">{t("address.point")}</legend>
				<PointMap
					shop={shopQuery.data ?? null}
					shopError={shop.error ?? (shopQuery.isError ? shopQuery.error : null)}
					onRetryShop={() => (shop.error ? shop.retry() : shopQuery.refetch())}
					waiting={shop.pending || (shop.shopId !== null && shopQuery.isPending)}
					point={point}
					position={position}
					onPick={setPoint}
					controller={controller}
				/>
				<div className="address-form__map-actions">
					<button
						type="button"
						className="button button--ghost button--small"
						onClick={locateMe}
						data-testid="locate-me"
					>
						{t("map.locateMe")}
					</button>
					<button
						type="button"
						className="button button--ghost button--small"
						onClick={() => controller.current && setPoint(controller.current.center())}
						data-testid="pin-centre"
					>
						{t("map.pinCentre")}
					</button>
				</div>
				{locationFailed && (
					<p className="field__hint address-form__warning" role="alert" data-testid="location-failed">
						{m("locationFailed")}
					</p>
				)}
				<PointStatus shopId={shop.shopId} point={point} />
				{errorLine("point")}
			</fieldset>

			{textField("address", {
				placeholder: "address.addressPlaceholder",
				maxLength: 200,
				autoComplete: "street-address",
			})}
			{textField("houseNumber", { placeholder: "address.houseNumberPlaceholder", maxLength: 100, autoComplete: "off" })}

			<label className="switch-row">
				<span className="switch-row__text">
					<span>{t("address.isDefault")}</span>
					{defaultLock && (
						<span className="field__hint">
							{t(defaultLock === "first" ? "address.firstIsDefault" : "address.defaultLocked")}
						</span>
					)}
				</span>
				<input
					type="checkbox"
					role="switch"
					aria-checked={draft.isDefault}
					className="switch"
					checked={draft.isDefault}
					disabled={defaultLock !== null}
					onChange={(event) => setDraft((current) => ({ ...current, isDefault: event.target.checked }))}
					data-testid="default-switch"
				/>
			</label>

			{formError && (
				<p className="field__error address-form__error" role="alert" data-testid="form-error">
					{formError}
				</p>
			)}

			<button
				type="submit"
				className="button button--primary button--block"
				disabled={saving}
				data-testid="address-save"
			>
				{saving ? t("common.saving") : t("common.save")}
			</button>
		</form>
	);
}

function PointMap({
	shop,
	shopError,
	onRetryShop,
	waiting,
	point,
	position,
	onPick,
	controller,
}: {
	shop: ShopDetail | null;
	shopError: unknown;
	onRetryShop: () => void;
	waiting: boolean;
	point: LatLng | null;
	position: LatLng | null;
	onPick: (point: LatLng) => void;
	controller: RefObject<MapController | null>;
}): ReactNode {
	const { t } = useI18n();
	// Starts at the address being edited, else where the user is, else at the shop.
	const start = point ?? position ?? shop;
	if (!start) {
		if (shopError && !waiting) return <ErrorState compact message={errorText(shopError)} onRetry={onRetryShop} />;
		return (
			<div className="map-frame">
				<LoadingState compact label={t("map.loading")} />
			</div>
		);
	}
	return (
		<MapView
			className="address-form__map"
			center={{ latitude: start.latitude, longitude: start.longitude }}
			zones={shop?.zones ?? []}
			shop={shop ? { latitude: shop.latitude, longitude: shop.longitude, label: shop.name } : null}
			user={position ? { ...position, label: t("map.you") } : null}
			point={point ? { ...point, label: t("address.point") } : null}
			onPick={onPick}
			controllerRef={controller}
			label={t("address.pointHint")}
			testId="address-map"
		/>
	);
}

/** Where the pin is, and whether the shop delivers there (a hint: saving is allowed either way). */
function PointStatus({ shopId, point }: { shopId: number | null; point: LatLng | null }) {
	const { t, m } = useI18n();
	const currency = useCurrency();
	const check = useQuery({
		queryKey: deliveryKeys.check(shopId ?? 0, point?.latitude ?? 0, point?.longitude ?? 0),
		queryFn: ({ signal }) =>
			fetchDeliveryCheck(shopId ?? 0, point ?? { latitude: 0, longitude: 0 }, { toast: false, signal }),
		enabled: shopId !== null && point !== null,
		staleTime: 5 * 60_000,
	});
	if (!point) return <p className="field__hint">{t("address.pointHint")}</p>;
	return (
		<p className="address-form__point-status" data-testid="point-status">
			<span className="address-form__coords" data-testid="point-coords">
				{point.latitude.toFixed(6)}, {point.longitude.toFixed(6)}
			</span>
			{check.data &&
				(check.data.inRange ? (
					<span className="address-form__in-range" data-testid="point-in-range">
						{t("address.pointInRange", { fee: formatMoney(check.data.fee ?? 0, currency) })}
					</span>
				) : (
					<span className="address-form__out-of-range" data-testid="point-out-of-range">
						{m("addressOutOfRange")}
					</span>
				))}
		</p>
	);
}
