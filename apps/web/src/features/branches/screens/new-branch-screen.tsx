import { CreateBranchInput, type CreatedBranch, type MerchantShopRef, roleAllows } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../../lib/api-client";
import { formatMessage, isMessageKey } from "../../../lib/i18n/messages";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { Paths } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { useAppState } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { Picker } from "../../../ui/picker";
import { identityKeys } from "../../identity/api";
import type { LatLng } from "../../maps/map-style";
import { MapView } from "../../maps/map-view";
import { MerchantGuard } from "../../merchant/merchant-guard";
import { setAcceptingOrders } from "../../shop-settings/api";
import { shopDetailQuery } from "../../venues/api";
import { createBranch } from "../api";
import { useBranchText } from "../strings";
import "../../../ui/controls.css";
import "../branches.css";

const LANGS = ["zh-CN", "en", "km"] as const;
type Lang = (typeof LANGS)[number];
type Texts = Record<Lang, string>;
const emptyTexts = (): Texts => ({ "zh-CN": "", en: "", km: "" });

/** Phnom Penh, where the map starts when the source shop's place is not known yet. */
const PHNOM_PENH: LatLng = { latitude: 11.5564, longitude: 104.9282 };

/** Every field the form shows a problem under: `name.zh-CN`, `phone`, `point`… */
type Problems = Record<string, string>;

/** Pages the merchant area lists only for owners: opening a branch is managing the business (decision 018). */
const ownsShop = (shop: MerchantShopRef) => roleAllows(shop.role, "staff");

/** Not in spec §2: an owner opens another branch with a copy of one of their shops' menu and hours. */
export default function NewBranchScreen() {
	return (
		<MerchantGuard>
			{(shop) => (
				<div className="branch-page" data-testid="branch-page">
					<NewBranch current={shop} />
				</div>
			)}
		</MerchantGuard>
	);
}

function NewBranch({ current }: { current: MerchantShopRef }) {
	const { bt } = useBranchText();
	const owned = useAppState((s) => s.member?.merchantShops ?? []).filter(ownsShop);
	const [created, setCreated] = useState<CreatedBranch | null>(null);
	const [attempt, setAttempt] = useState(0);
	if (owned.length === 0)
		return (
			<p className="status-page status-page--inline" data-testid="branch-owners-only">
				{bt("ownersOnly")}
			</p>
		);
	if (created)
		return (
			<Created
				branch={created}
				onAnother={() => {
					setCreated(null);
					setAttempt((n) => n + 1);
				}}
			/>
		);
	const initialSource = owned.some((shop) => shop.shopId === current.shopId) ? current.shopId : owned[0]?.shopId;
	return <BranchForm key={attempt} owned={owned} initialSource={initialSource ?? 0} onCreated={setCreated} />;
}

function BranchForm({
	owned,
	initialSource,
	onCreated,
}: {
	owned: MerchantShopRef[];
	initialSource: number;
	onCreated: (branch: CreatedBranch) => void;
}) {
	const { bt, lang } = useBranchText();
	const ids = useId();
	const [sourceShopId, setSourceShopId] = useState(initialSource);
	const [name, setName] = useState<Texts>(emptyTexts);
	const [address, setAddress] = useState<Texts>(emptyTexts);
	const [phone, setPhone] = useState("");
	const [point, setPoint] = useState<LatLng | null>(null);
	const [problems, setProblems] = useState<Problems>({});
	const [saving, setSaving] = useState(false);
	// One key for this form: a double tap or a resend after a lost answer opens one branch (the
	// server keeps the key only when a branch was opened, so a refused try may be corrected).
	const [key] = useState(newIdempotencyKey);
	const source = useQuery(shopDetailQuery(sourceShopId, lang));
	const sourcePlace = source.data ? { latitude: source.data.latitude, longitude: source.data.longitude } : null;

	const submit = async (event: FormEvent) => {
		event.preventDefault();
		if (saving) return;
		const parsed = CreateBranchInput.safeParse({
			sourceShopId,
			name,
			address,
			phone,
			latitude: point?.latitude,
			longitude: point?.longitude,
		});
		const found: Problems = {};
		if (!parsed.success)
			for (const issue of parsed.error.issues) {
				const field = issue.path[0] === "latitude" || issue.path[0] === "longitude" ? "point" : issue.path.join(".");
				found[field] ??= field === "point" ? bt("pickPoint") : messageOf(issue.message, lang);
			}
		setProblems(found);
		if (!parsed.success) return;
		setSaving(true);
		try {
			const branch = await createBranch(parsed.data, key);
			// The member's shops now include the branch: merchant/my and the guard see it.
			await queryClient.invalidateQueries({ queryKey: identityKeys.member });
			onCreated(branch);
		} catch {
			// The request layer showed the server's message.
		} finally {
			setSaving(false);
		}
	};

	/** An edited field's problem goes away until the next submit checks it again. */
	const edited = (field: string) =>
		setProblems((current) => {
			if (!(field in current)) return current;
			const { [field]: _fixed, ...rest } = current;
			return rest;
		});

	const error = (field: string) =>
		problems[field] ? (
			<p className="field__error" id={`${ids}-${field}-error`} role="alert" data-testid={`branch-error-${field}`}>
				{problems[field]}
			</p>
		) : null;

	const translations = (field: "name" | "address", texts: Texts, set: (texts: Texts) => void) => (
		<fieldset className="field field--fieldset branch-form__texts">
			<legend className="field__label">{bt(field)}</legend>
			{LANGS.map((code) => (
				<div className="branch-form__lang" key={code}>
					<label className="branch-form__lang-label" htmlFor={`${ids}-${field}-${code}`}>
						{bt(`lang.${code}`)}
					</label>
					<input
						id={`${ids}-${field}-${code}`}
						className="field__input"
						lang={code}
						value={texts[code]}
						maxLength={field === "name" ? 60 : 200}
						onChange={(event) => {
							set({ ...texts, [code]: event.target.value });
							edited(`${field}.${code}`);
						}}
						aria-invalid={Boolean(problems[`${field}.${code}`])}
						aria-describedby={problems[`${field}.${code}`] ? `${ids}-${field}.${code}-error` : undefined}
						data-testid={`branch-${field}-${code}`}
					/>
					{error(`${field}.${code}`)}
				</div>
			))}
		</fieldset>
	);

	return (
		<form className="branch-form" onSubmit={submit} noValidate data-testid="branch-form">
			<p className="branch-form__intro">{bt("intro")}</p>
			{owned.length > 1 ? (
				<div className="field">
					<span className="field__label">{bt("source")}</span>
					<Picker
						label={bt("source")}
						value={sourceShopId}
						options={owned.map((shop) => ({ value: shop.shopId, label: shop.shopName }))}
						onChange={setSourceShopId}
						testId="branch-source"
					/>
				</div>
			) : (
				<div className="field">
					<span className="field__label">{bt("source")}</span>
					<p className="field__input field__input--readonly" data-testid="branch-source">
						{owned[0]?.shopName}
					</p>
				</div>
			)}
			{translations("name", name, setName)}
			{translations("address", address, setAddress)}
			<div className="field">
				<label className="field__label" htmlFor={`${ids}-phone`}>
					{bt("phone")}
				</label>
				<input
					id={`${ids}-phone`}
					className="field__input"
					type="tel"
					inputMode="tel"
					value={phone}
					maxLength={30}
					placeholder={bt("phoneHint")}
					onChange={(event) => {
						setPhone(event.target.value);
						edited("phone");
					}}
					aria-invalid={Boolean(problems.phone)}
					data-testid="branch-phone"
				/>
				{error("phone")}
			</div>
			<fieldset className="field field--fieldset">
				<legend className="field__label">{bt("point")}</legend>
				<p className="field__hint">{bt("pointHint")}</p>
				{source.isPending ? null : (
					<MapView
						className="branch-form__map"
						center={sourcePlace ?? PHNOM_PENH}
						zoom={14}
						shop={sourcePlace && source.data ? { ...sourcePlace, label: source.data.name } : null}
						point={point ? { ...point, label: bt("point") } : null}
						onPick={(picked) => {
							setPoint(picked);
							edited("point");
						}}
						label={bt("pointHint")}
						testId="branch-map"
					/>
				)}
				{point && (
					<p className="field__hint" data-testid="branch-point">
						{point.latitude.toFixed(5)}, {point.longitude.toFixed(5)}
					</p>
				)}
				{error("point")}
			</fieldset>
			<button
				type="submit"
				className="button button--primary button--block"
				disabled={saving}
				data-testid="branch-submit"
			>
				{saving ? bt("submitting") : bt("submit")}
			</button>
		</form>
	);
}

/** The contract's message in the page's language (a rule's key), or the text as it came. */
function messageOf(message: string, lang: string): string {
	return isMessageKey(message) ? formatMessage(message, lang) : message;
}

/**
 * What the new branch is now, said plainly (issue 27): it takes no order until its owner opens
 * it, and what the source counts stock of is at 0 there; the owner may open it from here, or
 * later from its shop settings.
 */
function Created({ branch, onAnother }: { branch: CreatedBranch; onAnother: () => void }) {
	const { bt } = useBranchText();
	const { copied } = branch;
	const [accepting, setAccepting] = useState(branch.acceptingOrders);
	const [opening, setOpening] = useState(false);
	const open = async () => {
		setOpening(true);
		try {
			setAccepting((await setAcceptingOrders(branch.shopId, true)).openState.acceptingOrders);
		} catch (error) {
			showToast(errorText(error));
		} finally {
			setOpening(false);
		}
	};
	return (
		<section className="card branch-done" data-testid="branch-created">
			<h2 className="branch-done__title">{bt("done.title", { name: branch.name })}</h2>
			<p>
				{bt("done.copied", {
					categories: copied.categories,
					items: copied.items,
					options: copied.options,
					hours: copied.openingHours,
				})}
			</p>
			<p
				className={`branch-done__state${accepting ? " branch-done__state--open" : ""}`}
				role="status"
				data-testid="branch-state"
			>
				{bt(accepting ? "done.accepting" : "done.closed")}
			</p>
			{!accepting && copied.stockToSet > 0 && (
				<p data-testid="branch-stock-to-set">{bt("done.stockToSet", { count: copied.stockToSet })}</p>
			)}
			<p>{bt(accepting ? "done.nextOpen" : "done.next")}</p>
			<div className="branch-done__actions">
				{!accepting && (
					<button
						type="button"
						className="button button--primary"
						disabled={opening}
						onClick={() => void open()}
						data-testid="branch-open-orders"
					>
						{bt("done.open")}
					</button>
				)}
				<Link
					to={Paths.merchantMy}
					className={`button ${accepting ? "button--primary" : "button--ghost"}`}
					data-testid="branch-to-my"
				>
					{bt("done.toMy")}
				</Link>
				<button type="button" className="button button--ghost" onClick={onAnother} data-testid="branch-another">
					{bt("done.another")}
				</button>
			</div>
		</section>
	);
}
