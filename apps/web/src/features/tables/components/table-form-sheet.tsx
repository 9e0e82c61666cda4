import { TABLE_SEATS_MAX, type TableGridEntry } from "@bayon/contract";
import { useId } from "react";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { PrinterIcon } from "../../../ui/icons";
import { BottomSheet } from "../../../ui/sheet";
import { Stepper } from "../../../ui/stepper";
import { useTableStaffText } from "../staff-strings";
import { type TableField, useTableForm } from "./use-table-form";

const AREA_LANGUAGES = [
	["zh-CN", "tables.areaZh"],
	["en", "tables.areaEn"],
	["km", "tables.areaKm"],
] as const;

type TableFormState = ReturnType<typeof useTableForm>;

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
	const { st } = useTableStaffText();
	const ids = useId();
	const form = useTableForm({ shopId, editing, open, onClose, onSaved });

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
					disabled={form.saving}
					data-testid="table-save"
				>
					{st("tables.save")}
				</button>
			}
		>
			<form id={`${ids}-form`} className="form table-form" onSubmit={form.onSubmit} noValidate>
				<TableNumberField ids={ids} form={form} />
				<TableSeatsField ids={ids} form={form} />
				<TableAreaFields ids={ids} form={form} />
				{editing && <TableEditActions form={form} onShowCode={onShowCode} />}
			</form>
			<ConfirmDialog
				open={form.confirmRotate}
				message={st("tables.confirmRotate", { table: editing?.number ?? "" })}
				onConfirm={() => form.rotate()}
				onCancel={() => form.setConfirmRotate(false)}
				destructive
				testId="table-rotate-confirm"
			/>
			<ConfirmDialog
				open={form.confirmHide}
				message={st("tables.confirmHide", { table: editing?.number ?? "" })}
				onConfirm={() => form.hide()}
				onCancel={() => form.setConfirmHide(false)}
				destructive
				testId="table-hide-confirm"
			/>
		</BottomSheet>
	);
}

function FieldError({ ids, field, text }: { ids: string; field: TableField; text: string | undefined }) {
	return text ? (
		<p className="field__error" id={`${ids}-${field}-error`} role="alert" data-testid={`table-${field}-error`}>
			{text}
		</p>
	) : null;
}

const invalid = (ids: string, field: TableField, error: string | undefined) =>
	error ? { "aria-invalid": true, "aria-describedby": `${ids}-${field}-error` } : {};

function TableNumberField({ ids, form }: { ids: string; form: TableFormState }) {
	const { st } = useTableStaffText();
	return (
		<div className="field">
			<label className="field__label" htmlFor={`${ids}-number`}>
				{st("tables.number")}
			</label>
			<input
				id={`${ids}-number`}
				className="field__input"
				value={form.number}
				maxLength={24}
				autoComplete="off"
				onChange={(event) => form.setNumber(event.target.value)}
				data-testid="table-number"
				{...invalid(ids, "number", form.errors.number)}
			/>
			<p className="field__hint">{st("tables.numberHint")}</p>
			<FieldError ids={ids} field="number" text={form.errors.number} />
		</div>
	);
}

function TableSeatsField({ ids, form }: { ids: string; form: TableFormState }) {
	const { st } = useTableStaffText();
	return (
		<div className="field">
			<span className="field__label">{st("tables.seatsLabel")}</span>
			<Stepper
				value={form.seats}
				min={1}
				max={TABLE_SEATS_MAX}
				onChange={(value) => form.setSeats(Math.max(1, value))}
				label={st("tables.seatsLabel")}
				testId="table-seats"
			/>
			<FieldError ids={ids} field="seats" text={form.errors.seats} />
		</div>
	);
}

/** The table's area, named in each of the three languages. */
function TableAreaFields({ ids, form }: { ids: string; form: TableFormState }) {
	const { st } = useTableStaffText();
	return (
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
						value={form.area[lang] ?? ""}
						maxLength={60}
						autoComplete="off"
						onChange={(event) => form.setAreaIn(lang, event.target.value)}
						data-testid={`table-area-${lang}`}
						{...invalid(ids, "area", form.errors.area)}
					/>
				</div>
			))}
			<FieldError ids={ids} field="area" text={form.errors.area} />
		</fieldset>
	);
}

/** An existing table's own QR code, a new code, or disabling it. */
function TableEditActions({ form, onShowCode }: { form: TableFormState; onShowCode: () => void }) {
	const { st } = useTableStaffText();
	return (
		<>
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
			<div className="table-form__rotate">
				<button
					type="button"
					className="button button--ghost button--block"
					onClick={() => form.setConfirmRotate(true)}
					data-testid="table-rotate"
				>
					{st("tables.rotate")}
				</button>
				<p className="field__hint">{st("tables.rotateHint")}</p>
			</div>
			<div className="table-form__hide">
				<button
					type="button"
					className="button button--ghost button--block"
					onClick={() => form.setConfirmHide(true)}
					data-testid="table-hide"
				>
					{st("tables.hide")}
				</button>
				<p className="field__hint">{st("tables.hideHint")}</p>
			</div>
		</>
	);
}
