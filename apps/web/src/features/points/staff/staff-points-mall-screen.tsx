import {
	ErrorCode,
	localize,
	type MerchantShopRef,
	type PointsItemAdmin,
	type PointsMallAdmin,
	roleAllows,
} from "@bayon/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, errorText } from "../../../lib/api-client";
import { showToast } from "../../../lib/toast";
import { ChevronIcon, PlusIcon } from "../../../ui/icons";
import { BusinessAdminNote, useIsBusinessAdmin } from "../../../ui/staff/business-admin-note";
import { StaffShop } from "../../../ui/staff/staff-shop";
import { EmptyState, ErrorState, LoadingState, NotAllowedState } from "../../../ui/states";
import { ItemImage } from "../../menu/components/item-image";
import { pointsMallAdminQuery, pointsStaffKeys, savePointsItem } from "../staff-api";
import { MALL_PERMISSION } from "../staff-permissions";
import { pointsItemInput } from "../staff-points-form";
import { useStaffPointsText } from "../staff-strings";
import { StaffItemSheet } from "./staff-item-sheet";
import { StaffRuleCard } from "./staff-rule-card";
import "../../../ui/controls.css";
import "../../../ui/staff/merchant.css";
import "../../stored-value/staff-stored-value.css";
import "../staff-points.css";

/**
 * merchant/pointsMall (owner and manager): how members earn points (points per currency unit
 * paid, 0 for none), and the mall's items with their price in points, stock, how many were
 * redeemed, pickup or delivery, an on-shelf switch and an editor for each. Both are the same in
 * every shop: only the business's administrator changes them (issue 27), others read them.
 */
export default function StaffPointsMallScreen() {
	return <StaffShop>{(shop) => <PointsMallAccess key={shop.shopId} shop={shop} />}</StaffShop>;
}

function PointsMallAccess({ shop }: { shop: MerchantShopRef }) {
	const { pt } = useStaffPointsText();
	if (!roleAllows(shop.role, MALL_PERMISSION))
		return <NotAllowedState message={pt("mall.onlyOwner")} testId="points-mall-not-allowed" />;
	return <PointsMallPage shopId={shop.shopId} />;
}

function PointsMallPage({ shopId }: { shopId: number }) {
	const { pt } = useStaffPointsText();
	const mall = useQuery(pointsMallAdminQuery(shopId));
	const canEdit = useIsBusinessAdmin();
	const [editing, setEditing] = useState<{ id: number | null } | null>(null);
	const reload = async () => {
		await mall.refetch();
	};
	if (mall.isError && !mall.data)
		return <ErrorState message={errorText(mall.error)} onRetry={() => void mall.refetch()} />;
	if (!mall.data) return <LoadingState />;
	const item = editing?.id ? mall.data.items.find((i) => i.id === editing.id) : undefined;
	return (
		<div className="merchant page-pad sv-staff pt-staff" data-testid="points-mall-page">
			{!canEdit && <BusinessAdminNote />}
			<StaffRuleCard shopId={shopId} rule={mall.data.rule} reload={reload} canEdit={canEdit} />
			<section className="card sv-section" aria-labelledby="pt-items-title" data-testid="points-items">
				<header className="sv-section__head">
					<h2 className="section__title" id="pt-items-title">
						{pt("items.title")}
					</h2>
					{canEdit && (
						<button
							type="button"
							className="button button--small button--primary sv-section__add"
							onClick={() => setEditing({ id: null })}
							data-testid="points-item-add"
						>
							<PlusIcon aria-hidden="true" />
							{pt("items.add")}
						</button>
					)}
				</header>
				<p className="sv-section__hint">{pt("items.hint")}</p>
				{mall.data.items.length === 0 ? (
					<EmptyState compact title={pt("items.empty")}>
						<p className="sv-section__hint">{pt("items.emptyHint")}</p>
					</EmptyState>
				) : (
					<ul className="sv-rows sv-rows--grid" data-testid="points-item-list">
						{mall.data.items.map((entry) => (
							<ItemRow
								key={entry.id}
								shopId={shopId}
								item={entry}
								onEdit={canEdit ? () => setEditing({ id: entry.id }) : null}
								reload={reload}
							/>
						))}
					</ul>
				)}
			</section>
			{canEdit && (
				<StaffItemSheet
					shopId={shopId}
					item={item}
					open={editing !== null}
					onClose={() => setEditing(null)}
					onConflict={reload}
				/>
			)}
		</div>
	);
}

function ItemRow({
	shopId,
	item,
	onEdit,
	reload,
}: {
	shopId: number;
	item: PointsItemAdmin;
	/** Null: shown without the editor and the shelf switch (not the business's administrator). */
	onEdit: (() => void) | null;
	reload: () => Promise<void>;
}) {
	const { pt, plural, lang } = useStaffPointsText();
	const queryClient = useQueryClient();
	const [switching, setSwitching] = useState(false);
	const name = localize(item.name, lang);
	const testId = `points-item-${item.id}`;

	// The switch saves the item as it is with the other shelf state, at its version: someone
	// else's save in between is refused (409), said, and the list reloaded.
	const setShelf = async (onShelf: boolean) => {
		setSwitching(true);
		try {
			const saved = await savePointsItem(pointsItemInput(shopId, item, { onShelf }));
			queryClient.setQueryData<PointsMallAdmin>(pointsStaffKeys.mall(shopId), saved);
			showToast(pt(onShelf ? "items.shelved" : "items.unshelved", { name }));
		} catch (error) {
			if (error instanceof ApiError && error.code === ErrorCode.ChangedBySomeoneElse) {
				showToast(pt("item.changed"));
				await reload();
			} else showToast(errorText(error));
		} finally {
			setSwitching(false);
		}
	};

	const summary = (
		<>
			<ItemImage image={item.image} size="small" />
			<span className="sv-row__main">
				<span className="sv-row__title">{name}</span>
				<span className="pt-item__price" data-testid={`${testId}-price`}>
					{plural("items.points", item.pointsPrice)}
				</span>
				<span className="sv-row__line pt-item__counts" data-testid={`${testId}-stock`}>
					<span>{item.stock > 0 ? pt("items.stock", { count: item.stock }) : pt("items.soldOut")}</span>
					<span aria-hidden="true">·</span>
					<span>{pt("items.redeemed", { count: item.redeemedCount })}</span>
				</span>
				<span className="sv-row__tags" data-testid={`${testId}-ways`}>
					{item.fulfilments.map((way) => (
						<span key={way} className="tag">
							{pt(`items.${way}`)}
						</span>
					))}
					{!item.onShelf && <span className="tag tag--muted">{pt("items.offShelf")}</span>}
				</span>
			</span>
		</>
	);
	if (!onEdit)
		return (
			<li className={`sv-row pt-item${item.onShelf ? "" : " is-off"}`} data-testid={testId}>
				<div className="pt-item__open">{summary}</div>
			</li>
		);
	return (
		<li className={`sv-row pt-item${item.onShelf ? "" : " is-off"}`} data-testid={testId}>
			<button
				type="button"
				className="pt-item__open"
				onClick={onEdit}
				aria-label={pt("items.edit", { name })}
				data-testid={`${testId}-edit`}
			>
				{summary}
				<ChevronIcon className="sv-row__chevron" />
			</button>
			<label className="pt-item__shelf">
				<span className="pt-item__shelf-label">{pt("items.onShelf")}</span>
				<input
					type="checkbox"
					role="switch"
					className="switch"
					checked={item.onShelf}
					aria-checked={item.onShelf}
					aria-label={pt("items.shelfLabel", { name })}
					disabled={switching}
					onChange={(event) => void setShelf(event.target.checked)}
					data-testid={`${testId}-shelf`}
				/>
			</label>
		</li>
	);
}
