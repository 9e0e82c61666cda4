import type { Address } from "@bayon/contract";
import { Link } from "react-router";
import { errorText } from "../../../lib/api-client";
import { maskPhone } from "../../../lib/format";
import { useI18n } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { PinIcon } from "../../../ui/icons";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { useRequireMember } from "../../identity/require-member";
import { useAddressList } from "./use-address-list";
import "../addresses.css";

export type { AddressListState } from "./use-address-list";

/** address/address: the member's addresses; choose one for delivery, edit, delete, set the default. */
export default function AddressListScreen() {
	const member = useRequireMember();
	if (!member) return <LoadingState />;
	return <AddressList memberId={member.id} />;
}

function AddressList({ memberId }: { memberId: number }) {
	const { t, m } = useI18n();
	const list = useAddressList(memberId);
	const { shop, query } = list;

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
						<AddressCard
							key={address.id}
							address={address}
							selected={list.selectedId === address.id}
							outOfRange={list.outOfRangeId === address.id}
							checking={list.checkingId === address.id}
							chooseDisabled={shop.shopId === null || list.checkingId !== null}
							onChoose={() => list.choose(address)}
							onMakeDefault={() => list.makeDefault(address)}
							onDelete={() => list.setDeleting(address)}
						/>
					))}
				</ul>
			)}

			<div className="addresses__footer">
				<Link to={Paths.addressAdd} className="button button--primary button--block" data-testid="address-add">
					{t("address.add")}
				</Link>
			</div>

			<ConfirmDialog
				open={list.deleting !== null}
				message={m("confirmDelete")}
				confirmLabel={t("address.delete")}
				destructive
				onConfirm={list.confirmDelete}
				onCancel={() => list.setDeleting(null)}
			/>
		</div>
	);
}

function AddressCard({
	address,
	selected,
	outOfRange,
	checking,
	chooseDisabled,
	onChoose,
	onMakeDefault,
	onDelete,
}: {
	address: Address;
	selected: boolean;
	outOfRange: boolean;
	checking: boolean;
	chooseDisabled: boolean;
	onChoose: () => void;
	onMakeDefault: () => void;
	onDelete: () => void;
}) {
	const { t, m } = useI18n();
	return (
		<li
			className={`card address-card${selected ? " is-selected" : ""}`}
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
				{selected && (
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
			{outOfRange && (
				<p className="address-card__alert" role="alert" data-testid="address-out-of-range">
					{m("addressOutOfRange")}
				</p>
			)}
			<AddressCardActions
				address={address}
				checking={checking}
				chooseDisabled={chooseDisabled}
				onChoose={onChoose}
				onMakeDefault={onMakeDefault}
				onDelete={onDelete}
			/>
		</li>
	);
}

function AddressCardActions({
	address,
	checking,
	chooseDisabled,
	onChoose,
	onMakeDefault,
	onDelete,
}: {
	address: Address;
	checking: boolean;
	chooseDisabled: boolean;
	onChoose: () => void;
	onMakeDefault: () => void;
	onDelete: () => void;
}) {
	const { t } = useI18n();
	return (
		<div className="address-card__actions">
			<button
				type="button"
				className="button button--primary button--small"
				onClick={onChoose}
				disabled={chooseDisabled}
				aria-busy={checking}
				data-testid="address-choose"
			>
				{checking ? t("address.checking") : t("address.deliverHere")}
			</button>
			<span className="address-card__spacer" />
			{!address.isDefault && (
				<button
					type="button"
					className="address-card__action"
					onClick={onMakeDefault}
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
				onClick={onDelete}
				data-testid="address-delete"
			>
				{t("address.delete")}
			</button>
		</div>
	);
}
