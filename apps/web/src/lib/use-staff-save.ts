import { ErrorCode } from "@bayon/contract";
import { useCallback, useEffect, useState } from "react";
import { ApiError, errorText } from "./api-client";
import { type Checked, type FieldProblems, serverProblems } from "./form";
import { showToast } from "./toast";

/**
 * What the owner's stored-value and VIP card forms do with a save: the server's per-field
 * refusals go under their fields; "changed by someone else" (409, nothing was saved) calls
 * `onConflict`, which reloads and says so; anything else is toasted.
 */
export function useStaffSave() {
	const [problems, setProblems] = useState<FieldProblems>({});
	const [saving, setSaving] = useState(false);

	/** Runs `save`; true when it went through. */
	const run = useCallback(async (save: () => Promise<void>, onConflict: () => Promise<void>): Promise<boolean> => {
		setSaving(true);
		try {
			await save();
			setProblems({});
			return true;
		} catch (error) {
			if (error instanceof ApiError && error.code === ErrorCode.ChangedBySomeoneElse) {
				setProblems({});
				await onConflict();
				return false;
			}
			const fields = error instanceof ApiError ? serverProblems(error.data) : null;
			if (fields) setProblems(fields);
			// Said once more as a toast: a refusal of a field the form does not show is not lost.
			showToast(errorText(error));
			return false;
		} finally {
			setSaving(false);
		}
	}, []);

	/** A checked draft's problems go under their fields; a clean one is sent with `run`. */
	const submit = useCallback(
		async <T>(checked: Checked<T>, save: (input: T) => Promise<void>, onConflict: () => Promise<void>) => {
			if (checked.problems) {
				setProblems(checked.problems);
				return false;
			}
			const input = checked.input;
			return run(() => save(input), onConflict);
		},
		[run],
	);

	return { problems, setProblems, saving, run, submit };
}

/**
 * A sheet's draft of `source` (a package, a card type; undefined for a new one) with the save
 * state of `useStaffSave`. Opening the sheet, or a newer `source` (someone else's save),
 * starts again from what the server holds. `change` sets a field and clears its problems and
 * those `alsoClears` names for it (a field that answers another's problem).
 */
export function useStaffSheetDraft<S, D extends object>(
	open: boolean,
	source: S | undefined,
	decimals: number,
	draftOf: (source: S | undefined, decimals: number) => D,
	alsoClears: Partial<Record<keyof D, readonly string[]>> = {},
) {
	const [draft, setDraft] = useState<D>(() => draftOf(source, decimals));
	const save = useStaffSave();
	const { setProblems } = save;

	useEffect(() => {
		if (!open) return;
		setDraft(draftOf(source, decimals));
		setProblems({});
	}, [open, source, decimals, draftOf, setProblems]);

	const change = <K extends keyof D>(field: K, value: D[K]) => {
		setDraft((current) => ({ ...current, [field]: value }));
		setProblems((current) => {
			const next = { ...current };
			const name = String(field);
			for (const path of Object.keys(next)) if (path === name || path.startsWith(`${name}.`)) delete next[path];
			for (const path of alsoClears[field] ?? []) delete next[path];
			return next;
		});
	};

	/**
	 * Sends a checked draft with `send`; done, it says `saved` and closes the sheet. Someone
	 * else saved first: it says `changed` and reloads (`onConflict`), the sheet staying open.
	 */
	const saveSheet = async <T>(
		checked: Checked<T>,
		send: (input: T) => Promise<void>,
		sheet: { saved: string; changed: string; onConflict: () => Promise<void>; onClose: () => void },
	) => {
		const done = await save.submit(checked, send, async () => {
			showToast(sheet.changed);
			await sheet.onConflict();
		});
		if (!done) return;
		showToast(sheet.saved);
		sheet.onClose();
	};

	return { ...save, draft, change, saveSheet };
}
