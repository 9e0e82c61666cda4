import type { MenuItem } from "@bayon/contract";
import { useMoney } from "../../../lib/app-config";
import { Picker } from "../../../ui/picker";
import { BottomSheet } from "../../../ui/sheet";
import { useMerchantText } from "../../../ui/staff/strings";
import { LoadingState } from "../../../ui/states";
import { Stepper } from "../../../ui/stepper";
import { OptionsSheet } from "../cart/options-sheet";
import { useStaffOrder } from "./use-staff-order";

const REMARK_MAX = 50;
/** The table picker's "no table (pickup)" choice; table ids start at 1. */
const NO_TABLE = 0;

type StaffOrderState = ReturnType<typeof useStaffOrder>;

/**
 * "Order for a customer" (employee help): the customer's phone, pickup or one of the shop's
 * tables (with the number of diners), items with quantities from the shop's menu, a remark;
 * the order is placed as that customer (a table's round joins its bill when the shop takes
 * payment after the meal). An item with options is chosen in the menu's own options sheet,
 * so staff pick size, sugar and add-ons as the customer would; each choice is a line. One
 * idempotency key per filled-in form, so a double tap or retry places one order.
 */
export function StaffOrderSheet({ open, shopId, onClose }: { open: boolean; shopId: number; onClose: () => void }) {
	const { mt } = useMerchantText();
	const form = useStaffOrder({ open, shopId, onClose });
	return (
		<BottomSheet
			open={open}
			onClose={onClose}
			title={mt("staff.title")}
			testId="staff-order-sheet"
			footer={
				<button
					type="button"
					className="button button--primary button--block"
					disabled={form.busy}
					onClick={() => void form.submit()}
					data-testid="staff-order-submit"
				>
					{mt("staff.submit")}
				</button>
			}
		>
			<div className="merchant-staff">
				<CustomerPhoneField form={form} />
				<TableFields form={form} />
				<p className="field__label">{mt("staff.items")}</p>
				{form.menu.isPending ? (
					<LoadingState compact />
				) : (
					<ul className="merchant-staff__items">
						{[...form.items.values()].map((item) => (
							<StaffItemEntry key={item.id} item={item} form={form} />
						))}
					</ul>
				)}
				<label className="field">
					<span className="field__label">{mt("staff.remark")}</span>
					<input
						className="field__input"
						value={form.remark}
						maxLength={REMARK_MAX}
						onChange={(event) => form.changeRemark(event.target.value)}
						data-testid="staff-order-remark"
					/>
				</label>
			</div>
			<OptionsSheet
				item={form.choosing}
				onClose={() => form.setChoosing(null)}
				onAdd={form.editor.add}
				context={{ cart: form.lines, orderType: form.orderType }}
				addLabel={mt("staff.addToOrder")}
			/>
		</BottomSheet>
	);
}

function CustomerPhoneField({ form }: { form: StaffOrderState }) {
	const { mt, m } = useMerchantText();
	return (
		<label className="field">
			<span className="field__label">{mt("staff.phone")}</span>
			<input
				className="field__input"
				type="tel"
				inputMode="numeric"
				maxLength={11}
				value={form.phone}
				aria-invalid={form.phoneProblem !== null}
				onChange={(event) => form.changePhone(event.target.value.replace(/\D/g, ""))}
				data-testid="staff-order-phone"
			/>
			{form.phoneProblem && (
				<span className="field__error" role="alert" data-testid="staff-order-phone-error">
					{m(form.phoneProblem)}
				</span>
			)}
		</label>
	);
}

/** Pickup or one of the shop's tables, and for a table the number of diners. */
function TableFields({ form }: { form: StaffOrderState }) {
	const { mt } = useMerchantText();
	return (
		<>
			<div className="field">
				<span className="field__label">{mt("staff.table")}</span>
				<Picker
					label={mt("staff.table")}
					value={form.tableId ?? NO_TABLE}
					options={[
						{ value: NO_TABLE, label: mt("staff.noTable") },
						...(form.tables.data ?? []).map((candidate) => ({
							value: candidate.id,
							label: mt("order.table", { number: candidate.number }),
						})),
					]}
					onChange={(value) => form.changeTable(value === NO_TABLE ? null : value)}
					testId="staff-order-table"
				/>
			</div>
			{form.table && (
				<div className="pay-row">
					<span className="field__label">{mt("staff.diners")}</span>
					<Stepper
						compact
						min={1}
						max={50}
						value={form.diners}
						onChange={form.changeDiners}
						label={mt("staff.diners")}
						testId="staff-order-diners"
					/>
				</div>
			)}
		</>
	);
}

/** A menu item: a quantity when it has no options, else the options sheet and a line per choice. */
function StaffItemEntry({ item, form }: { item: MenuItem; form: StaffOrderState }) {
	const { mt } = useMerchantText();
	const money = useMoney();
	const { editor } = form;
	const hasOptions = item.optionGroups.length > 0;
	const plain = editor.plainLine(item);
	return (
		<li className="merchant-staff__entry" data-testid={`staff-item-${item.id}`}>
			<div className="merchant-staff__item">
				<span className="merchant-staff__name">
					{item.name}
					<small>{money(item.price)}</small>
				</span>
				{hasOptions ? (
					<button
						type="button"
						className="button button--ghost button--small"
						disabled={item.soldOut}
						onClick={() => form.setChoosing(item)}
						data-testid={`staff-item-options-${item.id}`}
					>
						{mt("staff.chooseOptions")}
					</button>
				) : (
					<Stepper
						value={plain?.quantity ?? 0}
						onChange={(value) => editor.setPlainQuantity(item, value)}
						max={editor.plainMax(item)}
						label={item.name}
						testId={`staff-item-qty-${item.id}`}
						compact
					/>
				)}
			</div>
			{editor.optionLines(item).map((line) => (
				<div className="merchant-staff__line" key={line.key} data-testid={`staff-line-${line.key}`}>
					<span className="merchant-staff__options">
						{line.optionNames.join(" / ")}
						<small>{money(line.unitPrice)}</small>
					</span>
					<Stepper
						value={line.quantity}
						onChange={(value) => editor.setLineQuantity(line.key, value)}
						max={editor.lineMax(item, line)}
						label={`${item.name} ${line.optionNames.join(" / ")}`}
						testId={`staff-line-qty-${line.key}`}
						compact
					/>
				</div>
			))}
		</li>
	);
}
