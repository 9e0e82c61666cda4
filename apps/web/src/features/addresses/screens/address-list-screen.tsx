import type { Address } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { errorText } from "../../../lib/api-client";
import { useCurrency } from "../../../lib/app-config";
import { formatMoney, maskPhone } from "../../../lib/format";
import { useI18n } from "../../../lib/i18n";
import { canGoBack, useGoBack, useSwitchTab } from "../../../lib/navigation-hooks";
import { Paths, withQuery } from "../../../lib/paths";
import { useAppState } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { PinIcon } from "../../../ui/icons";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { useRequireMember } from "../../identity/require-member";
import { addressListQuery, deleteAddress, setDefaultAddress } from "../api";
import { useShopForAddresses } from "../current-shop";
import { chooseDeliveryAddress, forgetDeliveryAddress } from "../delivery-target";
import "../addresses.css";

/** What a link to the address list may say about where it was opened from. */
export interface AddressListState {
	from?: "mine";
}

/** address/address: the member's addresses; choose one for delivery, edit, delete, set the default. */
export default function AddressListScreen() {
	const member = useRequireMember();
	if (!member) return <LoadingState />;
	return <AddressList memberId={member.id} />;
}

function AddressList({ memberId }: { memberId: number }) {
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

	if (query.isPending) return <LoadingState />;
	if (query.isError) return <ErrorState message={errorText(query.error)} onRetry={() => query.refetch()} />;

	const addresses = query.data;
	return (
		<div className="addresses" data-testid="address-list-page">
			{shop.error !== null && <ErrorState compact message={errorText(shop.error)} onRetry={shop.retry} />}
			{addresses.length === 0 ? (
				<EmptyState title={t("address.empty")}>
					<p className="addresses__empty-hint">{t("address.emptyHint")}</p>
				</EmptyState>
			) : (
				<ul className="addresses__list" data-testid="address-list">
					{addresses.map((address) => (
						<li
							key={address.id}
							className={`card address-card${selectedId === address.id ? " is-selected" : ""}`}
							data-testid="address-card"
							data-address-id={address.id}
						>
							<div className="address-card__head">
								<span className="address-card__recipient">{address.recipient}</span>
								<span className="address-card__phone">{maskPhone(address.phone)}</span>
								{address.isDefault && (
									<span className="address-badge" data-testid="address-default">
										{t("address.default")}
									</span>
								)}
								{address.deliverable === false && (
									<span className="address-badge address-badge--outside" data-testid="address-outside-zone">
										{t("address.outsideZone")}
									</span>
								)}
								{selectedId === address.id && (
									<span className="address-badge address-badge--selected" data-testid="address-selected">
										{t("address.selected")}
									</span>
								)}
							</div>
							<p className="address-card__text">
								<PinIcon className="address-card__icon" />
								<span>
									{address.address}
									{address.houseNumber ? ` ${address.houseNumber}` : ""}
								</span>
							</p>
							{outOfRangeId === address.id && (
								<p className="address-card__alert" role="alert" data-testid="address-out-of-range">
									{m("addressOutOfRange")}
								</p>
							)}
							<div className="address-card__actions">
								<button
									type="button"
									className="button button--primary button--small"
									onClick={() => choose(address)}
									disabled={shop.shopId === null || checkingId !== null}
									aria-busy={checkingId === address.id}
									data-testid="address-choose"
								>
									{checkingId === address.id ? t("address.checking") : t("address.deliverHere")}
								</button>
								<span className="address-card__spacer" />
								{!address.isDefault && (
									<button
										type="button"
										className="address-card__action"
										onClick={() => makeDefault(address)}
										data-testid="address-set-default"
									>
										{t("address.setDefault")}
									</button>
								)}
								<Link
									to={withQuery(Paths.addressAdd, { id: address.id })}
									className="address-card__action"
									data-testid="address-edit"
								>
									{t("address.edit")}
								</Link>
								<button
									type="button"
									className="address-card__action address-card__action--danger"
									onClick={() => setDeleting(address)}
									data-testid="address-delete"
								>
									{t("address.delete")}
								</button>
							</div>
						</li>
					))}
				</ul>
			)}

			<div className="addresses__footer">
				<Link to={Paths.addressAdd} className="button button--primary button--block" data-testid="address-add">
					{t("address.add")}
				</Link>
			</div>

			<ConfirmDialog
				open={deleting !== null}
				message={m("confirmDelete")}
				confirmLabel={t("address.delete")}
				destructive
				onConfirm={confirmDelete}
				onCancel={() => setDeleting(null)}
			/>
		</div>
	);
}
