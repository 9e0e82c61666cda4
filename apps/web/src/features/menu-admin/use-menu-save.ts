import { useCallback, useState } from "react";
import { ApiError, errorText } from "../../lib/api-client";
import { showToast } from "../../lib/toast";
import { MENU_CHANGED, STOCK_BELOW_WHAT_IS_LEFT } from "./api";
import { type FieldProblems, serverProblems } from "./menu-form";

/**
 * What every menu form does with a save: per-field refusals go under their fields, "changed by
 * someone else" shows the reload notice (nothing was saved), a stock edit that would go below
 * what orders left goes under the stock field, anything else is toasted.
 */
export function useMenuSave() {
	const [problems, setProblems] = useState<FieldProblems>({});
	const [stale, setStale] = useState(false);
	const [saving, setSaving] = useState(false);

	const reset = useCallback(() => {
		setProblems({});
		setStale(false);
	}, []);

	/** Runs `save`; true when it went through. */
	const run = useCallback(async (save: () => Promise<void>): Promise<boolean> => {
		setSaving(true);
		try {
			await save();
			setProblems({});
			return true;
		} catch (error) {
			const fields = error instanceof ApiError ? serverProblems(error.data) : null;
			if (fields) setProblems(fields);
			else if (error instanceof ApiError && error.code === MENU_CHANGED) setStale(true);
			// Orders took stock meanwhile: said under the stock field, with how many are left.
			else if (error instanceof ApiError && error.code === STOCK_BELOW_WHAT_IS_LEFT)
				setProblems({ stock: errorText(error) });
			else showToast(errorText(error));
			return false;
		} finally {
			setSaving(false);
		}
	}, []);

	return { problems, setProblems, stale, saving, reset, run };
}
