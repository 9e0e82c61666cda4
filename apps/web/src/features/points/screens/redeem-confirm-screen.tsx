import {
	type Address,
	ErrorCode,
	type PointsFulfilment,
	type PointsItemDetail,
	type ShopSummary,
} from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError, errorText, RequestError } from "../../../lib/api-client";
import { formatPoints, maskPhone } from "../../../lib/format";
import { Paths, withQuery } from "../../../lib/paths";
import { useAppState } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { BagIcon, ChevronIcon, PinIcon, PlusIcon, ScooterIcon, StoreIcon, WarningIcon } from "../../../ui/icons";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { addressListQuery } from "../../addresses/api";
import { useRequireMember } from "../../identity/require-member";
import { shopListQuery } from "../../venues/api";
import { type Choice, ChoiceSheet } from "../components/guest-choice-sheet";
import { PointsItemImage } from "../components/guest-item-image";
import { newIntentKey, pointsItemQuery, redeemItem, refreshPoints } from "../guest-api";
import { positiveId } from "../guest-format";
import { type PointsTextKey, usePointsText } from "../guest-strings";
import "../../../ui/controls.css";
import "../guest-points.css";

/**
 * scoreproduct/confirm?id=: how the member gets the item, pickup at a shop (the current shop
 * first) or delivery to one of their addresses (the default first; "add" when there is none),
 * what it costs and what is left, and the redeem button. The choices live in the query string
 * (`way`, `shopId`, `addressId`), so adding an address and coming back keeps them.
 */
export default function RedeemConfirmScreen() {
	const { pt } = usePointsText();
	const member = useRequireMember();
	const [params] = useSearchParams();
	const id = positiveId(params.get("id"));
	if (id === null) return <EmptyState title={pt("detail.notFound")} />;
	if (!member) return <LoadingState />;
	return <Confirm key={id} id={id} memberId={member.id} />;
}

function Confirm({ id, memberId }: { id: number; memberId: number }) {
	const { lang } = usePointsText();
	const detail = useQuery(pointsItemQuery(id, lang, memberId));
	if (detail.isPending) return <LoadingState />;
	if (detail.isError) return <ErrorState message={errorText(detail.error)} onRetry={() => void detail.refetch()} />;
	return <ConfirmForm detail={detail.data} memberId={memberId} onRefused={() => void detail.refetch()} />;
}

/** What went wrong with a redeem, and what the member can do about it. */
interface Problem {
	message: string;
	fix: PointsTextKey | null;
	action: "earn" | "browse" | "redemption" | null;
}

function problemOf(error: unknown): Problem {
	if (error instanceof RequestError) return { message: errorText(error), fix: "fix.lost", action: null };
	const code = error instanceof ApiError ? error.code : null;
	const message = errorText(error);
	switch (code) {
		case ErrorCode.PointsInsufficient:
			return { message, fix: "fix.pointsInsufficient", action: "earn" };
		case ErrorCode.PointsItemSoldOut:
			return { message, fix: "fix.soldOut", action: "browse" };
		case ErrorCode.PointsItemAlreadyRedeemed:
			return { message, fix: "fix.alreadyRedeemed", action: "redemption" };
		case ErrorCode.PointsItemUnavailable:
			return { message, fix: "fix.unavailable", action: "browse" };
		case ErrorCode.PointsFulfilmentUnavailable:
			return { message, fix: "fix.fulfilment", action: null };
		default:
			return { message, fix: null, action: null };
	}
}

function ConfirmForm({
	detail,
	memberId,
	onRefused,
}: {
	detail: PointsItemDetail;
	memberId: number;
	onRefused: () => void;
}) {
	const { pt, points, lang } = usePointsText();
	const navigate = useNavigate();
	const [params, setParams] = useSearchParams();
	const { item, redeem } = detail;
	const balance = detail.balance ?? 0;
	const way: PointsFulfilment | null =
		item.fulfilments.find((offered) => offered === params.get("way")) ?? item.fulfilments[0] ?? null;
	const shops = useQuery({ ...shopListQuery(lang, null, ""), enabled: way === "pickup" });
	const addresses = useQuery({ ...addressListQuery(memberId), enabled: way === "delivery" });
	const shop = usePickedShop(shops.data, positiveId(params.get("shopId")));
	const address = usePickedAddress(addresses.data, positiveId(params.get("addressId")), memberId);
	const [problem, setProblem] = useState<Problem | null>(null);

	// One key per intent: a double tap, or a retry after a lost answer, redeems once; another
	// way, shop or address is another intent, and so is the next try after a refusal.
	const intent = `${item.id}:${way}:${way === "pickup" ? shop.chosen?.id : address.chosen?.id}`;
	const key = useRef({ intent, value: newIntentKey() });
	if (key.current.intent !== intent) key.current = { intent, value: newIntentKey() };

	const choose = (next: Record<string, string>) => {
		setProblem(null);
		setParams(
			(current) => {
				const merged = new URLSearchParams(current);
				for (const [name, value] of Object.entries(next)) merged.set(name, value);
				return merged;
			},
			{ replace: true },
		);
	};

	const target =
		way === "pickup" && shop.chosen
			? { shopId: shop.chosen.id }
			: way === "delivery" && address.chosen
				? { addressId: address.chosen.id }
				: null;
	const ready = redeem.allowed && way !== null && target !== null;

	const [submit, submitting] = useDebouncedSubmit(async () => {
		if (!ready || way === null || target === null) return;
		setProblem(null);
		try {
			const view = await redeemItem({ itemId: item.id, fulfilment: way, ...target }, key.current.value);
			showToast(pt("confirm.done"));
			void refreshPoints({ view, lang, memberId });
			navigate(withQuery(Paths.scoreProductOrderDetail, { id: view.id }), { replace: true });
		} catch (error) {
			// Refused: nothing was redeemed, so the next tap is a new intent; a lost answer keeps
			// the key, and the server answers the same redemption if the first one went through.
			if (error instanceof ApiError) {
				key.current = { intent, value: newIntentKey() };
				onRefused();
			}
			setProblem(problemOf(error));
		}
	});

	const after = balance - item.pointsPrice;
	return (
		<div className={`pt-page has-footer${problem ? " has-problem" : ""}`} data-testid="points-confirm">
			<section className="card pt-confirm-item" aria-label={pt("confirm.item")}>
				<PointsItemImage image={item.image} size="thumb" />
				<span className="pt-confirm-item__body">
					<span className="pt-confirm-item__name">{item.name}</span>
					<span className="pt-confirm-item__price">{points(item.pointsPrice)}</span>
				</span>
			</section>

			<fieldset className="card pt-section pt-fieldset">
				<legend className="pt-section__title pt-legend">{pt("confirm.fulfilment")}</legend>
				<div className="segmented pt-ways" data-testid="points-confirm-ways">
					{item.fulfilments.map((offered) => (
						<label key={offered} className={`segmented__option pt-way${way === offered ? " is-selected" : ""}`}>
							<input
								type="radio"
								name="fulfilment"
								value={offered}
								checked={way === offered}
								onChange={() => choose({ way: offered })}
								className="visually-hidden"
								data-testid={`points-confirm-way-${offered}`}
							/>
							{offered === "pickup" ? <BagIcon aria-hidden="true" /> : <ScooterIcon aria-hidden="true" />}
							{pt(`fulfilment.${offered}`)}
						</label>
					))}
				</div>
				{way === "pickup" && (
					<ShopChoice
						state={shops}
						shops={shops.data ?? []}
						chosen={shop.chosen}
						currentId={shop.currentId}
						onChoose={(shopId) => choose({ shopId: String(shopId) })}
					/>
				)}
				{way === "delivery" && (
					<AddressChoice
						state={addresses}
						addresses={addresses.data ?? []}
						chosen={address.chosen}
						onChoose={(addressId) => choose({ addressId: String(addressId) })}
					/>
				)}
				<p className="pt-hint">{way === "delivery" ? pt("confirm.deliveryNote") : pt("confirm.pickupNote")}</p>
			</fieldset>

			<section className="card pt-section" aria-labelledby="pt-summary-title">
				<h2 className="visually-hidden" id="pt-summary-title">
					{pt("confirm.spend")}
				</h2>
				<dl className="pt-rows">
					<div className="pt-row">
						<dt>{pt("confirm.spend")}</dt>
						<dd data-testid="points-confirm-spend">-{formatPoints(item.pointsPrice)}</dd>
					</div>
					<div className="pt-row">
						<dt>{pt("confirm.balance")}</dt>
						<dd data-testid="points-confirm-balance">{formatPoints(balance)}</dd>
					</div>
					<div className="pt-row pt-row--total">
						<dt>{pt("confirm.after")}</dt>
						<dd className={after < 0 ? "is-short" : ""} data-testid="points-confirm-after">
							{formatPoints(after)}
						</dd>
					</div>
				</dl>
			</section>

			{!redeem.allowed && (
				<div className="pt-refused" role="note" data-testid="points-confirm-refusal">
					<WarningIcon className="pt-refused__icon" aria-hidden="true" />
					<div>
						<strong>{pt("detail.cannotRedeem")}</strong>
						<p>{redeem.reason}</p>
						{item.myRedemptionId !== null && (
							<Link
								to={withQuery(Paths.scoreProductOrderDetail, { id: item.myRedemptionId })}
								className="pt-refused__link"
							>
								{pt("detail.viewRedemption")}
							</Link>
						)}
					</div>
				</div>
			)}

			<footer className="pt-footer pt-footer--stacked">
				{problem && <ProblemNote problem={problem} redemptionId={item.myRedemptionId} />}
				<div className="pt-footer__row">
					<span className="pt-footer__total" data-testid="points-confirm-summary">
						{pt("confirm.summary", { spend: points(item.pointsPrice), after: points(after) })}
					</span>
					<button
						type="button"
						className="button button--primary pt-footer__button"
						onClick={() => submit()}
						disabled={!ready || submitting}
						aria-busy={submitting}
						data-testid="points-confirm-submit"
					>
						{submitting ? pt("confirm.submitting") : pt("confirm.submit")}
					</button>
				</div>
			</footer>
		</div>
	);
}

/** The shop asked for, else the one the customer orders from, else the first. */
function usePickedShop(
	shops: readonly ShopSummary[] | undefined,
	askedId: number | null,
): { chosen: ShopSummary | null; currentId: number | null } {
	const state = useAppState((s) => s.store?.id ?? s.desk?.shopId ?? s.cart[0]?.shopId ?? null);
	const list = shops ?? [];
	const chosen = list.find((shop) => shop.id === askedId) ?? list.find((shop) => shop.id === state) ?? list[0] ?? null;
	return { chosen, currentId: state };
}

/** The address asked for, else the one chosen for delivery in the cart, else the default, else the first. */
function usePickedAddress(
	addresses: readonly Address[] | undefined,
	askedId: number | null,
	memberId: number,
): { chosen: Address | null } {
	const deliveryId = useAppState((s) => (s.address?.memberId === memberId ? (s.address.address?.id ?? null) : null));
	const list = addresses ?? [];
	const chosen =
		list.find((address) => address.id === askedId) ??
		list.find((address) => address.id === deliveryId) ??
		list.find((address) => address.isDefault) ??
		list[0] ??
		null;
	return { chosen };
}

interface LoadState {
	isPending: boolean;
	isError: boolean;
	error: unknown;
	refetch: () => unknown;
}

function Loading({ state, children }: { state: LoadState; children: ReactNode }) {
	if (state.isPending) return <LoadingState compact />;
	if (state.isError)
		return <ErrorState compact message={errorText(state.error)} onRetry={() => void state.refetch()} />;
	return <>{children}</>;
}

function ShopChoice({
	state,
	shops,
	chosen,
	currentId,
	onChoose,
}: {
	state: LoadState;
	shops: readonly ShopSummary[];
	chosen: ShopSummary | null;
	currentId: number | null;
	onChoose: (shopId: number) => void;
}) {
	const { pt } = usePointsText();
	const [open, setOpen] = useState(false);
	const choices: Choice[] = shops.map((shop) => ({
		id: shop.id,
		title: shop.name,
		detail: shop.address,
		tag: shop.id === currentId ? pt("confirm.current") : undefined,
	}));
	return (
		<Loading state={state}>
			{chosen === null ? (
				<p className="pt-hint" data-testid="points-confirm-no-shops">
					{pt("confirm.noShops")}
				</p>
			) : (
				<button
					type="button"
					className="pt-target"
					onClick={() => setOpen(true)}
					aria-haspopup="dialog"
					aria-label={`${pt("confirm.pickupShop")}: ${chosen.name}`}
					data-testid="points-confirm-shop"
					data-shop-id={chosen.id}
				>
					<StoreIcon className="pt-target__icon" aria-hidden="true" />
					<span className="pt-target__body">
						<span className="pt-target__title">{chosen.name}</span>
						<span className="pt-target__detail">{chosen.address}</span>
					</span>
					{shops.length > 1 && <span className="pt-target__action">{pt("confirm.change")}</span>}
					{shops.length > 1 && <ChevronIcon className="pt-target__chevron" aria-hidden="true" />}
				</button>
			)}
			<ChoiceSheet
				open={open}
				title={pt("confirm.chooseShop")}
				choices={choices}
				value={chosen?.id ?? null}
				onPick={(shopId) => {
					setOpen(false);
					onChoose(shopId);
				}}
				onClose={() => setOpen(false)}
				testId="points-shop-sheet"
			/>
		</Loading>
	);
}

function AddressChoice({
	state,
	addresses,
	chosen,
	onChoose,
}: {
	state: LoadState;
	addresses: readonly Address[];
	chosen: Address | null;
	onChoose: (addressId: number) => void;
}) {
	const { pt, t } = usePointsText();
	const [open, setOpen] = useState(false);
	const line = (address: Address) => `${address.address}${address.houseNumber ? ` ${address.houseNumber}` : ""}`;
	const choices: Choice[] = addresses.map((address) => ({
		id: address.id,
		title: `${address.recipient} ${maskPhone(address.phone)}`,
		detail: line(address),
		tag: address.isDefault ? t("address.default") : undefined,
	}));
	const addLink = (
		<Link
			to={Paths.addressAdd}
			className="button button--ghost button--block pt-add"
			data-testid="points-confirm-add-address"
		>
			<PlusIcon aria-hidden="true" />
			{pt("confirm.addAddress")}
		</Link>
	);
	return (
		<Loading state={state}>
			{chosen === null ? (
				<div className="pt-no-address" data-testid="points-confirm-no-address">
					<PinIcon className="pt-target__icon" aria-hidden="true" />
					<p className="pt-hint">{pt("confirm.noAddress")}</p>
					{addLink}
				</div>
			) : (
				<button
					type="button"
					className="pt-target"
					onClick={() => setOpen(true)}
					aria-haspopup="dialog"
					aria-label={`${pt("confirm.address")}: ${line(chosen)}`}
					data-testid="points-confirm-address"
					data-address-id={chosen.id}
				>
					<PinIcon className="pt-target__icon" aria-hidden="true" />
					<span className="pt-target__body">
						<span className="pt-target__title">
							{chosen.recipient} {maskPhone(chosen.phone)}
						</span>
						<span className="pt-target__detail">{line(chosen)}</span>
					</span>
					<span className="pt-target__action">{pt("confirm.change")}</span>
					<ChevronIcon className="pt-target__chevron" aria-hidden="true" />
				</button>
			)}
			<ChoiceSheet
				open={open}
				title={pt("confirm.chooseAddress")}
				choices={choices}
				value={chosen?.id ?? null}
				onPick={(addressId) => {
					setOpen(false);
					onChoose(addressId);
				}}
				onClose={() => setOpen(false)}
				footer={addLink}
				testId="points-address-sheet"
			/>
		</Loading>
	);
}

/** A refusal (or a lost answer) and the way on: earn more, look at other items, or see the redemption. */
function ProblemNote({ problem, redemptionId }: { problem: Problem; redemptionId: number | null }) {
	const { pt } = usePointsText();
	let action: ReactNode = null;
	if (problem.action === "earn")
		action = (
			<Link to={Paths.menu} replace className="pt-problem__action" data-testid="points-problem-action">
				{pt("fix.earn")}
			</Link>
		);
	else if (problem.action === "browse")
		action = (
			<Link to={Paths.scoreProductList} className="pt-problem__action" data-testid="points-problem-action">
				{pt("fix.browse")}
			</Link>
		);
	else if (problem.action === "redemption")
		action = (
			<Link
				to={
					redemptionId !== null
						? withQuery(Paths.scoreProductOrderDetail, { id: redemptionId })
						: Paths.scoreProductOrder
				}
				className="pt-problem__action"
				data-testid="points-problem-action"
			>
				{pt("fix.viewRedemption")}
			</Link>
		);
	return (
		<div className="pt-problem" role="alert" data-testid="points-confirm-problem">
			<WarningIcon className="pt-refused__icon" aria-hidden="true" />
			<div>
				<strong data-testid="points-problem-message">{problem.message}</strong>
				{problem.fix && <p>{pt(problem.fix)}</p>}
				{action}
			</div>
		</div>
	);
}
