import type { ReactNode } from "react";
import { FormSheet } from "../form-sheet";
import type { EditSheetState } from "./use-edit-sheet";

/**
 * The frame of a staff edit sheet (see `useEditSheet`): a bottom sheet titled "new …" or
 * "edit … · its name", the capability's fields, and the save button (busy while saving or
 * while `busy`, an upload say). `testId` names the sheet (`${testId}-sheet`), its fields
 * (`${testId}-form`) and its button (`${testId}-save`).
 */
export function EditSheet({
	sheet,
	title,
	editing,
	testId,
	bodyClassName = "sv-form",
	busy = false,
	onSave,
	children,
}: {
	sheet: EditSheetState;
	/** One title, or the new and the edit titles (the edit one followed by `editing`). */
	title: string | { new: string; edit: string };
	/** The name of what is edited; undefined for a new one. */
	editing?: string;
	testId: string;
	/** The fields' layout (each capability's form look). */
	bodyClassName?: string;
	busy?: boolean;
	onSave: () => Promise<void>;
	children: ReactNode;
}) {
	const heading = typeof title === "string" ? title : editing === undefined ? title.new : `${title.edit} · ${editing}`;
	return (
		<FormSheet
			open={sheet.open}
			onClose={sheet.onClose}
			title={heading}
			saving={sheet.saving || busy}
			onSave={() => void onSave()}
			testId={testId}
			bodyClassName={bodyClassName}
			bodyTestId={`${testId}-form`}
		>
			{children}
		</FormSheet>
	);
}
