import {
	CLOSURE_LABEL_MAX_LENGTH,
	type DeliveryZone,
	ErrorCode,
	type MerchantShopRef,
	type MessageKey,
	type OrderType,
	roleAllows,
	type ShopRulesPreview,
	type ShopSettings,
	ShopSettingsInput,
} from "@bayon/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { ApiError, errorText } from "../../../lib/api-client";
import { useCurrency, useMoney } from "../../../lib/app-config";
import { formatTimeInZone } from "../../../lib/format";
import { isMessageKey } from "../../../lib/i18n/messages";
import { showToast } from "../../../lib/toast";
import { PlusIcon, TrashIcon } from "../../../ui/icons";
import { LocalizedTextFields } from "../../../ui/localized-fields";
import { ErrorState, LoadingState } from "../../../ui/states";
import { Stepper } from "../../../ui/stepper";
import { uploadImage } from "../../identity/api";
import { type MapController, MapView } from "../../maps/map-view";
import { menuQuery } from "../../menu/api";
import { MerchantGuard } from "../../merchant/merchant-guard";
import { shopDetailQuery } from "../../venues/api";
import { pauseShop, previewShopRules, saveShopSettings, setAcceptingOrders, shopSettingsQuery } from "../api";
import { DateField, TimeField } from "../components/pickers";
import { type ShopSettingsKey, useShopSettingsText } from "../strings";
import "../shop-settings.css";

const LANGS = ["zh-CN", "en", "km"] as const;
const ORDER_TYPES: OrderType[] = ["takein", "takeout", "desk"];
const ORDER_TYPE_KEYS = { takein: "orderTypeTakein", takeout: "orderTypeTakeout", desk: "orderTypeDesk" } as const;
/** Monday first, as shops plan their week. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

type Errors = Map<string, MessageKey>;

function validate(settings: ShopSettings): Errors {
	const result = ShopSettingsInput.safeParse(settings);
	const errors: Errors = new Map();
	for (const issue of result.error?.issues ?? []) {
		const path = issue.path.join(".");
		if (!errors.has(path)) errors.set(path, isMessageKey(issue.message) ? issue.message : "fieldInvalid");
	}
	return errors;
}

/** merchant/shopInfo: the owner's shop settings, the pause switch and the rules preview. */
export default function ShopSettingsScreen() {
	return <MerchantGuard>{(shop) => <ShopSettingsPage shop={shop} />}</MerchantGuard>;
}

function ShopSettingsPage({ shop }: { shop: MerchantShopRef }) {
	const canEdit = roleAllows(shop.role, "shop");
	return (
		<div className="shop-settings page-pad" data-testid="shop-settings">
			<PauseSection shopId={shop.shopId} canOpen={canEdit} />
			{canEdit && <SettingsEditor shopId={shop.shopId} />}
		</div>
	);
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
	return (
		<section className="card shop-settings__section" data-testid={testId}>
			<h2 className="section__title">{title}</h2>
			{children}
		</section>
	);
}

/**
 * Staff too: pause new orders for 15 / 30 / 60 minutes, or take them again. A shop closed until
 * opened (a new branch, decision 018) says so first, and the owner or a manager opens it here.
 */
function PauseSection({ shopId, canOpen }: { shopId: number; canOpen: boolean }) {
	const { st, lang } = useShopSettingsText();
	const queryClient = useQueryClient();
	const detail = useQuery(shopDetailQuery(shopId, lang));
	const pausedUntil = detail.data?.openState.pausedUntil ?? null;
	const closed = detail.data?.openState.acceptingOrders === false;
	const open = async () => {
		try {
			await setAcceptingOrders(shopId, true);
			showToast(st("accepting.opened"));
		} catch (error) {
			showToast(errorText(error));
		}
		await queryClient.invalidateQueries({ queryKey: ["venues"] });
	};
	const until = pausedUntil && detail.data ? formatTimeInZone(pausedUntil, detail.data.timezone)?.time : null;
	const act = async (minutes: 0 | 15 | 30 | 60) => {
		try {
			await pauseShop(shopId, minutes);
		} catch (error) {
			showToast(errorText(error));
		}
		await queryClient.invalidateQueries({ queryKey: ["venues"] });
	};
	return (
		<Section title={st("section.pause")} testId="pause-section">
			{closed && (
				<div className="accepting-state" data-testid="accepting-state" role="status">
					<p className="pause-state pause-state--on">{st(canOpen ? "accepting.closed" : "accepting.askOwner")}</p>
					{canOpen && (
						<button
							type="button"
							className="button button--primary button--block"
							onClick={() => void open()}
							data-testid="accepting-open"
						>
							{st("accepting.open")}
						</button>
					)}
				</div>
			)}
			<p className="field__hint">{st("pause.hint")}</p>
			{/* "Taking orders" would contradict the closed state above. */}
			{(until || !closed) && (
				<p className={`pause-state${until ? " pause-state--on" : ""}`} data-testid="pause-state" role="status">
					{until ? st("pause.until", { time: until }) : st("pause.notPaused")}
				</p>
			)}
			<div className="shop-settings__row">
				{([15, 30, 60] as const).map((minutes) => (
					<button
						key={minutes}
						type="button"
						className="button button--small"
						onClick={() => void act(minutes)}
						data-testid={`pause-${minutes}`}
					>
						{st("pause.for", { minutes })}
					</button>
				))}
				{until && (
					<button
						type="button"
						className="button button--small button--primary"
						onClick={() => void act(0)}
						data-testid="pause-resume"
					>
						{st("pause.resume")}
					</button>
				)}
			</div>
		</Section>
	);
}

function SettingsEditor({ shopId }: { shopId: number }) {
	const { st, m, lang } = useShopSettingsText();
	const queryClient = useQueryClient();
	const saved = useQuery(shopSettingsQuery(shopId, lang));
	const [draft, setDraft] = useState<ShopSettings | null>(null);
	const [version, setVersion] = useState(0);
	const [showErrors, setShowErrors] = useState(false);

	useEffect(() => {
		if (saved.data && (draft === null || saved.data.version !== version)) {
			setDraft(saved.data.settings);
			setVersion(saved.data.version);
		}
	}, [saved.data, draft, version]);

	const errors = useMemo(() => (draft ? validate(draft) : new Map()), [draft]);
	if (saved.isError) return <ErrorState message={errorText(saved.error)} onRetry={() => void saved.refetch()} />;
	if (!draft || !saved.data) return <LoadingState />;

	const change = (patch: Partial<ShopSettings>) => setDraft({ ...draft, ...patch });
	const errorOf = (path: string) => (showErrors ? errors.get(path) : undefined);

	const save = async () => {
		setShowErrors(true);
		if (errors.size > 0) {
			showToast(st("fixErrors"));
			return;
		}
		try {
			const view = await saveShopSettings(shopId, version, draft);
			queryClient.setQueryData(shopSettingsQuery(shopId, lang).queryKey, view);
			setDraft(view.settings);
			setVersion(view.version);
			setShowErrors(false);
			showToast(st("saved"));
			await queryClient.invalidateQueries({ queryKey: ["venues"] });
		} catch (error) {
			showToast(errorText(error));
			// Someone else saved: show their version (the page keeps nothing stale).
			if (error instanceof ApiError && error.code === ErrorCode.ChangedBySomeoneElse) {
				setDraft(null);
				await saved.refetch();
			}
		}
	};

	return (
		<>
			<InfoSection draft={draft} change={change} errorOf={errorOf} />
			<HoursSection draft={draft} change={change} errorOf={errorOf} />
			<ClosuresSection draft={draft} change={change} errorOf={errorOf} timezone={saved.data.timezone} />
			<MapSection draft={draft} change={change} errorOf={errorOf} shopId={shopId} timezone={saved.data.timezone} />
			<div className="shop-settings__save">
				{showErrors && errors.size > 0 && (
					<p className="field__error" role="alert" data-testid="settings-errors">
						{m([...errors.values()][0] as MessageKey)}
					</p>
				)}
				<button
					type="button"
					className="button button--primary button--block"
					onClick={() => void save()}
					data-testid="settings-save"
				>
					{st("save")}
				</button>
			</div>
		</>
	);
}

interface EditorProps {
	draft: ShopSettings;
	change: (patch: Partial<ShopSettings>) => void;
	errorOf: (path: string) => MessageKey | undefined;
}

function UploadButton({ onFile, testId }: { onFile: (file: File | undefined) => void; testId: string }) {
	const { st } = useShopSettingsText();
	return (
		<label className="button button--small">
			<PlusIcon /> {st("info.upload")}
			<input
				type="file"
				accept="image/*"
				className="visually-hidden"
				onChange={(event) => onFile(event.target.files?.[0])}
				data-testid={testId}
			/>
		</label>
	);
}

function RemoveButton({ onClick, testId }: { onClick: () => void; testId?: string }) {
	const { st } = useShopSettingsText();
	return (
		<button type="button" className="icon-button" aria-label={st("info.remove")} onClick={onClick} data-testid={testId}>
			<TrashIcon />
		</button>
	);
}

function FieldError({ error, testId }: { error: MessageKey | undefined; testId?: string }) {
	const { m } = useShopSettingsText();
	if (!error) return null;
	return (
		<p className="field__error" role="alert" data-testid={testId}>
			{m(error, { field: "" })}
		</p>
	);
}

function TextField({
	label,
	value,
	onChange,
	error,
	testId,
}: {
	label: string;
	value: string;
	onChange: (value: string) => void;
	error?: MessageKey | undefined;
	testId: string;
}) {
	return (
		<label className="field">
			<span className="field__label">{label}</span>
			<input
				className="field__input"
				value={value}
				onChange={(event) => onChange(event.target.value)}
				aria-invalid={Boolean(error)}
				data-testid={testId}
			/>
			<FieldError error={error} />
		</label>
	);
}

function LocalizedFields({
	field,
	label,
	draft,
	change,
	errorOf,
}: EditorProps & { field: "name" | "address" | "notice"; label: ShopSettingsKey }) {
	const { st } = useShopSettingsText();
	return (
		<fieldset className="field field--fieldset">
			<legend className="field__label">{st(label)}</legend>
			{LANGS.map((lang) => (
				<TextField
					key={lang}
					label={st(`info.lang.${lang}`)}
					value={draft[field][lang]}
					onChange={(value) => change({ [field]: { ...draft[field], [lang]: value } })}
					error={errorOf(`${field}.${lang}`)}
					testId={`settings-${field}-${lang}`}
				/>
			))}
		</fieldset>
	);
}

function InfoSection({ draft, change, errorOf }: EditorProps) {
	const { st, m } = useShopSettingsText();
	const upload = async (file: File | undefined, into: "logo" | "photos") => {
		if (!file) return;
		try {
			const { url } = await uploadImage(file);
			change(into === "logo" ? { logo: url } : { photos: [...draft.photos, url] });
		} catch (error) {
			showToast(errorText(error));
		}
	};
	return (
		<Section title={st("section.info")} testId="info-section">
			<LocalizedFields field="name" label="info.name" draft={draft} change={change} errorOf={errorOf} />
			<TextField
				label={st("info.phone")}
				value={draft.phone}
				onChange={(phone) => change({ phone })}
				error={errorOf("phone")}
				testId="settings-phone"
			/>
			<LocalizedFields field="address" label="info.address" draft={draft} change={change} errorOf={errorOf} />
			<LocalizedFields field="notice" label="info.notice" draft={draft} change={change} errorOf={errorOf} />
			<fieldset className="field field--fieldset">
				<legend className="field__label">{st("info.orderTypes")}</legend>
				<div className="shop-settings__row">
					{ORDER_TYPES.map((type) => {
						const on = draft.orderTypes.includes(type);
						return (
							<button
								key={type}
								type="button"
								className={`chip${on ? " chip--on" : ""}`}
								aria-pressed={on}
								onClick={() =>
									change({
										orderTypes: on
											? draft.orderTypes.filter((t) => t !== type)
											: ORDER_TYPES.filter((t) => t === type || draft.orderTypes.includes(t)),
									})
								}
								data-testid={`settings-type-${type}`}
							>
								{m(ORDER_TYPE_KEYS[type])}
							</button>
						);
					})}
				</div>
				<FieldError error={errorOf("orderTypes")} />
			</fieldset>
			<div className="field">
				<span className="field__label">{st("info.preparation")}</span>
				<Stepper
					value={draft.preparationMinutes}
					onChange={(value) => change({ preparationMinutes: Math.max(0, Math.min(240, value)) })}
					min={0}
					max={240}
					label={st("info.preparation")}
					testId="settings-preparation"
				/>
			</div>
			<div className="field">
				<span className="field__label">{st("info.logo")}</span>
				<div className="shop-settings__images">
					{draft.logo && <img src={draft.logo} alt="" className="shop-settings__image" />}
					<UploadButton onFile={(file) => void upload(file, "logo")} testId="settings-logo-input" />
				</div>
				<FieldError error={errorOf("logo")} />
			</div>
			<div className="field">
				<span className="field__label">{st("info.photos")}</span>
				<div className="shop-settings__images">
					{draft.photos.map((url, index) => (
						<span key={url} className="shop-settings__photo">
							<img src={url} alt="" className="shop-settings__image" />
							<RemoveButton onClick={() => change({ photos: draft.photos.filter((_, i) => i !== index) })} />
						</span>
					))}
					{draft.photos.length < 9 && (
						<UploadButton onFile={(file) => void upload(file, "photos")} testId="settings-photo-input" />
					)}
				</div>
			</div>
		</Section>
	);
}

function HoursSection({ draft, change, errorOf }: EditorProps) {
	const { st, t } = useShopSettingsText();
	const windows = draft.weeklyHours.map((window, index) => ({ window, index }));
	const setWindow = (index: number, patch: Partial<ShopSettings["weeklyHours"][number]>) =>
		change({ weeklyHours: draft.weeklyHours.map((w, i) => (i === index ? { ...w, ...patch } : w)) });
	return (
		<Section title={st("section.hours")} testId="hours-section">
			<ul className="hours">
				{WEEK.map((weekday) => {
					const today = windows.filter(({ window }) => window.weekday === weekday);
					return (
						<li key={weekday} className="hours__day" data-testid={`hours-day-${weekday}`}>
							<span className="hours__weekday">{t(`shopInfo.weekday.${weekday}` as never)}</span>
							<div className="hours__windows">
								{today.length === 0 && <span className="field__hint">{st("hours.closed")}</span>}
								{today.map(({ window, index }) => {
									const error = errorOf(`weeklyHours.${index}.opensAt`) ?? errorOf(`weeklyHours.${index}.closesAt`);
									return (
										<div key={index} className="hours__window" data-testid={`hours-window-${index}`}>
											<TimeField
												value={window.opensAt}
												onChange={(opensAt) => setWindow(index, { opensAt })}
												label={st("hours.opens")}
												invalid={Boolean(error)}
												testId={`hours-${index}-opens`}
											/>
											<span aria-hidden="true">–</span>
											<TimeField
												value={window.closesAt}
												onChange={(closesAt) => setWindow(index, { closesAt })}
												label={st("hours.closes")}
												invalid={Boolean(error)}
												testId={`hours-${index}-closes`}
											/>
											{window.closesAt < window.opensAt && <span className="tag">{st("hours.overnight")}</span>}
											<RemoveButton
												onClick={() => change({ weeklyHours: draft.weeklyHours.filter((_, i) => i !== index) })}
												testId={`hours-${index}-remove`}
											/>
											<FieldError error={error} testId={`hours-${index}-error`} />
										</div>
									);
								})}
								<button
									type="button"
									className="text-button"
									onClick={() =>
										change({ weeklyHours: [...draft.weeklyHours, { weekday, opensAt: "09:00", closesAt: "17:00" }] })
									}
									data-testid={`hours-add-${weekday}`}
								>
									<PlusIcon /> {st("hours.add")}
								</button>
							</div>
						</li>
					);
				})}
			</ul>
		</Section>
	);
}

/** Today's date on the shop's clock. */
function shopToday(timezone: string, at = new Date()): string {
	return new Intl.DateTimeFormat("en-CA", {
		timeZone: timezone,
		year: "numeric",
		month: "2-digit",
		day: "2-digit",
	}).format(at);
}

function ClosuresSection({ draft, change, errorOf, timezone }: EditorProps & { timezone: string }) {
	const { st, m } = useShopSettingsText();
	const setClosure = (index: number, patch: Partial<ShopSettings["closures"][number]>) =>
		change({ closures: draft.closures.map((c, i) => (i === index ? { ...c, ...patch } : c)) });
	// The shared three-language boxes take their problems as texts keyed by path.
	const labelProblems = (index: number) => {
		const problems: Record<string, string> = {};
		for (const lang of LANGS) {
			const path = `closures.${index}.label.${lang}`;
			const error = errorOf(path);
			if (error) problems[path] = m(error, { field: "" });
		}
		return problems;
	};
	return (
		<Section title={st("section.closures")} testId="closures-section">
			{draft.closures.length === 0 && <p className="field__hint">{st("closures.empty")}</p>}
			{draft.closures.map((closure, index) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: closures are edited in place; their place in the list is who they are
				<div key={index} className="closure" data-testid={`closure-${index}`}>
					<div className="shop-settings__row">
						<DateField
							value={closure.startsOn}
							onChange={(startsOn) => setClosure(index, { startsOn })}
							label={st("closures.from")}
							testId={`closure-${index}-from`}
						/>
						<span aria-hidden="true">–</span>
						<DateField
							value={closure.endsOn}
							onChange={(endsOn) => setClosure(index, { endsOn })}
							label={st("closures.to")}
							invalid={Boolean(errorOf(`closures.${index}.endsOn`))}
							testId={`closure-${index}-to`}
						/>
						<RemoveButton onClick={() => change({ closures: draft.closures.filter((_, i) => i !== index) })} />
					</div>
					<FieldError error={errorOf(`closures.${index}.endsOn`)} testId={`closure-${index}-error`} />
					<LocalizedTextFields
						label={st("closures.label")}
						field={`closures.${index}.label`}
						value={closure.label}
						onChange={(label) => setClosure(index, { label })}
						problems={labelProblems(index)}
						maxLength={CLOSURE_LABEL_MAX_LENGTH}
						testId={`closure-${index}-label`}
						groupTestId={`closure-${index}-labels`}
						languageName={(lang) => st(`info.lang.${lang}`)}
						className="closure__languages"
						languageClassName="closure__language"
					/>
				</div>
			))}
			<button
				type="button"
				className="text-button"
				onClick={() => {
					const today = shopToday(timezone);
					change({
						closures: [...draft.closures, { startsOn: today, endsOn: today, label: { "zh-CN": "", en: "", km: "" } }],
					});
				}}
				data-testid="closure-add"
			>
				<PlusIcon /> {st("closures.add")}
			</button>
		</Section>
	);
}

/** Money typed in major units ("1.50"), kept in minor units. */
function MoneyField({
	label,
	value,
	onChange,
	error,
	testId,
}: {
	label: string;
	value: number;
	onChange: (value: number) => void;
	error?: MessageKey | undefined;
	testId: string;
}) {
	const currency = useCurrency();
	const scale = 10 ** currency.decimals;
	const [text, setText] = useState((value / scale).toFixed(currency.decimals));
	return (
		<label className="field">
			<span className="field__label">{label}</span>
			<input
				className="field__input"
				inputMode="decimal"
				value={text}
				onChange={(event) => {
					setText(event.target.value);
					const parsed = Number(event.target.value);
					onChange(event.target.value.trim() === "" || Number.isNaN(parsed) ? Number.NaN : Math.round(parsed * scale));
				}}
				aria-invalid={Boolean(error)}
				data-testid={testId}
			/>
			<FieldError error={error} />
		</label>
	);
}

type MapMode = { kind: "shop" } | { kind: "zone"; index: number } | { kind: "preview" };

const zoneColors = ["#d4a900", "#1a73e8", "#2e7d32", "#c62828", "#6a1b9a"];

/**
 * One map for everything placed on it: the shop's pin, the delivery zones (tap to add a
 * corner to the zone being edited) and the preview's delivery point.
 */
function MapSection({ draft, change, errorOf, shopId, timezone }: EditorProps & { shopId: number; timezone: string }) {
	const { st } = useShopSettingsText();
	const [mode, setMode] = useState<MapMode>({ kind: "shop" });
	const [previewPoint, setPreviewPoint] = useState<{ latitude: number; longitude: number } | null>(null);
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
	const pick = (point: { latitude: number; longitude: number }) => {
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
	return (
		<>
			<Section title={st("section.delivery")} testId="map-section">
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
					zones={zones}
					shop={{ latitude: draft.latitude, longitude: draft.longitude, label: draft.name["zh-CN"] }}
					point={pin ? { ...pin, label: "" } : null}
					onPick={pick}
					controllerRef={controller}
					label={st("mapLabel")}
					testId="settings-map"
				/>
				{mode.kind === "zone" && activeZone && (
					<div className="zone-editor" data-testid="zone-editor">
						<p className="field__hint">
							{st("delivery.editing")}: {st("delivery.zone", { n: mode.index + 1 })} ·{" "}
							{st("delivery.points", { count: activeZone.points.length })}
						</p>
						<FieldError error={errorOf(`deliveryZones.${mode.index}.points`)} testId="zone-error" />
						<div className="shop-settings__row">
							<button
								type="button"
								className="button button--small button--ghost"
								onClick={() => setZone(mode.index, { points: activeZone.points.slice(0, -1) })}
								data-testid="zone-undo"
							>
								{st("delivery.undoPoint")}
							</button>
							<button
								type="button"
								className="button button--small button--ghost"
								onClick={() => setZone(mode.index, { points: [] })}
							>
								{st("delivery.clearPoints")}
							</button>
							<button
								type="button"
								className="button button--small button--ghost"
								onClick={() => {
									change({ deliveryZones: draft.deliveryZones.filter((_, i) => i !== mode.index) });
									setMode({ kind: "shop" });
								}}
								data-testid="zone-remove"
							>
								{st("delivery.removeZone")}
							</button>
						</div>
						<MoneyField
							key={`fee-${mode.index}`}
							label={st("delivery.fee")}
							value={activeZone.fee}
							onChange={(fee) => setZone(mode.index, { fee })}
							error={errorOf(`deliveryZones.${mode.index}.fee`)}
							testId="zone-fee"
						/>
						<MoneyField
							key={`min-${mode.index}`}
							label={st("delivery.minOrder")}
							value={activeZone.minOrder}
							onChange={(minOrder) => setZone(mode.index, { minOrder })}
							error={errorOf(`deliveryZones.${mode.index}.minOrder`)}
							testId="zone-min"
						/>
					</div>
				)}
			</Section>
			<PreviewSection
				draft={draft}
				shopId={shopId}
				timezone={timezone}
				point={previewPoint}
				onPickPoint={() => setMode({ kind: "preview" })}
			/>
		</>
	);
}

/** Now on the shop's clock: { date, time }. */
function shopNow(timezone: string): { date: string; time: string } {
	const now = new Date();
	const time = formatTimeInZone(now, timezone)?.time ?? "12:00";
	return {
		date: shopToday(timezone, now),
		time: `${time.slice(0, 3)}${String(Math.floor(Number(time.slice(3)) / 5) * 5).padStart(2, "0")}`,
	};
}

/** The instant at which the shop's clock shows this date and time. */
function instantAt(date: string, time: string, timezone: string): string {
	const guess = new Date(`${date}T${time}:00Z`);
	const shown = formatTimeInZone(guess, timezone);
	const shownDate = shopToday(timezone, guess);
	if (!shown) return guess.toISOString();
	const shownMs = Date.parse(`${shownDate}T${shown.time}:00Z`);
	return new Date(guess.getTime() - (shownMs - guess.getTime())).toISOString();
}

function PreviewSection({
	draft,
	shopId,
	timezone,
	point,
	onPickPoint,
}: {
	draft: ShopSettings;
	shopId: number;
	timezone: string;
	point: { latitude: number; longitude: number } | null;
	onPickPoint: () => void;
}) {
	const { st, m, lang } = useShopSettingsText();
	const money = useMoney();
	const menu = useQuery(menuQuery(shopId, lang));
	const items = menu.data?.categories.flatMap((category) => category.items) ?? [];
	const [itemId, setItemId] = useState<number | null>(null);
	const [quantity, setQuantity] = useState(1);
	const [orderType, setOrderType] = useState<OrderType>("takeout");
	const [{ date, time }, setWhen] = useState(() => shopNow(timezone));
	const [result, setResult] = useState<ShopRulesPreview | null>(null);
	const chosen = items.find((item) => item.id === itemId) ?? items.find((item) => item.optionGroups.length === 0);

	const run = async () => {
		if (!chosen) return;
		try {
			setResult(
				await previewShopRules({
					shopId,
					settings: draft,
					orderType,
					lines: [{ itemId: chosen.id, quantity, optionIds: defaultOptions(chosen) }],
					...(orderType === "takeout" && point ? { location: point } : {}),
					at: instantAt(date, time, timezone),
				}),
			);
		} catch (error) {
			showToast(errorText(error));
		}
	};

	const problems = result ? [...result.cart.problems, ...result.cart.lines.flatMap((line) => line.problems)] : [];
	return (
		<Section title={st("section.preview")} testId="preview-section">
			<p className="field__hint">{st("preview.hint")}</p>
			<fieldset className="field field--fieldset">
				<legend className="field__label">{st("preview.item")}</legend>
				<div className="shop-settings__row preview__items">
					{items.slice(0, 12).map((item) => (
						<button
							key={item.id}
							type="button"
							className={`chip${chosen?.id === item.id ? " chip--on" : ""}`}
							aria-pressed={chosen?.id === item.id}
							onClick={() => setItemId(item.id)}
						>
							{item.name} · {money(item.price)}
						</button>
					))}
				</div>
			</fieldset>
			<div className="field">
				<span className="field__label">{st("preview.quantity")}</span>
				<Stepper
					value={quantity}
					onChange={(q) => setQuantity(Math.max(1, q))}
					min={1}
					label={st("preview.quantity")}
					testId="preview-quantity"
				/>
			</div>
			<fieldset className="shop-settings__row shop-settings__group" aria-label={st("preview.orderType")}>
				{ORDER_TYPES.map((type) => (
					<button
						key={type}
						type="button"
						className={`chip${orderType === type ? " chip--on" : ""}`}
						aria-pressed={orderType === type}
						onClick={() => setOrderType(type)}
						data-testid={`preview-type-${type}`}
					>
						{m(ORDER_TYPE_KEYS[type])}
					</button>
				))}
			</fieldset>
			<div className="shop-settings__row">
				<span className="field__label">{st("preview.date")}</span>
				<DateField
					value={date}
					onChange={(d) => setWhen({ date: d, time })}
					label={st("preview.date")}
					testId="preview-date"
				/>
				<span className="field__label">{st("preview.time")}</span>
				<TimeField
					value={time}
					onChange={(t) => setWhen({ date, time: t })}
					label={st("preview.time")}
					testId="preview-time"
				/>
			</div>
			{orderType === "takeout" && (
				<button type="button" className="text-button" onClick={onPickPoint} data-testid="preview-pick-point">
					{st("preview.point")}
					{point && ` · ${point.latitude.toFixed(4)}, ${point.longitude.toFixed(4)}`}
				</button>
			)}
			{/* Nothing to price until the menu is here: the button says so instead of doing nothing. */}
			{!chosen && (
				<p className="field__hint" data-testid="preview-waiting">
					{menu.isPending
						? st("preview.menuLoading")
						: menu.isError
							? errorText(menu.error)
							: items.length === 0
								? st("preview.noItems")
								: st("preview.chooseItem")}
				</p>
			)}
			<button
				type="button"
				className="button button--block"
				onClick={() => void run()}
				disabled={!chosen}
				data-testid="preview-run"
			>
				{st("preview.run")}
			</button>
			{result && (
				<div className="preview__result" data-testid="preview-result" data-orderable={result.cart.orderable}>
					<p className={`pause-state${result.openState.isOpen ? "" : " pause-state--on"}`} data-testid="preview-open">
						{result.openState.isOpen ? st("preview.open") : st("preview.closed")}
					</p>
					{result.delivery && (
						<p data-testid="preview-zone">{result.delivery.inRange ? st("preview.inZone") : st("preview.outOfZone")}</p>
					)}
					<dl className="preview__figures">
						{result.delivery?.inRange && (
							<>
								<dt>{st("preview.fee")}</dt>
								<dd>{money(result.cart.deliveryFee)}</dd>
								<dt>{st("preview.minimum")}</dt>
								<dd>{money(result.cart.minDeliveryPrice ?? 0)}</dd>
							</>
						)}
						<dt>{st("preview.total")}</dt>
						<dd data-testid="preview-total">{money(result.cart.total)}</dd>
					</dl>
					<p className="field__label">{st("preview.customerSees")}</p>
					<ul className="preview__messages" data-testid="preview-messages">
						{problems.length === 0 ? (
							<li>{st("preview.ok")}</li>
						) : (
							problems.map((p) => <li key={`${p.code}-${p.message}`}>{p.message}</li>)
						)}
					</ul>
				</div>
			)}
		</Section>
	);
}

/** The default choice of every required option group, as the menu preselects it. */
function defaultOptions(item: {
	optionGroups: Array<{ minChoices: number; options: Array<{ id: number; isDefault: boolean; soldOut: boolean }> }>;
}): number[] {
	return item.optionGroups
		.filter((group) => group.minChoices > 0)
		.map((group) => (group.options.find((o) => o.isDefault && !o.soldOut) ?? group.options.find((o) => !o.soldOut))?.id)
		.filter((id): id is number => id !== undefined);
}
