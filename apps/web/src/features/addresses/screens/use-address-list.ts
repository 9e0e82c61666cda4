import type { Address } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation } from "react-router";
import { useCurrency } from "../../../lib/app-config";
import { formatMoney } from "../../../lib/format";
import { useI18n } from "../../../lib/i18n";
import { canGoBack, useGoBack, useSwitchTab } from "../../../lib/navigation-hooks";
import { useAppState } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { addressListQuery, deleteAddress, setDefaultAddress } from "../api";
import { useShopForAddresses } from "../current-shop";
import { chooseDeliveryAddress, forgetDeliveryAddress } from "../delivery-target";

/** What a link to the address list may say about where it was opened from. */
export interface AddressListState {
	from?: "mine";
}

/** The member's addresses and what may be done with them: choose one for delivery, make one the default, delete one. */
export function useAddressList(memberId: number) {
	const { t, m } = useI18n();
	const goBack = useGoBack();
	const switchTab = useSwitchTab();
	const cameFromMine = (useLocation().state as AddressListState | null)?.from === "mine";
	const currency = useCurrency();
	const shop = useShopForAddresses();
	const query = useQuery({ ...addressListQuery(memberId, shop.shopId), enabled: !shop.pending });
	const selectedId = useAppState((s) => (s.address?.memberId === memberId ? (s.address.address?.id ?? null) : null));
	const [checkingId, setCheckingId] = useState<number | null>(null);
	const [outOfRangeId, setOutOfRangeId] = useState<number | null>(null);
	const [deleting, setDeleting] = useState<Address | null>(null);

	const choose = async (address: Address) => {
		if (shop.shopId === null || checkingId !== null) return;
		setCheckingId(address.id);
		setOutOfRangeId(null);
		try {
			const result = await chooseDeliveryAddress(shop.shopId, address);
			if (result.accepted) {
				showToast(t("address.chosen", { fee: formatMoney(result.target.check.fee ?? 0, currency) }));
				// Back to the cart or payment page that sent them here; from "mine" (or a link
				// opened on its own) on to the menu, where a delivery address is for.
				if (cameFromMine || !canGoBack()) switchTab("menu");
				else goBack();
			} else {
				setOutOfRangeId(address.id);
				showToast(m("addressOutOfRange"));
			}
		} catch {
			// The request layer showed what went wrong.
		} finally {
			setCheckingId(null);
		}
	};

	const makeDefault = async (address: Address) => {
		try {
			await setDefaultAddress(address.id);
			showToast(t("address.defaultSet"));
		} catch {
			// shown by the request layer
		}
	};

	const confirmDelete = async () => {
		const address = deleting;
		setDeleting(null);
		if (!address) return;
		try {
			await deleteAddress(address.id);
			forgetDeliveryAddress(address.id);
			showToast(t("address.deleted"));
		} catch {
			// shown by the request layer
		}
	};

	return {
		shop,
		query,
		selectedId,
		checkingId,
		outOfRangeId,
		deleting,
		setDeleting,
		choose,
		makeDefault,
		confirmDelete,
	};
}
