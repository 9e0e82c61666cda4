import type { MenuItem } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Paths, withQuery } from "../../../app/paths";
import { useMoney } from "../../../lib/app-config";
import { queryClient } from "../../../lib/query-client";
import { showToast } from "../../../lib/toast";
import { BottomSheet } from "../../../ui/sheet";
import { LoadingState } from "../../../ui/states";
import { Stepper } from "../../../ui/stepper";
import { menuQuery } from "../../menu/api";
import { merchantKeys, merchantTablesQuery, newIdempotencyKey, placeStaffOrder, tableTokenOf } from "../api";
import { checkPhone, type PhoneProblem, staffOrderLines } from "../staff-order";
import { useMerchantText } from "../strings";

const REMARK_MAX = 50;

/**
 * "Order for a customer" (employee help): the customer's phone, pickup or one of the shop's
 * tables (with the number of diners), items with quantities from the shop's menu, a remark;
 * the order is placed as that customer (a table's round joins its bill when the shop takes
 * payment after the meal). Required options take the item's defaults. One idempotency key
 * per filled-in form, so a double tap or retry places one order.
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
	const [quantities, setQuantities] = useState<Map<number, number>>(new Map());
	const [busy, setBusy] = useState(false);
	const key = useRef(newIdempotencyKey());

	const items = useMemo(() => {
		const byId = new Map<number, MenuItem>();
		for (const category of menu.data?.categories ?? [])
			for (const item of category.items) if (item.orderTypes.includes(orderType)) byId.set(item.id, item);
		return byId;
	}, [menu.data, orderType]);

	const setQuantity = (itemId: number, quantity: number) => {
		key.current = newIdempotencyKey();
		setQuantities((current) => new Map(current).set(itemId, Math.max(0, quantity)));
	};

	const submit = async () => {
		const problem = checkPhone(phone);
		setPhoneProblem(problem);
		if (problem) return;
		const lines = staffOrderLines(quantities, items);
		if (lines.length === 0) {
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
					lines,
					remark: remark.trim(),
					...(table ? { tableToken: tableTokenOf(table), diners } : {}),
				},
				key.current,
			);
			showToast(mt("staff.created"));
			key.current = newIdempotencyKey();
			setQuantities(new Map());
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
				<label className="field">
					<span className="field__label">{mt("staff.table")}</span>
					<select
						className="field__input"
						value={tableId ?? ""}
						onChange={(event) => {
							setTableId(event.target.value ? Number(event.target.value) : null);
							key.current = newIdempotencyKey();
						}}
						data-testid="staff-order-table"
					>
						<option value="">{mt("staff.noTable")}</option>
						{(tables.data ?? []).map((candidate) => (
							<option key={candidate.id} value={candidate.id}>
								{mt("order.table", { number: candidate.number })}
							</option>
						))}
					</select>
				</label>
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
						{[...items.values()].map((item) => (
							<li key={item.id} className="merchant-staff__item" data-testid={`staff-item-${item.id}`}>
								<span className="merchant-staff__name">
									{item.name}
									<small>
										{money(item.price)}
										{item.optionGroups.some((group) => group.minChoices > 0) && ` · ${mt("staff.optionsHint")}`}
									</small>
								</span>
								<Stepper
									value={quantities.get(item.id) ?? 0}
									onChange={(value) => setQuantity(item.id, value)}
									max={item.soldOut ? 0 : (item.stock ?? 99)}
									label={item.name}
									testId={`staff-item-qty-${item.id}`}
									compact
								/>
							</li>
						))}
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
		</BottomSheet>
	);
}
