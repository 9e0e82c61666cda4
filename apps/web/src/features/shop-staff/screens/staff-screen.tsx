import {
	type BusinessAdminPerson,
	type MerchantShopRef,
	roleAllows,
	SHOP_ROLES,
	type ShopRole,
	type StaffMember,
} from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { formatList } from "../../../lib/format";
import { checkPhone, type PhoneProblem } from "../../../lib/phone";
import { useAppState } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { TrashIcon } from "../../../ui/icons";
import { StaffShop } from "../../../ui/staff/staff-shop";
import { ErrorState, LoadingState, NotAllowedState } from "../../../ui/states";
import {
	addStaff,
	businessAdminsQuery,
	changeStaffRole,
	grantBusinessAdmin,
	removeStaff,
	revokeBusinessAdmin,
	staffListQuery,
} from "../api";
import { useStaffText } from "../strings";
import "../shop-staff.css";

/**
 * The owner's staff page: add people by phone, change their role, remove them; and who
 * administers the business (issue 27), granted and taken back by an administrator.
 */
export default function StaffScreen() {
	return <StaffShop>{(shop) => <Staff shop={shop} />}</StaffShop>;
}

function Staff({ shop }: { shop: MerchantShopRef }) {
	const { ft } = useStaffText();
	if (!roleAllows(shop.role, "staff"))
		return <NotAllowedState message={ft("staff.noAccess")} testId="staff-no-access" />;
	return (
		<div className="merchant page-pad shop-staff" data-testid="staff-page">
			<AddStaffForm shopId={shop.shopId} />
			<StaffList shopId={shop.shopId} />
			<BusinessAdminsSection shopId={shop.shopId} />
		</div>
	);
}

function RoleChoice({
	name,
	value,
	onChange,
	label,
}: {
	name: string;
	value: ShopRole;
	onChange: (role: ShopRole) => void;
	label: string;
}) {
	const { ft } = useStaffText();
	return (
		<fieldset className="field field--fieldset">
			<legend className="field__label">{label}</legend>
			<div className="segmented" data-testid={`${name}-roles`}>
				{SHOP_ROLES.map((role) => (
					<label key={role} className={`segmented__option${value === role ? " is-selected" : ""}`}>
						<input
							type="radio"
							name={name}
							value={role}
							checked={value === role}
							onChange={() => onChange(role)}
							className="visually-hidden"
							data-testid={`${name}-role-${role}`}
						/>
						{ft(`role.${role}`)}
					</label>
				))}
			</div>
		</fieldset>
	);
}

function AddStaffForm({ shopId }: { shopId: number }) {
	const { ft, m } = useStaffText();
	const ids = useId();
	const [mobile, setMobile] = useState("");
	const [role, setRole] = useState<ShopRole>("staff");
	const [problem, setProblem] = useState<PhoneProblem>(null);
	const [busy, setBusy] = useState(false);

	const submit = async (event: FormEvent) => {
		event.preventDefault();
		const found = checkPhone(mobile);
		setProblem(found);
		if (found || busy) return;
		setBusy(true);
		try {
			await addStaff({ shopId, mobile: mobile.trim(), role });
			showToast(ft("staff.added", { mobile: mobile.trim() }));
			setMobile("");
		} catch {
			// The request layer showed the server's message.
		} finally {
			setBusy(false);
		}
	};

	return (
		<form className="card form shop-staff__add" onSubmit={submit} noValidate data-testid="staff-add-form">
			<h2 className="section__title">{ft("staff.add")}</h2>
			<p className="field__hint">{ft("staff.addHint")}</p>
			<div className="field">
				<label className="field__label" htmlFor={`${ids}-mobile`}>
					{ft("staff.phone")}
				</label>
				<input
					id={`${ids}-mobile`}
					className="field__input"
					inputMode="numeric"
					autoComplete="off"
					maxLength={11}
					value={mobile}
					onChange={(event) => setMobile(event.target.value)}
					aria-invalid={problem ? true : undefined}
					aria-describedby={problem ? `${ids}-mobile-error` : undefined}
					data-testid="staff-add-mobile"
				/>
				{problem && (
					<span id={`${ids}-mobile-error`} className="field__error" role="alert" data-testid="staff-add-error">
						{m(problem)}
					</span>
				)}
			</div>
			<RoleChoice name="staff-add" value={role} onChange={setRole} label={ft("staff.role")} />
			<button
				type="submit"
				className="button button--primary button--block"
				disabled={busy}
				data-testid="staff-add-submit"
			>
				{ft("staff.submit")}
			</button>
		</form>
	);
}

function StaffList({ shopId }: { shopId: number }) {
	const { ft } = useStaffText();
	const me = useAppState((s) => s.member?.id);
	const staff = useQuery(staffListQuery(shopId));
	const [removing, setRemoving] = useState<StaffMember | null>(null);

	if (staff.isPending) return <LoadingState compact />;
	if (staff.isError) return <ErrorState onRetry={() => void staff.refetch()} />;

	const change = async (member: StaffMember, role: ShopRole) => {
		if (role === member.role) return;
		try {
			await changeStaffRole({ shopId, memberId: member.memberId, role });
			showToast(ft("staff.roleChanged", { name: member.nickname, role: ft(`role.${role}`) }));
		} catch {
			// Shown by the request layer (e.g. the last owner keeps their role).
		}
	};
	const confirmRemove = async () => {
		const member = removing;
		setRemoving(null);
		if (!member) return;
		try {
			await removeStaff({ shopId, memberId: member.memberId });
			showToast(ft("staff.removed", { name: member.nickname }));
		} catch {
			// Shown by the request layer.
		}
	};

	return (
		<section className="section">
			<h2 className="section__title">{ft("staff.list", { count: staff.data.length })}</h2>
			<ul className="shop-staff__members" data-testid="staff-list">
				{staff.data.map((member) => (
					<li key={member.memberId} className="card shop-staff__member" data-testid={`staff-member-${member.mobile}`}>
						<div className="shop-staff__member-head">
							<div>
								<p className="shop-staff__name">
									{member.nickname}
									{member.memberId === me && <span className="merchant-tag">{ft("staff.you")}</span>}
								</p>
								<p className="shop-staff__muted">
									{member.mobile}
									{!member.hasSignedIn && ` · ${ft("staff.notSignedIn")}`}
								</p>
							</div>
							<button
								type="button"
								className="icon-button shop-staff__remove"
								aria-label={`${ft("staff.remove")} ${member.nickname}`}
								onClick={() => setRemoving(member)}
								data-testid={`staff-remove-${member.mobile}`}
							>
								<TrashIcon />
							</button>
						</div>
						<RoleChoice
							name={`staff-${member.memberId}`}
							value={member.role}
							onChange={(role) => void change(member, role)}
							label={ft("staff.changeRole", { name: member.nickname })}
						/>
					</li>
				))}
			</ul>
			<ConfirmDialog
				open={removing !== null}
				destructive
				message={removing ? ft("staff.confirmRemove", { name: removing.nickname, mobile: removing.mobile }) : ""}
				confirmLabel={ft("staff.remove")}
				onConfirm={() => void confirmRemove()}
				onCancel={() => setRemoving(null)}
				testId="staff-remove-confirm"
			/>
		</section>
	);
}

/**
 * The business's administrators: who they are and which shops they own; an administrator
 * removes one (never the last) or makes another shop owner one. Others see the list only.
 */
function BusinessAdminsSection({ shopId }: { shopId: number }) {
	const { ft } = useStaffText();
	const me = useAppState((s) => s.member?.id);
	const admins = useQuery(businessAdminsQuery(shopId));
	const [removing, setRemoving] = useState<BusinessAdminPerson | null>(null);
	const [busy, setBusy] = useState(false);

	if (admins.isPending) return <LoadingState compact />;
	if (admins.isError) return <ErrorState onRetry={() => void admins.refetch()} />;
	const { readerIsAdmin } = admins.data;
	const canRemove = readerIsAdmin && admins.data.admins.length > 1;

	const grant = async (person: BusinessAdminPerson) => {
		setBusy(true);
		try {
			await grantBusinessAdmin({ shopId, memberId: person.memberId });
			showToast(ft("admins.granted", { name: person.nickname }));
		} catch {
			// Shown by the request layer.
		} finally {
			setBusy(false);
		}
	};
	const confirmRemove = async () => {
		const person = removing;
		setRemoving(null);
		if (!person) return;
		setBusy(true);
		try {
			await revokeBusinessAdmin({ shopId, memberId: person.memberId });
			showToast(ft("admins.removed", { name: person.nickname }));
		} catch {
			// Shown by the request layer (e.g. the last administrator stays).
		} finally {
			setBusy(false);
		}
	};

	return (
		<section className="section shop-staff__admins" data-testid="business-admins">
			<h2 className="section__title">{ft("admins.title", { count: admins.data.admins.length })}</h2>
			<p className="field__hint shop-staff__admins-hint">{ft("admins.hint")}</p>
			{!readerIsAdmin && (
				<p className="shop-staff__admins-hint" data-testid="business-admins-reader-not">
					{ft("admins.readerNot")}
				</p>
			)}
			<ul className="shop-staff__members" data-testid="business-admin-list">
				{admins.data.admins.map((person) => (
					<li key={person.memberId} className="card shop-staff__member" data-testid={`business-admin-${person.mobile}`}>
						<div className="shop-staff__member-head">
							<PersonLines person={person} you={person.memberId === me} />
							{canRemove && (
								<button
									type="button"
									className="icon-button shop-staff__remove"
									aria-label={ft("admins.removeLabel", { name: person.nickname })}
									disabled={busy}
									onClick={() => setRemoving(person)}
									data-testid={`business-admin-remove-${person.mobile}`}
								>
									<TrashIcon />
								</button>
							)}
						</div>
					</li>
				))}
			</ul>
			{readerIsAdmin && (
				<>
					<h3 className="shop-staff__admins-subtitle">{ft("admins.candidates")}</h3>
					{admins.data.candidates.length === 0 ? (
						<p className="shop-staff__admins-hint">{ft("admins.candidatesEmpty")}</p>
					) : (
						<ul className="shop-staff__members" data-testid="business-admin-candidates">
							{admins.data.candidates.map((person) => (
								<li
									key={person.memberId}
									className="card shop-staff__member"
									data-testid={`business-admin-candidate-${person.mobile}`}
								>
									<div className="shop-staff__member-head">
										<PersonLines person={person} you={person.memberId === me} />
										<button
											type="button"
											className="button button--small button--ghost"
											disabled={busy}
											onClick={() => void grant(person)}
											data-testid={`business-admin-grant-${person.mobile}`}
										>
											{ft("admins.grant")}
										</button>
									</div>
								</li>
							))}
						</ul>
					)}
				</>
			)}
			<ConfirmDialog
				open={removing !== null}
				destructive
				message={removing ? ft("admins.confirmRemove", { name: removing.nickname, mobile: removing.mobile }) : ""}
				confirmLabel={ft("admins.remove")}
				onConfirm={() => void confirmRemove()}
				onCancel={() => setRemoving(null)}
				testId="business-admin-remove-confirm"
			/>
		</section>
	);
}

function PersonLines({ person, you }: { person: BusinessAdminPerson; you: boolean }) {
	const { ft, lang } = useStaffText();
	const shops = formatList(person.ownedShops, lang, lang === "zh-CN" ? "、" : ", ");
	return (
		<div className="shop-staff__person">
			<p className="shop-staff__name">
				{person.nickname}
				{you && <span className="merchant-tag">{ft("staff.you")}</span>}
			</p>
			<p className="shop-staff__muted">{person.mobile}</p>
			{person.ownedShops.length > 0 && <p className="shop-staff__muted">{ft("admins.ownerOf", { shops })}</p>}
		</div>
	);
}
