import { isMessageKey, type MessageKey, type PaymentRailView, type RailConnectionResult } from "@bayon/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, errorText } from "../../../../lib/api-client";
import { showToast } from "../../../../lib/toast";
import { useDebouncedSubmit } from "../../../../lib/use-debounced-submit";
import { railKeys, removeRailSettings, saveRailSettings, switchRail, testRailConnection } from "./rail-settings-api";
import { type RailDraft, railDraftOf, railSaveInput } from "./rail-settings-form";
import { type RailSettingsTextKey, useRailSettingsText } from "./rail-settings-strings";

type Problems = Record<string, string>;

/**
 * A refused save's problems by field name (the server names them `settings.<field>`): the rule in
 * the page's words, the field named by its label ("Invalid value: Merchant id").
 */
function fieldProblems(error: unknown, say: (rule: MessageKey, field: string) => string): Problems | null {
	if (!(error instanceof ApiError)) return null;
	const issues = (error.data as { issues?: Array<{ field?: string; rule?: string; message?: string }> } | null)?.issues;
	if (!Array.isArray(issues)) return null;
	const found: Problems = {};
	for (const issue of issues) {
		const field = issue.field?.replace(/^settings\./, "");
		if (!field || found[field]) continue;
		found[field] = issue.rule && isMessageKey(issue.rule) ? say(issue.rule, field) : (issue.message ?? "");
	}
	return Object.keys(found).length > 0 ? found : null;
}

/**
 * One rail's card: the settings being typed (secrets replaced or kept), the refused fields, the
 * connection test's answer, and the calls (save, test, on/off, remove) with what each says.
 */
export function useRailCard(view: PaymentRailView) {
	const { rt, m } = useRailSettingsText();
	const queryClient = useQueryClient();
	const rail = view.rail;
	const railName = rt(`rail.${rail}`);
	const [draft, setDraft] = useState<RailDraft>(() => railDraftOf(view));
	const [replacing, setReplacing] = useState<Record<string, boolean>>({});
	const [problems, setProblems] = useState<Problems>({});
	const [result, setResult] = useState<RailConnectionResult | null>(null);
	const [confirmRemove, setConfirmRemove] = useState(false);
	const [historyOpen, setHistoryOpen] = useState(false);
	const label = (name: string) => rt(`field.${rail}.${name}` as RailSettingsTextKey);

	const answered = (next: Awaited<ReturnType<typeof saveRailSettings>>) => {
		queryClient.setQueryData(railKeys.list, next);
		void queryClient.invalidateQueries({ queryKey: railKeys.audit(rail) });
	};
	/** Saved or removed: the form starts again from what is stored (switching leaves what is being typed). */
	const restart = (next: Awaited<ReturnType<typeof saveRailSettings>>) => {
		const mine = next.rails.find((r) => r.rail === rail);
		if (mine) setDraft(railDraftOf(mine));
		setReplacing({});
		setProblems({});
	};

	const change = (name: string, value: string | boolean) => {
		setDraft((current) => ({ ...current, [name]: value }));
		setProblems(({ [name]: _cleared, ...rest }) => rest);
	};
	const replace = (name: string, on: boolean) => {
		setReplacing((current) => ({ ...current, [name]: on }));
		if (!on) change(name, "");
	};

	const [save, saving] = useDebouncedSubmit(async () => {
		try {
			const next = await saveRailSettings(railSaveInput(rail, draft));
			setResult(null);
			answered(next);
			restart(next);
			showToast(rt("saved", { rail: railName }));
		} catch (error) {
			const found = fieldProblems(error, (key, field) => m(key, { field: label(field) }));
			if (found) setProblems(found);
			showToast(errorText(error));
		}
	});

	const [test, testing] = useDebouncedSubmit(async () => {
		setResult(null);
		try {
			setResult(await testRailConnection(rail));
			void queryClient.invalidateQueries({ queryKey: railKeys.audit(rail) });
		} catch (error) {
			showToast(errorText(error));
		}
	});

	const [turn, turning] = useDebouncedSubmit(async (on: boolean) => {
		try {
			answered(await switchRail(rail, on));
			showToast(rt(on ? "switchedOn" : "switchedOff", { rail: railName }));
		} catch (error) {
			showToast(errorText(error));
		}
	});

	const [remove] = useDebouncedSubmit(async () => {
		setConfirmRemove(false);
		try {
			const next = await removeRailSettings(rail);
			answered(next);
			restart(next);
			setResult(null);
			showToast(rt("removed", { rail: railName }));
		} catch (error) {
			showToast(errorText(error));
		}
	});

	return {
		railName,
		label,
		draft,
		replacing,
		problems,
		result,
		change,
		replace,
		save,
		saving,
		test,
		testing,
		turn,
		turning,
		remove,
		confirmRemove,
		setConfirmRemove,
		historyOpen,
		setHistoryOpen,
	};
}
