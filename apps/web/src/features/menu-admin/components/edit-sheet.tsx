import type { ReactNode } from "react";
import { BottomSheet } from "../../../ui/sheet";
import { refreshMenus } from "../api";
import { useMenuAdminText } from "../strings";
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
	const { t } = useMenuAdminText();
	return (
		<BottomSheet
			open={open}
			onClose={onClose}
			title={title}
			testId={`${testId}-sheet`}
			footer={
				<button
					type="button"
					className="button button--primary button--block"
					disabled={saving}
					onClick={onSave}
					data-testid={`${testId}-save`}
				>
					{saving ? t("common.saving") : t("common.save")}
				</button>
			}
		>
			<div className="form menu-admin__sheet-body">
				{stale && (
					<StaleNotice
						onReload={async () => {
							await refreshMenus(shopId);
							onClose();
						}}
					/>
				)}
				{children}
			</div>
		</BottomSheet>
	);
}
