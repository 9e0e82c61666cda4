import { type CreatedBranch, type MerchantShopRef, roleAllows } from "@bayon/contract";
import { useId, useState } from "react";
import { useAppState } from "../../../lib/store";
import { StaffShop } from "../../../ui/staff/staff-shop";
import { useBranchText } from "../strings";
import { Created } from "./branch-created";
import { PhoneField, PointField, SourceField, TranslationsField } from "./branch-form-fields";
import { useBranchForm } from "./use-branch-form";
import "../../../ui/controls.css";
import "../branches.css";

/** Pages the merchant area lists only for owners: opening a branch is managing the business (decision 018). */
const ownsShop = (shop: MerchantShopRef) => roleAllows(shop.role, "staff");

/** Not in spec §2: an owner opens another branch with a copy of one of their shops' menu and hours. */
export default function NewBranchScreen() {
	return (
		<StaffShop>
			{(shop) => (
				<div className="branch-page" data-testid="branch-page">
					<NewBranch current={shop} />
				</div>
			)}
		</StaffShop>
	);
}

function NewBranch({ current }: { current: MerchantShopRef }) {
	const { bt } = useBranchText();
	const owned = useAppState((s) => s.member?.merchantShops ?? []).filter(ownsShop);
	const [created, setCreated] = useState<CreatedBranch | null>(null);
	const [attempt, setAttempt] = useState(0);
	if (owned.length === 0)
		return (
			<p className="status-page status-page--inline" data-testid="branch-owners-only">
				{bt("ownersOnly")}
			</p>
		);
	if (created)
		return (
			<Created
				branch={created}
				onAnother={() => {
					setCreated(null);
					setAttempt((n) => n + 1);
				}}
			/>
		);
	const initialSource = owned.some((shop) => shop.shopId === current.shopId) ? current.shopId : owned[0]?.shopId;
	return <BranchForm key={attempt} owned={owned} initialSource={initialSource ?? 0} onCreated={setCreated} />;
}

function BranchForm({
	owned,
	initialSource,
	onCreated,
}: {
	owned: MerchantShopRef[];
	initialSource: number;
	onCreated: (branch: CreatedBranch) => void;
}) {
	const { bt } = useBranchText();
	const ids = useId();
	const form = useBranchForm({ initialSource, onCreated });
	return (
		<form className="branch-form" onSubmit={form.submit} noValidate data-testid="branch-form">
			<p className="branch-form__intro">{bt("intro")}</p>
			<SourceField form={form} owned={owned} />
			<TranslationsField form={form} ids={ids} field="name" texts={form.name} set={form.setName} />
			<TranslationsField form={form} ids={ids} field="address" texts={form.address} set={form.setAddress} />
			<PhoneField form={form} ids={ids} />
			<PointField form={form} ids={ids} />
			<button
				type="submit"
				className="button button--primary button--block"
				disabled={form.saving}
				data-testid="branch-submit"
			>
				{form.saving ? bt("submitting") : bt("submit")}
			</button>
		</form>
	);
}
