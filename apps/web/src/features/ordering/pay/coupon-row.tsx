import { type CouponFit, ErrorCode, type PricedCart } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { useMoney } from "../../../lib/app-config";
import { useI18n } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { useAppState } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { ChevronIcon } from "../../../ui/icons";
import { couponsForCartQuery, refreshCouponsForCart } from "../../coupons/guest-api";
import { useCouponText } from "../../coupons/guest-strings";
import { CouponSheet } from "../../coupons/mine/guest-coupon-sheet";
import { buildPriceRequest } from "../cart/api";
import { updateDraft, useDraft } from "./checkout-draft";
import "../../coupons/guest-coupons.css";

/**
 * The coupon the server refused (CouponNotUsable: used on another tab meanwhile, expired, …):
 * its message is shown and the choice dropped, as the member's own "none", so the page does
 * not choose it again from a list that may not know yet; the list is asked again.
 */
function dropRefusedCoupon(message: string): void {
	showToast(message);
	updateDraft({ couponId: null, couponChosen: true });
	void refreshCouponsForCart();
}

/**
 * For the pay page's order call: a CouponNotUsable refusal drops the coupon (the member goes on
 * without it, or chooses another) and answers true; anything else is the page's to handle.
 */
export function handleCouponRefusal(error: unknown): boolean {
	if (!(error instanceof ApiError) || error.code !== ErrorCode.CouponNotUsable) return false;
	dropRefusedCoupon(error.message);
	return true;
}

/**
 * The pay page's coupon row (issue 13): for a signed-in member, how many of their coupons fit
 * this cart, or the chosen one and what it takes off; a tap opens the sheet to choose. Until the
 * member chooses, the best fitting coupon is chosen for them, and the row says so. The choice
 * lives in the checkout draft (it survives a reload or a sign-in); the page prices and orders
 * with it. A visitor is asked to sign in.
 */
export function PayCouponRow({
	shopId,
	priced,
	pricing,
}: {
	shopId: number;
	/** The page's priced cart (with the chosen coupon, when there is one). */
	priced: PricedCart | undefined;
	/** True while that price is not yet the answer for the cart and coupon as they are. */
	pricing: boolean;
}) {
	const { t } = useI18n();
	const { ct, plural, lang } = useCouponText();
	const money = useMoney();
	const navigate = useNavigate();
	const location = useLocation();
	const draft = useDraft();
	const [open, setOpen] = useState(false);
	const cart = useAppState((s) => s.cart);
	const orderType = useAppState((s) => s.orderType);
	const address = useAppState((s) => s.address);
	const desk = useAppState((s) => s.desk);
	const member = useAppState((s) => s.member);
	const input = useMemo(
		() => buildPriceRequest({ cart, orderType, address, desk, member }, shopId)?.input ?? null,
		[cart, orderType, address, desk, member, shopId],
	);
	const forCart = useQuery({
		...couponsForCartQuery(input ?? { shopId, orderType, lines: [] }, lang),
		enabled: member !== null && input !== null,
	});
	const options: readonly CouponFit[] = forCart.data?.options ?? [];
	const fitting = options.filter((option) => option.fits);
	const chosen = fitting.find((option) => option.coupon.id === draft.couponId) ?? null;
	const listSettled = forCart.isSuccess && !forCart.isFetching;

	// Keep the draft's coupon one that fits: until the member has chosen, the best one; a choice
	// that no longer fits this cart (another address, used elsewhere) goes back to that.
	const bestId = fitting[0]?.coupon.id ?? null;
	const chosenFits = chosen !== null;
	useEffect(() => {
		if (!listSettled || member === null) return;
		if (draft.couponChosen && (draft.couponId === null || chosenFits)) return;
		if (draft.couponChosen) updateDraft({ couponId: bestId, couponChosen: false });
		else if (draft.couponId !== bestId) updateDraft({ couponId: bestId });
	}, [listSettled, member, draft.couponChosen, draft.couponId, chosenFits, bestId]);

	// The price came back refusing the coupon (CouponNotUsable): say why and go on without it.
	const refusal =
		!pricing && draft.couponId !== null
			? priced?.problems.find((problem) => problem.code === ErrorCode.CouponNotUsable)
			: undefined;
	useEffect(() => {
		if (refusal) dropRefusedCoupon(refusal.message);
	}, [refusal]);

	const choose = (couponId: number | null) => {
		updateDraft({ couponId, couponChosen: true });
		setOpen(false);
	};

	const pricedDiscount =
		chosen && priced?.couponId === chosen.coupon.id
			? priced.discounts.find((discount) => discount.kind === "coupon")?.amount
			: undefined;
	const discount = chosen ? (pricedDiscount ?? chosen.discount) : 0;

	let value: ReactNode;
	let muted = false;
	if (member === null) {
		value = ct("pay.signIn");
		muted = true;
	} else if (forCart.isPending) {
		value = ct("pay.checking");
		muted = true;
	} else if (forCart.isError) {
		value = ct("pay.loadFailed");
		muted = true;
	} else if (chosen)
		value = (
			<>
				<span className="cp-pay-row__title">{chosen.coupon.title}</span>
				<span className="cp-pay-row__discount" data-testid="pay-coupon-discount">
					{ct("pay.saves", { amount: money(discount) })}
				</span>
			</>
		);
	else if (fitting.length > 0)
		value = (
			<span className="cp-pay-row__count" data-testid="pay-coupon-count">
				{plural("pay.available", fitting.length)}
			</span>
		);
	else {
		value = ct("pay.noneFit");
		muted = true;
	}

	const tap = () => {
		if (member === null) {
			navigate(withQuery(Paths.login, { redirect: `${location.pathname}${location.search}` }));
			return;
		}
		if (forCart.isError) {
			void forCart.refetch();
			return;
		}
		if (forCart.isSuccess) setOpen(true);
	};

	return (
		<>
			<button
				type="button"
				className="pay-row pay-row--link"
				onClick={tap}
				aria-haspopup={member ? "dialog" : undefined}
				data-testid="pay-coupon"
			>
				<span className="pay-row__label">{t("pay.coupon")}</span>
				<span
					className={`pay-row__value cp-pay-row__value${muted ? " pay-row__muted" : ""}`}
					data-testid="pay-coupon-value"
				>
					{value}
				</span>
				<ChevronIcon />
			</button>
			{chosen && !draft.couponChosen && (
				<p className="cp-pay-note" role="status" data-testid="pay-coupon-auto">
					{ct("pay.bestChosen")}
				</p>
			)}
			<CouponSheet
				open={open}
				onClose={() => setOpen(false)}
				options={options}
				selectedId={chosen ? chosen.coupon.id : null}
				onChoose={choose}
			/>
		</>
	);
}
