import type { ReactNode } from "react";
import { FormSheet } from "../../ui/form-sheet";
import { refreshMenus } from "./api";
import { StaleNotice } from "./stale-notice";

/**
 * A menu form in a bottom sheet: its fields, a save button kept in view, and the "changed by
 * someone else" notice whose reload closes the sheet on the latest version.
 */
export function EditSheet({
	shopId,
	open,
	onClose,
	title,
	testId,
	saving,
	stale,
	onSave,
	children,
}: {
	shopId: number;
	open: boolean;
	onClose: () => void;
	title: string;
	/** `x-sheet` for the sheet and `x-save` for its button. */
	testId: string;
	saving: boolean;
	stale: boolean;
	onSave: () => void;
	children: ReactNode;
}) {
	return (
		<FormSheet
			open={open}
			onClose={onClose}
			title={title}
			testId={testId}
			saving={saving}
			onSave={onSave}
			bodyClassName="form menu-admin__sheet-body"
		>
			{stale && (
				<StaleNotice
					onReload={async () => {
						await refreshMenus(shopId);
						onClose();
					}}
				/>
			)}
			{children}
		</FormSheet>
	);
}
