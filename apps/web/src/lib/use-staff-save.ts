import { ErrorCode } from "@bayon/contract";
import { useCallback, useState } from "react";
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
