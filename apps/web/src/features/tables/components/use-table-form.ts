import { CreateTableInput, ErrorCode, type Localized, type TableGridEntry, UpdateTableInput } from "@bayon/contract";
import { type FormEvent, useEffect, useState } from "react";
import { ApiError, errorText } from "../../../lib/api-client";
import { isMessageKey } from "../../../lib/i18n/messages";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { createTable, reprintTableCode, setTableEnabled, updateTable } from "../staff-api";
import { useTableStaffText } from "../staff-strings";

export type TableField = "number" | "seats" | "area";

/**
 * The table form's fields (filled afresh each time the sheet opens), checked with the same
 * contract schema the server uses, and its three acts: save, a new QR code, disable.
 */
export function useTableForm({
	shopId,
	editing,
	open,
	onClose,
	onSaved,
}: {
	shopId: number;
	editing: TableGridEntry | null;
	open: boolean;
	onClose: () => void;
	onSaved: () => void;
}) {
	const { st, m } = useTableStaffText();
	const [number, setNumber] = useState("");
	const [seats, setSeats] = useState(4);
	const [area, setArea] = useState<Record<string, string>>({});
	const [errors, setErrors] = useState<Partial<Record<TableField, string>>>({});
	const [confirmRotate, setConfirmRotate] = useState(false);
	const [confirmHide, setConfirmHide] = useState(false);

	useEffect(() => {
		if (!open) return;
		setNumber(editing?.number ?? "");
		setSeats(editing?.seats ?? 4);
		setArea({ ...(editing?.areaNames ?? {}) });
		setErrors({});
	}, [open, editing]);

	const areaInput = (): Localized | null => {
		const named = Object.fromEntries(Object.entries(area).filter(([, text]) => text.trim() !== ""));
		return Object.keys(named).length === 0 ? null : (named as Localized);
	};

	const [save, saving] = useDebouncedSubmit(async () => {
		const fields = { number, seats, area: areaInput() };
		const parsed = editing
			? UpdateTableInput.safeParse({ tableId: editing.id, ...fields })
			: CreateTableInput.safeParse({ shopId, ...fields });
		if (!parsed.success) {
			const found: Partial<Record<TableField, string>> = {};
			for (const issue of parsed.error.issues) {
				const field = String(issue.path[0]) as TableField;
				found[field] ??= isMessageKey(issue.message) ? m(issue.message) : issue.message;
			}
			setErrors(found);
			return;
		}
		setErrors({});
		try {
			const saved = "tableId" in parsed.data ? await updateTable(parsed.data) : await createTable(parsed.data);
			showToast(st("tables.saved", { table: saved.number }));
			onSaved();
			onClose();
		} catch (error) {
			if (error instanceof ApiError && error.code === ErrorCode.TableNumberTaken) setErrors({ number: error.msg });
			else showToast(errorText(error));
		}
	});

	const [rotate] = useDebouncedSubmit(async () => {
		if (!editing) return;
		setConfirmRotate(false);
		try {
			await reprintTableCode(editing.id);
			showToast(st("tables.rotated", { table: editing.number }));
			onSaved();
		} catch {
			// The request layer showed why.
		}
	});

	const [hide] = useDebouncedSubmit(async () => {
		if (!editing) return;
		setConfirmHide(false);
		try {
			await setTableEnabled(editing.id, false);
			showToast(st("tables.hidden", { table: editing.number }));
			onSaved();
			onClose();
		} catch {
			// The request layer showed why.
		}
	});

	const onSubmit = (event: FormEvent) => {
		event.preventDefault();
		save();
	};

	const setAreaIn = (lang: string, text: string) => setArea((current) => ({ ...current, [lang]: text }));

	return {
		number,
		setNumber,
		seats,
		setSeats,
		area,
		setAreaIn,
		errors,
		onSubmit,
		saving,
		confirmRotate,
		setConfirmRotate,
		rotate,
		confirmHide,
		setConfirmHide,
		hide,
	};
}
