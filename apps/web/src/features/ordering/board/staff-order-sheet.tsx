import type { MenuItem } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useMoney } from "../../../lib/app-config";
import { Paths, withQuery } from "../../../lib/paths";
import { checkPhone, type PhoneProblem } from "../../../lib/phone";
import { queryClient } from "../../../lib/query-client";
import type { CartLine } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { Picker } from "../../../ui/picker";
import { BottomSheet } from "../../../ui/sheet";
import { LoadingState } from "../../../ui/states";
import { Stepper } from "../../../ui/stepper";
import { menuQuery } from "../../menu/api";
import { useMerchantText } from "../../merchant/strings";
import { OptionsSheet } from "../components/options-sheet";
import { lineEditor } from "../line-editor";
import { merchantKeys, merchantTablesQuery, newIdempotencyKey, placeStaffOrder, tableTokenOf } from "./api";
import { staffOrderLines } from "./staff-order";

const REMARK_MAX = 50;
/** The table picker's "no table (pickup)" choice; table ids start at 1. */
const NO_TABLE = 0;

/**
 * "Order for a customer" (employee help): the customer's phone, pickup or one of the shop's
 * tables (with the number of diners), items with quantities from the shop's menu, a remark;
 * the order is placed as that customer (a table's round joins its bill when the shop takes
 * payment after the meal). An item with options is chosen in the menu's own options sheet,
 * so staff pick size, sugar and add-ons as the customer would; each choice is a line. One
 * idempotency key per filled-in form, so a double tap or retry places one order.
 */
export function StaffOrderSheet({ open, shopId, onClose }: { open: boolean; shopId: number; onClose: () => void }) {
	const { mt, m, lang } = useMerchantText();
	const navigate = useNavigate();
	const money = useMoney();
	const menu = useQuery({ ...menuQuery(shopId, lang), enabled: open });
	const tables = useQuery({ ...merchantTablesQuery(shopId), enabled: open });
	const [tableId, setTableId] = useState<number | null>(null);
	const [diners, setDiners] = useState(2);
	const table = tables.data?.find((candidate) => candidate.id === tableId) ?? null;
	const orderType = table ? "desk" : "takein";
	const [phone, setPhone] = useState("");
	const [phoneProblem, setPhoneProblem] = useState<PhoneProblem>(null);
	const [remark, setRemark] = useState("");
	const [lines, setLines] = useState<CartLine[]>([]);
	const [choosing, setChoosing] = useState<MenuItem | null>(null);
	const [busy, setBusy] = useState(false);
	const key = useRef(newIdempotencyKey());

	const items = useMemo(() => {
		const byId = new Map<number, MenuItem>();
		for (const category of menu.data?.categories ?? [])
			for (const item of category.items) if (item.orderTypes.includes(orderType)) byId.set(item.id, item);
		return byId;
	}, [menu.data, orderType]);

	const changeLines = (next: CartLine[]) => {
		key.current = newIdempotencyKey();
		setLines(next);
	};
	const editor = lineEditor(shopId, lines, changeLines);

	const submit = async () => {
		const problem = checkPhone(phone);
		setPhoneProblem(problem);
		if (problem) return;
		const orderLines = staffOrderLines(lines.filter((line) => items.has(line.itemId)));
		if (orderLines.length === 0) {
			showToast(mt("staff.noItems"));
			return;
		}
		setBusy(true);
		try {
			const order = await placeStaffOrder(
				{
					shopId,
					customerMobile: phone.trim(),
					orderType,
					lines: orderLines,
					remark: remark.trim(),
					...(table ? { tableToken: tableTokenOf(table), diners } : {}),
				},
				key.current,
			);
			showToast(mt("staff.created"));
			key.current = newIdempotencyKey();
			setLines([]);
			setPhone("");
			setRemark("");
			setTableId(null);
			onClose();
			await queryClient.invalidateQueries({ queryKey: merchantKeys.all });
			navigate(withQuery(Paths.merchantOrderDetail, { id: order.id }));
		} catch {
			// the request layer toasted the server's message (customer not found, stock, …)
		} finally {
			setBusy(false);
		}
	};

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
					disabled={busy}
					onClick={() => void submit()}
					data-testid="staff-order-submit"
				>
					{mt("staff.submit")}
				</button>
			}
		>
			<div className="merchant-staff">
				<label className="field">
					<span className="field__label">{mt("staff.phone")}</span>
					<input
						className="field__input"
						type="tel"
						inputMode="numeric"
						maxLength={11}
						value={phone}
						aria-invalid={phoneProblem !== null}
						onChange={(event) => {
							setPhone(event.target.value.replace(/\D/g, ""));
							setPhoneProblem(null);
							key.current = newIdempotencyKey();
						}}
						data-testid="staff-order-phone"
					/>
					{phoneProblem && (
						<span className="field__error" role="alert" data-testid="staff-order-phone-error">
							{m(phoneProblem)}
						</span>
					)}
				</label>
				<div className="field">
					<span className="field__label">{mt("staff.table")}</span>
					<Picker
						label={mt("staff.table")}
						value={tableId ?? NO_TABLE}
						options={[
							{ value: NO_TABLE, label: mt("staff.noTable") },
							...(tables.data ?? []).map((candidate) => ({
								value: candidate.id,
								label: mt("order.table", { number: candidate.number }),
							})),
						]}
						onChange={(value) => {
							setTableId(value === NO_TABLE ? null : value);
							key.current = newIdempotencyKey();
						}}
						testId="staff-order-table"
					/>
				</div>
				{table && (
					<div className="pay-row">
						<span className="field__label">{mt("staff.diners")}</span>
						<Stepper
							compact
							min={1}
							max={50}
							value={diners}
							onChange={(value) => {
								setDiners(value);
								key.current = newIdempotencyKey();
							}}
							label={mt("staff.diners")}
							testId="staff-order-diners"
						/>
					</div>
				)}
				<p className="field__label">{mt("staff.items")}</p>
				{menu.isPending ? (
					<LoadingState compact />
				) : (
					<ul className="merchant-staff__items">
						{[...items.values()].map((item) => {
							const hasOptions = item.optionGroups.length > 0;
							const plain = editor.plainLine(item);
							return (
								<li key={item.id} className="merchant-staff__entry" data-testid={`staff-item-${item.id}`}>
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
												onClick={() => setChoosing(item)}
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
						})}
					</ul>
				)}
				<label className="field">
					<span className="field__label">{mt("staff.remark")}</span>
					<input
						className="field__input"
						value={remark}
						maxLength={REMARK_MAX}
						onChange={(event) => {
							setRemark(event.target.value);
							key.current = newIdempotencyKey();
						}}
						data-testid="staff-order-remark"
					/>
				</label>
			</div>
			<OptionsSheet
				item={choosing}
				onClose={() => setChoosing(null)}
				onAdd={editor.add}
				context={{ cart: lines, orderType }}
				addLabel={mt("staff.addToOrder")}
			/>
		</BottomSheet>
	);
}
