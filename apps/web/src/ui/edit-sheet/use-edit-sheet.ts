import { useEffect, useState } from "react";
import { useCurrency } from "../../lib/app-config";
import type { Checked } from "../../lib/form";
import { showToast } from "../../lib/toast";
import { useStaffSave } from "../../lib/use-staff-save";

/** What a staff edit sheet is given by its page, whatever it edits. */
export type EditSheetProps = {
	shopId: number;
	open: boolean;
	onClose: () => void;
	/** Someone else saved first: reload (the sheet starts again from their version). */
	onConflict: () => Promise<void>;
};

/**
 * A staff edit sheet's draft of `source` (a coupon template, a card type, a mall item, a
 * package; undefined for a new one) with the save state of `useStaffSave`. Opening the sheet,
 * or a newer `source` (someone else's save), starts again from what the server holds.
 * `change` sets a field and clears its problems and those `alsoClears` names for it (a field
 * that answers another's problem). `save` sends a checked draft: done, it says `saved` and
 * closes the sheet; someone else saved first, it says `changed` and reloads, the sheet
 * staying open; the server's per-field refusals go under their fields.
 */
export function useEditSheet<S, D extends object>({
	open,
	onClose,
	onConflict,
	source,
	draftOf,
	alsoClears = {},
	saved,
	changed,
}: Omit<EditSheetProps, "shopId"> & {
	source: S | undefined;
	/** Must keep its identity between renders (a module function, or `useCallback`). */
	draftOf: (source: S | undefined, decimals: number) => D;
	alsoClears?: Partial<Record<keyof D, readonly string[]>>;
	saved: string;
	changed: string;
}) {
	const currency = useCurrency();
	const decimals = currency.decimals;
	const [draft, setDraft] = useState<D>(() => draftOf(source, decimals));
	const { problems, setProblems, saving, submit } = useStaffSave();

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

	const save = async <T>(checked: Checked<T>, send: (input: T) => Promise<void>) => {
		const done = await submit(checked, send, async () => {
			showToast(changed);
			await onConflict();
		});
		if (!done) return;
		showToast(saved);
		onClose();
	};

	return { open, onClose, currency, draft, change, problems, setProblems, saving, save };
}

/** What `EditSheet` reads of `useEditSheet`. */
export type EditSheetState = Pick<ReturnType<typeof useEditSheet>, "open" | "onClose" | "saving">;
