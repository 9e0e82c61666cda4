import { ErrorCode, type ReservationSettingsPage } from "@bayon/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { ApiError, errorText } from "../../../lib/api-client";
import { useCurrency } from "../../../lib/app-config";
import { showToast } from "../../../lib/toast";
import { saveReservationSettings, staffReservationKeys } from "../staff-api";
import { useStaffReservationText } from "../staff-strings";
import {
	draftOf,
	type FieldProblem,
	type SettingsDraft,
	serverFieldErrors,
	validateSettings,
} from "./staff-settings-form";

export type Patch = (patch: Partial<SettingsDraft>) => void;

/**
 * The owner's booking rules as a draft: started again from the server when someone saves, the
 * contract's checks shown once the owner tried to save, the server's answers per field.
 */
export function useSettingsEditor({
	shopId,
	page,
	reload,
}: {
	shopId: number;
	page: ReservationSettingsPage;
	reload: () => Promise<unknown>;
}) {
	const { rt, m } = useStaffReservationText();
	const queryClient = useQueryClient();
	const currency = useCurrency();
	const [version, setVersion] = useState(page.settings.version);
	const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(page.settings, currency.decimals));
	const [showErrors, setShowErrors] = useState(false);
	const [serverErrors, setServerErrors] = useState<Map<string, string>>(new Map());

	// Someone saved elsewhere (or our own save came back): start again from what the server holds.
	useEffect(() => {
		if (page.settings.version !== version) {
			setVersion(page.settings.version);
			setDraft(draftOf(page.settings, currency.decimals));
		}
	}, [page.settings, version, currency.decimals]);

	const { errors, input } = useMemo(
		() => validateSettings(draft, shopId, version, currency.decimals),
		[draft, shopId, version, currency.decimals],
	);
	const change: Patch = (patch) => {
		setDraft((current) => ({ ...current, ...patch }));
		setServerErrors(new Map());
	};
	const problemText = (problem: FieldProblem | undefined): string | undefined => {
		if (!problem) return undefined;
		if (problem.kind === "range") return rt("settings.range", { min: problem.min, max: problem.max });
		if (problem.kind === "amount") return rt("settings.amount");
		return m(problem.key, { field: "" });
	};
	const errorOf = (path: string): string | undefined =>
		serverErrors.get(path) ?? (showErrors ? problemText(errors.get(path)) : undefined);

	const save = async () => {
		setShowErrors(true);
		if (!input) {
			showToast(rt("settings.fixErrors"));
			return;
		}
		try {
			const next = await saveReservationSettings(input);
			queryClient.setQueryData(staffReservationKeys.settings(shopId), next);
			setShowErrors(false);
			showToast(rt("settings.saved"));
		} catch (error) {
			if (error instanceof ApiError && error.code === ErrorCode.ChangedBySomeoneElse) {
				showToast(rt("settings.changed"));
				await reload();
				return;
			}
			const fields = error instanceof ApiError ? serverFieldErrors(error.data) : new Map<string, string>();
			setServerErrors(fields);
			showToast(errorText(error));
		}
	};

	const numbers = (field: keyof SettingsDraft["numbers"]) => ({
		value: draft.numbers[field],
		onChange: (value: string) => change({ numbers: { ...draft.numbers, [field]: value } }),
		error: errorOf(field),
		testId: `res-settings-${field}`,
	});
	const optional = (field: keyof SettingsDraft["optional"]) => ({
		value: draft.optional[field],
		onChange: (value: string) => change({ optional: { ...draft.optional, [field]: value } }),
		error: errorOf(field),
		testId: `res-settings-${field}`,
	});
	const firstError = [...serverErrors.values()][0] ?? (showErrors ? problemText([...errors.values()][0]) : undefined);
	const examplePerPerson = Number(draft.depositPerPerson) * 10 ** currency.decimals;

	return { draft, change, errorOf, save, numbers, optional, firstError, examplePerPerson };
}

export type SettingsEditorState = ReturnType<typeof useSettingsEditor>;
