import type { ReactNode } from "react";
import { useI18n } from "../lib/i18n";
import { BottomSheet } from "./sheet";

/**
 * A form in a bottom sheet: its fields, and a save button kept in view at the bottom (busy
 * while saving). `testId` names the sheet (`${testId}-sheet`) and its button (`${testId}-save`).
 */
export function FormSheet({
	open,
	onClose,
	title,
	testId,
	saving,
	onSave,
	bodyClassName,
	bodyTestId,
	children,
}: {
	open: boolean;
	onClose: () => void;
	title: string;
	testId: string;
	saving: boolean;
	onSave: () => void;
	/** The fields' layout (each feature's form look). */
	bodyClassName: string;
	bodyTestId?: string;
	children: ReactNode;
}) {
	const { t } = useI18n();
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
			<div className={bodyClassName} data-testid={bodyTestId}>
				{children}
			</div>
		</BottomSheet>
	);
}
