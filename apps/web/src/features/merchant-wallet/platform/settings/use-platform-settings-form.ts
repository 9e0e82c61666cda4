import type { PlatformSettings } from "@bayon/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useCurrency } from "../../../../lib/app-config";
import { showToast } from "../../../../lib/toast";
import { useDebouncedSubmit } from "../../../../lib/use-debounced-submit";
import { useStaffSave } from "../../../../lib/use-staff-save";
import { usePlatformText } from "../../platform-strings";
import { platformKeys, savePlatformSettings } from "../platform-api";
import { checkSettings, type PlatformSettingsDraft, settingsDraftOf } from "./platform-form";

/** The terms' draft (the minimum in the currency's major unit), the problems the save found, and the save. */
export function usePlatformSettingsForm(settings: PlatformSettings) {
	const { pt, lang } = usePlatformText();
	const queryClient = useQueryClient();
	const currency = useCurrency();
	const decimals = currency.decimals;
	const [draft, setDraft] = useState<PlatformSettingsDraft>(() => settingsDraftOf(settings, decimals));
	const { problems, setProblems, submit } = useStaffSave();

	const change = (field: keyof PlatformSettingsDraft, problemField: string) => (value: string) => {
		setDraft((current) => ({ ...current, [field]: value }));
		setProblems(({ [problemField]: _cleared, ...rest }) => rest);
	};

	const [save, saving] = useDebouncedSubmit(async () => {
		const saved = await submit(
			checkSettings(draft, decimals, lang),
			async (input) => {
				const answer = await savePlatformSettings(input);
				queryClient.setQueryData(platformKeys.settings, answer);
				setDraft(settingsDraftOf(answer, decimals));
			},
			// The terms carry no version: nothing to reload on a conflict.
			async () => {},
		);
		if (saved) showToast(pt("settings.saved"));
	});

	return { draft, problems, change, save, saving };
}
