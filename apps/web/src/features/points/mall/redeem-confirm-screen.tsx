import type { Address, PointsItemDetail, ShopSummary } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { formatPoints, maskPhone } from "../../../lib/format";
import { Paths, withQuery } from "../../../lib/paths";
import { BagIcon, ChevronIcon, PinIcon, PlusIcon, ScooterIcon, StoreIcon, WarningIcon } from "../../../ui/icons";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { useRequireMember } from "../../identity/require-member";
import { pointsItemQuery } from "../guest-api";
import { positiveId } from "../guest-format";
import { usePointsText } from "../guest-strings";
import { type Choice, ChoiceSheet } from "./guest-choice-sheet";
import { PointsItemImage } from "./guest-item-image";
import { type Problem, type Redeem, useRedeem } from "./use-redeem";
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

function ConfirmForm({
	detail,
	memberId,
	onRefused,
}: {
	detail: PointsItemDetail;
	memberId: number;
	onRefused: () => void;
}) {
	const { pt, points } = usePointsText();
	const redeem = useRedeem(detail, memberId, onRefused);
	const { item } = detail;
	const after = (detail.balance ?? 0) - item.pointsPrice;
	return (
		<div className={`pt-page has-footer${redeem.problem ? " has-problem" : ""}`} data-testid="points-confirm">
			<section className="card pt-confirm-item" aria-label={pt("confirm.item")}>
				<PointsItemImage image={item.image} size="thumb" />
				<span className="pt-confirm-item__body">
					<span className="pt-confirm-item__name">{item.name}</span>
					<span className="pt-confirm-item__price">{points(item.pointsPrice)}</span>
				</span>
			</section>

			<FulfilmentChoice item={item} redeem={redeem} />

			<PointsSummary detail={detail} after={after} />

			{!detail.redeem.allowed && <RedeemRefusal item={item} reason={detail.redeem.reason} />}

			<ConfirmFooter item={item} redeem={redeem} after={after} />
		</div>
	);
}

/** Pickup or delivery, and where: the shop, or the member's address. */
function FulfilmentChoice({ item, redeem }: { item: PointsItemDetail["item"]; redeem: Redeem }) {
	const { pt } = usePointsText();
	const { way, shops, addresses, shop, address, choose } = redeem;
	return (
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
	);
}

/** What it costs, the points held, and what is left after. */
function PointsSummary({ detail, after }: { detail: PointsItemDetail; after: number }) {
	const { pt } = usePointsText();
	const { item } = detail;
	const balance = detail.balance ?? 0;
	return (
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
	);
}

/** Why the member cannot redeem it (and their redemption of it, if that is why). */
function RedeemRefusal({ item, reason }: { item: PointsItemDetail["item"]; reason: string }) {
	const { pt } = usePointsText();
	return (
		<div className="pt-refused" role="note" data-testid="points-confirm-refusal">
			<WarningIcon className="pt-refused__icon" aria-hidden="true" />
			<div>
				<strong>{pt("detail.cannotRedeem")}</strong>
				<p>{reason}</p>
				{item.myRedemptionId !== null && (
					<Link to={withQuery(Paths.scoreProductOrderDetail, { id: item.myRedemptionId })} className="pt-refused__link">
						{pt("detail.viewRedemption")}
					</Link>
				)}
			</div>
		</div>
	);
}

/** A refusal's note, the summary and the redeem button. */
function ConfirmFooter({ item, redeem, after }: { item: PointsItemDetail["item"]; redeem: Redeem; after: number }) {
	const { pt, points } = usePointsText();
	const { problem, ready, submit, submitting } = redeem;
	return (
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
	);
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
