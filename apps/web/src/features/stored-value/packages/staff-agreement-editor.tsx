import { STORED_VALUE_AGREEMENT_MAX, type StoredValueAdmin } from "@bayon/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { LocalizedDraft } from "../../../lib/form";
import { showToast } from "../../../lib/toast";
import { useStaffSave } from "../../../lib/use-staff-save";
import { LocalizedFields } from "../../../ui/form-fields";
import { saveStoredValueAgreement, storedValueKeys } from "../staff-api";
import { agreementDraft, checkAgreement } from "../staff-package-form";
import { useStaffStoredValueText } from "../staff-strings";

/**
 * The stored-value agreement members tick before recharging, in three languages (Chinese
 * required). Someone else saving first (409) loads their text and says to make the change
 * again.
 */
export function StaffAgreementEditor({
	shopId,
	admin,
	reload,
}: {
	shopId: number;
	admin: StoredValueAdmin;
	reload: () => Promise<unknown>;
}) {
	const { st, t, lang } = useStaffStoredValueText();
	const queryClient = useQueryClient();
	const [draft, setDraft] = useState<LocalizedDraft>(() => agreementDraft(admin));
	const { problems, setProblems, saving, submit } = useStaffSave();
	// Replaced by the server's text only when that text changes (a save, someone else's reload).
	const shown = useRef(admin.agreement);
	useEffect(() => {
		if (shown.current === admin.agreement) return;
		shown.current = admin.agreement;
		setDraft(agreementDraft(admin));
	}, [admin]);

	const save = async () => {
		const saved = await submit(
			checkAgreement(draft, { shopId, lang }),
			async (input) => {
				queryClient.setQueryData(storedValueKeys.admin(shopId), await saveStoredValueAgreement(input));
			},
			async () => {
				await reload();
				showToast(st("sv.agreementChanged"));
			},
		);
		if (saved) showToast(st("sv.agreementSaved"));
	};

	return (
		<section className="card sv-section" aria-labelledby="sv-agreement" data-testid="agreement">
			<h2 className="section__title" id="sv-agreement">
				{st("sv.agreement")}
			</h2>
			<LocalizedFields
				label={st("sv.agreement")}
				hideLabel
				hint={st("sv.agreementHint")}
				field="agreement"
				value={draft}
				onChange={(value) => {
					setDraft(value);
					setProblems({});
				}}
				problems={problems}
				maxLength={STORED_VALUE_AGREEMENT_MAX}
				rows={5}
				testId="agreement-text"
			/>
			<button
				type="button"
				className="button button--primary sv-agreement__save"
				disabled={saving}
				onClick={() => void save()}
				data-testid="agreement-save"
			>
				{saving ? t("common.saving") : st("sv.agreementSave")}
			</button>
		</section>
	);
}
