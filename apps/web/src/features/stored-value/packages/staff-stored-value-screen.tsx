import {
	localize,
	type MerchantShopRef,
	type RechargePackageAdmin,
	roleAllows,
	type StoredValueAdmin,
} from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "../../../lib/api-client";
import { useMoney } from "../../../lib/app-config";
import { ChevronIcon, PlusIcon } from "../../../ui/icons";
import { BusinessAdminNote, useIsBusinessAdmin } from "../../../ui/staff/business-admin-note";
import { StaffShop } from "../../../ui/staff/staff-shop";
import { EmptyState, ErrorState, LoadingState, NotAllowedState } from "../../../ui/states";
import { storedValueAdminQuery } from "../staff-api";
import { MEMBERS_PERMISSION } from "../staff-permissions";
import { useStaffStoredValueText } from "../staff-strings";
import { StaffAgreementEditor } from "./staff-agreement-editor";
import { StaffPackageSheet } from "./staff-package-sheet";
import "../../../ui/controls.css";
import "../../../ui/staff/merchant.css";
import "../staff-stored-value.css";

/**
 * merchant/storedValue (owner and manager): what members hold, the recharge packages they
 * choose from (pay X, receive X + bonus) with an editor, and the stored-value agreement.
 * Packages and the agreement are the tenant's: every shop sells the same balance, so only a
 * business administrator changes them (issue 27); other owners and managers read them.
 */
export default function StaffStoredValueScreen() {
	return <StaffShop>{(shop) => <StoredValueAccess key={shop.shopId} shop={shop} />}</StaffShop>;
}

function StoredValueAccess({ shop }: { shop: MerchantShopRef }) {
	const { st } = useStaffStoredValueText();
	if (!roleAllows(shop.role, MEMBERS_PERMISSION))
		return <NotAllowedState message={st("sv.onlyOwner")} testId="stored-value-not-allowed" />;
	return <StoredValuePage shopId={shop.shopId} />;
}

function StoredValuePage({ shopId }: { shopId: number }) {
	const admin = useQuery(storedValueAdminQuery(shopId));
	const canEdit = useIsBusinessAdmin();
	const [editing, setEditing] = useState<{ id: number | null } | null>(null);
	if (admin.isError && !admin.data)
		return <ErrorState message={errorText(admin.error)} onRetry={() => void admin.refetch()} />;
	if (!admin.data) return <LoadingState />;
	const pack = editing?.id ? admin.data.packages.find((p) => p.id === editing.id) : undefined;
	return (
		<div className="merchant page-pad sv-staff" data-testid="stored-value-page">
			{!canEdit && <BusinessAdminNote />}
			<Totals totals={admin.data.totals} />
			<Packages packages={admin.data.packages} onEdit={canEdit ? (id) => setEditing({ id }) : null} />
			{canEdit ? (
				<StaffAgreementEditor shopId={shopId} admin={admin.data} reload={() => admin.refetch()} />
			) : (
				<AgreementText admin={admin.data} />
			)}
			{canEdit && (
				<StaffPackageSheet
					shopId={shopId}
					pack={pack}
					open={editing !== null}
					onClose={() => setEditing(null)}
					onConflict={async () => {
						await admin.refetch();
					}}
				/>
			)}
		</div>
	);
}

function Totals({ totals }: { totals: StoredValueAdmin["totals"] }) {
	const { st } = useStaffStoredValueText();
	const money = useMoney();
	return (
		<section className="card sv-section" aria-labelledby="sv-totals" data-testid="stored-value-totals">
			<h2 className="section__title" id="sv-totals">
				{st("sv.totals")}
			</h2>
			<div className="sv-totals">
				<Tile label={st("sv.balances")} value={money(totals.balances)} testId="totals-balances" />
				<Tile label={st("sv.bonusGiven")} value={money(totals.bonusGiven)} testId="totals-bonus" />
				<Tile label={st("sv.members")} value={totals.members.toLocaleString("en-US")} testId="totals-members" />
			</div>
			<p className="sv-section__hint">{st("sv.totalsHint")}</p>
		</section>
	);
}

function Tile({ label, value, testId }: { label: string; value: string; testId: string }) {
	return (
		<div className="sv-totals__tile">
			<span className="sv-totals__label">{label}</span>
			<span className="sv-totals__value" data-testid={testId}>
				{value}
			</span>
		</div>
	);
}

/** The agreement as members read it, for someone who may not change it. */
function AgreementText({ admin }: { admin: StoredValueAdmin }) {
	const { st, lang } = useStaffStoredValueText();
	return (
		<section className="card sv-section" aria-labelledby="sv-agreement" data-testid="agreement">
			<h2 className="section__title" id="sv-agreement">
				{st("sv.agreement")}
			</h2>
			<p className="sv-agreement__text" data-testid="agreement-read-only">
				{localize(admin.agreement, lang).trim()}
			</p>
		</section>
	);
}

/** The packages; `onEdit` null shows them without the add button and the editor (not the business's administrator). */
function Packages({
	packages,
	onEdit,
}: {
	packages: RechargePackageAdmin[];
	onEdit: ((id: number | null) => void) | null;
}) {
	const { st, plural, lang } = useStaffStoredValueText();
	const money = useMoney();
	return (
		<section className="card sv-section" aria-labelledby="sv-packages" data-testid="packages">
			<header className="sv-section__head">
				<h2 className="section__title" id="sv-packages">
					{st("sv.packages")}
				</h2>
				{onEdit && (
					<button
						type="button"
						className="button button--small button--primary sv-section__add"
						onClick={() => onEdit(null)}
						data-testid="package-add"
					>
						<PlusIcon aria-hidden="true" />
						{st("sv.add")}
					</button>
				)}
			</header>
			<p className="sv-section__hint">{st("sv.packagesHint")}</p>
			{packages.length === 0 ? (
				<EmptyState compact title={st("sv.empty")} />
			) : (
				<ul className="sv-rows sv-rows--grid" data-testid="package-list">
					{packages.map((pack) => {
						const name = localize(pack.name, lang);
						const className = `sv-row${pack.onSale ? "" : " is-off"}`;
						const summary = (
							<span className="sv-row__main">
								<span className="sv-row__title">{name}</span>
								<span className="sv-row__line">
									{st("sv.pay", { amount: money(pack.payAmount) })} ·{" "}
									{st("sv.get", { amount: money(pack.payAmount + pack.bonusAmount) })}
								</span>
								<span className="sv-row__tags">
									<span className={`tag${pack.onSale ? " sv-tag-on" : " tag--muted"}`}>
										{st(pack.onSale ? "sv.onSale" : "sv.offSale")}
									</span>
									{pack.bonusAmount > 0 && (
										<span className="tag">{st("sv.bonus", { amount: money(pack.bonusAmount) })}</span>
									)}
									<span className="tag tag--muted">{plural("sv.sold", pack.soldCount)}</span>
								</span>
							</span>
						);
						return (
							<li key={pack.id}>
								{onEdit ? (
									<button
										type="button"
										className={className}
										onClick={() => onEdit(pack.id)}
										aria-label={st("sv.edit", { name })}
										data-testid={`package-${pack.id}`}
									>
										{summary}
										<ChevronIcon className="sv-row__chevron" />
									</button>
								) : (
									<div className={className} data-testid={`package-${pack.id}`}>
										{summary}
									</div>
								)}
							</li>
						);
					})}
				</ul>
			)}
		</section>
	);
}
