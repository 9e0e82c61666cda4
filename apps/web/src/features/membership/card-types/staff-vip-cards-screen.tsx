import { localize, type MerchantShopRef, roleAllows, type VipCardAdmin } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "../../../lib/api-client";
import { useMoney } from "../../../lib/app-config";
import { ChevronIcon, PlusIcon } from "../../../ui/icons";
import { BusinessAdminNote, useIsBusinessAdmin } from "../../../ui/staff/business-admin-note";
import { StaffShop } from "../../../ui/staff/staff-shop";
import { EmptyState, ErrorState, LoadingState, NotAllowedState } from "../../../ui/states";
import { MEMBERS_PERMISSION } from "../../stored-value/staff-permissions";
import { vipCardsQuery } from "../staff-api";
import { useStaffVipText } from "../staff-strings";
import { multiplierText } from "../staff-vip-form";
import { StaffVipCardSheet } from "./staff-vip-card-sheet";
import "../../../ui/controls.css";
import "../../../ui/staff/merchant.css";
import "../../stored-value/staff-stored-value.css";

/**
 * merchant/vipCards (owner and manager): the VIP card types members can buy, with price,
 * validity, benefits, whether on sale and how many hold one now; an editor for each, for the
 * business's administrator only (issue 27): card types are the same in every shop.
 */
export default function StaffVipCardsScreen() {
	return <StaffShop>{(shop) => <VipCardsAccess key={shop.shopId} shop={shop} />}</StaffShop>;
}

function VipCardsAccess({ shop }: { shop: MerchantShopRef }) {
	const { vt } = useStaffVipText();
	if (!roleAllows(shop.role, MEMBERS_PERMISSION))
		return <NotAllowedState message={vt("vip.onlyOwner")} testId="vip-not-allowed" />;
	return <VipCardsPage shopId={shop.shopId} />;
}

function VipCardsPage({ shopId }: { shopId: number }) {
	const { vt } = useStaffVipText();
	const cards = useQuery(vipCardsQuery(shopId));
	const canEdit = useIsBusinessAdmin();
	const [editing, setEditing] = useState<{ id: number | null } | null>(null);
	if (cards.isError && !cards.data)
		return <ErrorState message={errorText(cards.error)} onRetry={() => void cards.refetch()} />;
	if (!cards.data) return <LoadingState />;
	const card = editing?.id ? cards.data.find((c) => c.id === editing.id) : undefined;
	return (
		<div className="merchant page-pad sv-staff" data-testid="vip-cards-page">
			{!canEdit && <BusinessAdminNote />}
			<section className="card sv-section" aria-labelledby="vip-cards-title">
				<header className="sv-section__head">
					<h2 className="section__title" id="vip-cards-title">
						{vt("vip.title")}
					</h2>
					{canEdit && (
						<button
							type="button"
							className="button button--small button--primary sv-section__add"
							onClick={() => setEditing({ id: null })}
							data-testid="vip-add"
						>
							<PlusIcon aria-hidden="true" />
							{vt("vip.add")}
						</button>
					)}
				</header>
				<p className="sv-section__hint">{vt("vip.hint")}</p>
				{cards.data.length === 0 ? (
					<EmptyState compact title={vt("vip.empty")} />
				) : (
					<ul className="sv-rows sv-rows--grid" data-testid="vip-list">
						{cards.data.map((item) => (
							<VipCardRow key={item.id} card={item} onEdit={canEdit ? () => setEditing({ id: item.id }) : null} />
						))}
					</ul>
				)}
			</section>
			{canEdit && (
				<StaffVipCardSheet
					shopId={shopId}
					card={card}
					open={editing !== null}
					onClose={() => setEditing(null)}
					onConflict={async () => {
						await cards.refetch();
					}}
				/>
			)}
		</div>
	);
}

/** One card type; `onEdit` null shows it without opening the editor (not the business's administrator). */
function VipCardRow({ card, onEdit }: { card: VipCardAdmin; onEdit: (() => void) | null }) {
	const { vt, plural, lang } = useStaffVipText();
	const money = useMoney();
	const name = localize(card.name, lang);
	const { discountPercent, discountCap, freeDelivery, pointsPercent } = card.benefits;
	const benefits = [
		discountPercent > 0 &&
			(discountCap === null
				? vt("vip.discount", { percent: discountPercent })
				: vt("vip.discountCapped", { percent: discountPercent, cap: money(discountCap) })),
		freeDelivery && vt("vip.freeDelivery"),
		pointsPercent > 100 && vt("vip.points", { times: multiplierText(pointsPercent) }),
	].filter((text): text is string => typeof text === "string");
	const className = `sv-row${card.onSale ? "" : " is-off"}`;
	const summary = (
		<>
			<span className="sv-row__main">
				<span className="sv-row__title">{name}</span>
				<span className="sv-row__line">{plural("vip.validity", card.validityDays)}</span>
				<span className="sv-row__tags" data-testid={`vip-card-${card.id}-benefits`}>
					{benefits.map((text) => (
						<span key={text} className="tag">
							{text}
						</span>
					))}
				</span>
				<span className="sv-row__tags">
					<span className={`tag${card.onSale ? " sv-tag-on" : " tag--muted"}`}>
						{vt(card.onSale ? "vip.onSale" : "vip.offSale")}
					</span>
					<span className="tag tag--muted" data-testid={`vip-card-${card.id}-holders`}>
						{plural("vip.holders", card.activeHolders)}
					</span>
				</span>
			</span>
			<span className="sv-row__side">
				<span className="sv-row__price">{money(card.price)}</span>
			</span>
		</>
	);
	return (
		<li>
			{onEdit ? (
				<button
					type="button"
					className={className}
					onClick={onEdit}
					aria-label={vt("vip.edit", { name })}
					data-testid={`vip-card-${card.id}`}
				>
					{summary}
					<ChevronIcon className="sv-row__chevron" />
				</button>
			) : (
				<div className={className} data-testid={`vip-card-${card.id}`}>
					{summary}
				</div>
			)}
		</li>
	);
}
