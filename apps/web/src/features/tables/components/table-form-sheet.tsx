import {
	CreateTableInput,
	ErrorCode,
	type Localized,
	TABLE_SEATS_MAX,
	type TableGridEntry,
	UpdateTableInput,
} from "@bayon/contract";
import { type FormEvent, useEffect, useId, useState } from "react";
import { ApiError, errorText } from "../../../lib/api-client";
import { isMessageKey } from "../../../lib/i18n/messages";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { PrinterIcon } from "../../../ui/icons";
import { BottomSheet } from "../../../ui/sheet";
import { Stepper } from "../../../ui/stepper";
import { createTable, reprintTableCode, setTableEnabled, updateTable } from "../staff-api";
import { useTableStaffText } from "../staff-strings";

type Field = "number" | "seats" | "area";
const AREA_LANGUAGES = [
	["zh-CN", "tables.areaZh"],
	["en", "tables.areaEn"],
	["km", "tables.areaKm"],
] as const;

/**
 * Adds a table or edits one (number, seats, area in three languages), checked with the same
 * contract schema the server uses; editing also gives the table a new QR code or disables it.
 */
export function TableFormSheet({
	shopId,
	editing,
	open,
	onClose,
	onSaved,
	onShowCode,
}: {
	shopId: number;
	/** The table being edited, or null to add one. */
	editing: TableGridEntry | null;
	open: boolean;
	onClose: () => void;
	onSaved: () => void;
	/** Shows the edited table's own QR code, to check or print it alone. */
	onShowCode: () => void;
}) {
	const { st, m } = useTableStaffText();
	const ids = useId();
	const [number, setNumber] = useState("");
	const [seats, setSeats] = useState(4);
	const [area, setArea] = useState<Record<string, string>>({});
	const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
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
			const found: Partial<Record<Field, string>> = {};
			for (const issue of parsed.error.issues) {
				const field = String(issue.path[0]) as Field;
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
	const errorLine = (field: Field) =>
		errors[field] ? (
			<p className="field__error" id={`${ids}-${field}-error`} role="alert" data-testid={`table-${field}-error`}>
				{errors[field]}
			</p>
		) : null;
	const invalid = (field: Field) =>
		errors[field] ? { "aria-invalid": true, "aria-describedby": `${ids}-${field}-error` } : {};

	return (
		<BottomSheet
			open={open}
			onClose={onClose}
			title={editing ? st("tables.editTitle", { table: editing.number }) : st("tables.addTitle")}
			testId="table-form"
			footer={
				<button
					type="submit"
					form={`${ids}-form`}
					className="button button--primary button--block"
					disabled={saving}
					data-testid="table-save"
				>
					{st("tables.save")}
				</button>
			}
		>
			<form id={`${ids}-form`} className="form table-form" onSubmit={onSubmit} noValidate>
				<div className="field">
					<label className="field__label" htmlFor={`${ids}-number`}>
						{st("tables.number")}
					</label>
					<input
						id={`${ids}-number`}
						className="field__input"
						value={number}
						maxLength={24}
						autoComplete="off"
						onChange={(event) => setNumber(event.target.value)}
						data-testid="table-number"
						{...invalid("number")}
					/>
					<p className="field__hint">{st("tables.numberHint")}</p>
					{errorLine("number")}
				</div>
				<div className="field">
					<span className="field__label">{st("tables.seatsLabel")}</span>
					<Stepper
						value={seats}
						min={1}
						max={TABLE_SEATS_MAX}
						onChange={(value) => setSeats(Math.max(1, value))}
						label={st("tables.seatsLabel")}
						testId="table-seats"
					/>
					{errorLine("seats")}
				</div>
				<fieldset className="field field--fieldset">
					<legend className="field__label">{st("tables.area")}</legend>
					{AREA_LANGUAGES.map(([lang, label]) => (
						<div className="field__row table-form__area" key={lang}>
							<label className="table-form__lang" htmlFor={`${ids}-area-${lang}`}>
								{st(label)}
							</label>
							<input
								id={`${ids}-area-${lang}`}
								className="field__input"
								value={area[lang] ?? ""}
								maxLength={60}
								autoComplete="off"
								onChange={(event) => setArea((current) => ({ ...current, [lang]: event.target.value }))}
								data-testid={`table-area-${lang}`}
								{...invalid("area")}
							/>
						</div>
					))}
					{errorLine("area")}
				</fieldset>
				{editing && (
					<div className="table-form__code">
						<button
							type="button"
							className="button button--ghost button--block"
							onClick={onShowCode}
							data-testid="table-show-code"
						>
							<PrinterIcon aria-hidden="true" /> {st("tables.showCode")}
						</button>
					</div>
				)}
				{editing && (
					<div className="table-form__rotate">
						<button
							type="button"
							className="button button--ghost button--block"
							onClick={() => setConfirmRotate(true)}
							data-testid="table-rotate"
						>
							{st("tables.rotate")}
						</button>
						<p className="field__hint">{st("tables.rotateHint")}</p>
					</div>
				)}
				{editing && (
					<div className="table-form__hide">
						<button
							type="button"
							className="button button--ghost button--block"
							onClick={() => setConfirmHide(true)}
							data-testid="table-hide"
						>
							{st("tables.hide")}
						</button>
						<p className="field__hint">{st("tables.hideHint")}</p>
					</div>
				)}
			</form>
			<ConfirmDialog
				open={confirmRotate}
				message={st("tables.confirmRotate", { table: editing?.number ?? "" })}
				onConfirm={() => rotate()}
				onCancel={() => setConfirmRotate(false)}
				destructive
				testId="table-rotate-confirm"
			/>
			<ConfirmDialog
				open={confirmHide}
				message={st("tables.confirmHide", { table: editing?.number ?? "" })}
				onConfirm={() => hide()}
				onCancel={() => setConfirmHide(false)}
				destructive
				testId="table-hide-confirm"
			/>
		</BottomSheet>
	);
}
