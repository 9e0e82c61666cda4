import {
	type CouponTemplateAdmin,
	type CouponTemplateList,
	ErrorCode,
	localize,
	type MerchantShopRef,
	roleAllows,
	type ShopPermission,
} from "@bayon/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, errorText } from "../../../lib/api-client";
import { showToast } from "../../../lib/toast";
import { PlusIcon } from "../../../ui/icons";
import { BusinessAdminNote, useIsBusinessAdmin } from "../../../ui/staff/business-admin-note";
import { StaffShop } from "../../../ui/staff/staff-shop";
import { EmptyState, ErrorState, LoadingState, NotAllowedState } from "../../../ui/states";
import { shopDetailQuery } from "../../venues/api";
import { couponTemplateKeys, couponTemplatesQuery, saveCouponTemplate } from "../staff-api";
import { requestOfTemplate } from "../staff-coupon-form";
import { useStaffCouponText } from "../staff-strings";
import { StaffCouponCard } from "./staff-coupon-card";
import { StaffCouponSheet } from "./staff-coupon-sheet";
import "../../../ui/controls.css";
import "../../../ui/staff/merchant.css";
import "../../stored-value/staff-stored-value.css";
import "../staff-coupons.css";

/** Coupon templates, the points rule and the mall's items are the owner's and manager's (shop-roles.ts). */
const PROMOTIONS_PERMISSION: ShopPermission = "promotions";

/**
 * merchant/coupons (owner and manager): the business's coupon templates, each with what it
 * gives, where and when, how many were claimed and used, and an on/off switch; an editor for
 * each and for a new one. Templates are the same in every shop: only the business's
 * administrator changes them (issue 27), other owners and managers read them.
 */
export default function StaffCouponsScreen() {
	return <StaffShop>{(shop) => <CouponsAccess key={shop.shopId} shop={shop} />}</StaffShop>;
}

function CouponsAccess({ shop }: { shop: MerchantShopRef }) {
	const { ct } = useStaffCouponText();
	if (!roleAllows(shop.role, PROMOTIONS_PERMISSION))
		return <NotAllowedState message={ct("coupons.onlyOwner")} testId="coupons-not-allowed" />;
	return <CouponsPage shopId={shop.shopId} />;
}

/** The device's own zone, until (or unless) the shop's is known. */
const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function CouponsPage({ shopId }: { shopId: number }) {
	const { ct, lang } = useStaffCouponText();
	const queryClient = useQueryClient();
	const templates = useQuery(couponTemplatesQuery(shopId));
	const canEdit = useIsBusinessAdmin();
	// Dates are typed and read on the shop's clock, wherever the owner's device is.
	const shopDetail = useQuery(shopDetailQuery(shopId, lang));
	const [editing, setEditing] = useState<{ id: number | null } | null>(null);
	const [toggling, setToggling] = useState<number | null>(null);

	if (templates.isError && !templates.data)
		return <ErrorState message={errorText(templates.error)} onRetry={() => void templates.refetch()} />;
	if (!templates.data || shopDetail.isPending) return <LoadingState />;
	const timeZone = shopDetail.data?.timezone ?? deviceZone();
	const { shops } = templates.data;
	const template = editing?.id ? templates.data.templates.find((t) => t.id === editing.id) : undefined;
	const reload = async () => {
		await templates.refetch();
	};

	/** The list's switch: the whole template at its version, with only `enabled` changed. */
	const toggle = async (item: CouponTemplateAdmin, enabled: boolean) => {
		setToggling(item.id);
		try {
			const list: CouponTemplateList = await saveCouponTemplate(requestOfTemplate(item, shopId, { enabled }));
			queryClient.setQueryData(couponTemplateKeys.list(shopId), list);
			const name = localize(item.title, lang);
			showToast(ct(enabled ? "coupons.switchedOn" : "coupons.switchedOff", { name }));
		} catch (error) {
			if (error instanceof ApiError && error.code === ErrorCode.ChangedBySomeoneElse) {
				showToast(ct("coupons.changed"));
				await reload();
			} else showToast(errorText(error));
		} finally {
			setToggling(null);
		}
	};

	return (
		<div className="merchant page-pad sv-staff" data-testid="coupons-page">
			{!canEdit && <BusinessAdminNote />}
			<section className="card sv-section" aria-labelledby="coupons-title">
				<header className="sv-section__head">
					<h2 className="section__title" id="coupons-title">
						{ct("coupons.title")}
					</h2>
					{canEdit && (
						<button
							type="button"
							className="button button--small button--primary sv-section__add"
							onClick={() => setEditing({ id: null })}
							data-testid="coupon-add"
						>
							<PlusIcon aria-hidden="true" />
							{ct("coupons.add")}
						</button>
					)}
				</header>
				<p className="sv-section__hint">{ct("coupons.hint")}</p>
				{templates.data.templates.length === 0 ? (
					<EmptyState compact title={ct("coupons.empty")}>
						<p className="cp-empty__body">{ct("coupons.emptyBody")}</p>
					</EmptyState>
				) : (
					<ul className="cp-list" data-testid="coupon-list">
						{templates.data.templates.map((item) => (
							<StaffCouponCard
								key={item.id}
								template={item}
								shops={shops}
								timeZone={timeZone}
								busy={toggling === item.id}
								onEdit={canEdit ? () => setEditing({ id: item.id }) : null}
								onToggle={canEdit ? (enabled) => void toggle(item, enabled) : null}
							/>
						))}
					</ul>
				)}
			</section>
			{canEdit && (
				<StaffCouponSheet
					shopId={shopId}
					template={template}
					shops={shops}
					timeZone={timeZone}
					open={editing !== null}
					onClose={() => setEditing(null)}
					onConflict={reload}
				/>
			)}
		</div>
	);
}
