import type { Address, ShopDetail } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, type RefObject, useId } from "react";
import { useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { useCurrency } from "../../../lib/app-config";
import { formatMoney } from "../../../lib/format";
import { useI18n } from "../../../lib/i18n";
import type { UiKey } from "../../../lib/i18n/locales/zh-CN";
import { queryClient } from "../../../lib/query-client";
import { ErrorState, LoadingState } from "../../../ui/states";
import { useRequireMember } from "../../identity/require-member";
import type { LatLng } from "../../maps/map-style";
import { type MapController, MapView } from "../../maps/map-view";
import { type AddressDraft, type AddressField, draftFromAddress, emptyDraft } from "../address-form";
import { addressDetailQuery, addressKeys, deliveryKeys, fetchDeliveryCheck } from "../api";
import { idParam } from "../current-shop";
import { FIELD_LABELS, type TextField, useAddressForm } from "./use-address-form";
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

type AddressFormState = ReturnType<typeof useAddressForm>;

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
	const { t } = useI18n();
	const ids = useId();
	const form = useAddressForm(initial, id);
	const textField = (field: TextField, options: TextFieldOptions) => (
		<AddressTextField
			ids={ids}
			field={field}
			value={form.draft[field]}
			error={form.errorFor(field)}
			onChange={(value) => form.update(field, value)}
			options={options}
		/>
	);

	return (
		<form className="form address-form" onSubmit={form.onSubmit} noValidate data-testid="address-form">
			{id !== undefined && <h2 className="address-form__heading">{t("address.editHeading")}</h2>}
			{textField("recipient", { placeholder: "address.recipientPlaceholder", maxLength: 30, autoComplete: "name" })}
			{textField("phone", {
				placeholder: "address.phonePlaceholder",
				maxLength: 20,
				autoComplete: "tel",
				inputMode: "tel",
			})}

			<PointField ids={ids} form={form} />

			{textField("address", {
				placeholder: "address.addressPlaceholder",
				maxLength: 200,
				autoComplete: "street-address",
			})}
			{textField("houseNumber", { placeholder: "address.houseNumberPlaceholder", maxLength: 100, autoComplete: "off" })}

			<DefaultSwitch isDefault={form.draft.isDefault} lock={defaultLock} onChange={form.setDefault} />

			{form.formError && (
				<p className="field__error address-form__error" role="alert" data-testid="form-error">
					{form.formError}
				</p>
			)}

			<button
				type="submit"
				className="button button--primary button--block"
				disabled={form.saving}
				data-testid="address-save"
			>
				{form.saving ? t("common.saving") : t("common.save")}
			</button>
		</form>
	);
}

/** The line under a field saying what is wrong with it, the field pointing at it. */
function FieldError({ ids, field, text }: { ids: string; field: AddressField; text: string | null }) {
	return text ? (
		<p className="field__error" id={`${ids}-${field}-error`} role="alert" data-testid={`${field}-error`}>
			{text}
		</p>
	) : null;
}

type TextFieldOptions = {
	placeholder: UiKey;
	maxLength: number;
	autoComplete: string;
	inputMode?: "tel" | "text";
};

function AddressTextField({
	ids,
	field,
	value,
	error,
	onChange,
	options,
}: {
	ids: string;
	field: TextField;
	value: string;
	error: string | null;
	onChange: (value: string) => void;
	options: TextFieldOptions;
}) {
	const { t } = useI18n();
	const describedBy = error ? { "aria-invalid": true, "aria-describedby": `${ids}-${field}-error` } : {};
	return (
		<div className="field">
			<label className="field__label" htmlFor={`${ids}-${field}`}>
				{t(FIELD_LABELS[field])}
			</label>
			<input
				id={`${ids}-${field}`}
				className="field__input"
				name={field}
				value={value}
				onChange={(event) => onChange(event.target.value)}
				placeholder={t(options.placeholder)}
				maxLength={options.maxLength}
				autoComplete={options.autoComplete}
				inputMode={options.inputMode}
				type={options.inputMode === "tel" ? "tel" : "text"}
				data-testid={`${field}-input`}
				{...describedBy}
			/>
			<FieldError ids={ids} field={field} text={error} />
		</div>
	);
}

/** The pin: the map, the buttons that move it, whether the shop delivers there. */
function PointField({ ids, form }: { ids: string; form: AddressFormState }) {
	const { t, m } = useI18n();
	const { shop, shopQuery } = form;
	const error = form.errorFor("point");
	return (
		<fieldset
			className="field field--fieldset address-form__point"
			aria-describedby={error ? `${ids}-point-error` : undefined}
		>
			<legend className="field__label">{t("address.point")}</legend>
			<PointMap
				shop={shopQuery.data ?? null}
				shopError={shop.error ?? (shopQuery.isError ? shopQuery.error : null)}
				onRetryShop={() => (shop.error ? shop.retry() : shopQuery.refetch())}
				waiting={shop.pending || (shop.shopId !== null && shopQuery.isPending)}
				point={form.point}
				position={form.position}
				onPick={form.setPoint}
				controller={form.controller}
			/>
			<div className="address-form__map-actions">
				<button
					type="button"
					className="button button--ghost button--small"
					onClick={form.locateMe}
					data-testid="locate-me"
				>
					{t("map.locateMe")}
				</button>
				<button
					type="button"
					className="button button--ghost button--small"
					onClick={form.pinCentre}
					data-testid="pin-centre"
				>
					{t("map.pinCentre")}
				</button>
			</div>
			{form.locationFailed && (
				<p className="field__hint address-form__warning" role="alert" data-testid="location-failed">
					{m("locationFailed")}
				</p>
			)}
			<PointStatus shopId={shop.shopId} point={form.point} />
			<FieldError ids={ids} field="point" text={error} />
		</fieldset>
	);
}

function DefaultSwitch({
	isDefault,
	lock,
	onChange,
}: {
	isDefault: boolean;
	lock: "isDefault" | "first" | null;
	onChange: (isDefault: boolean) => void;
}) {
	const { t } = useI18n();
	return (
		<label className="switch-row">
			<span className="switch-row__text">
				<span>{t("address.isDefault")}</span>
				{lock && (
					<span className="field__hint">
						{t(lock === "first" ? "address.firstIsDefault" : "address.defaultLocked")}
					</span>
				)}
			</span>
			<input
				type="checkbox"
				role="switch"
				aria-checked={isDefault}
				className="switch"
				checked={isDefault}
				disabled={lock !== null}
				onChange={(event) => onChange(event.target.checked)}
				data-testid="default-switch"
			/>
		</label>
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
