import type { MenuItem, OrderType } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Paths, withQuery } from "../../../lib/paths";
import { checkPhone, type PhoneProblem } from "../../../lib/phone";
import { queryClient } from "../../../lib/query-client";
import type { CartLine } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { useMerchantText } from "../../../ui/staff/strings";
import { menuQuery } from "../../menu/api";
import { lineEditor } from "../cart/line-editor";
import { merchantKeys, merchantTablesQuery, newIdempotencyKey, placeStaffOrder, tableTokenOf } from "./api";
import { staffOrderLines } from "./staff-order";

/** The staff order's form: customer, table and diners, lines, remark, and its one idempotency key. */
export function useStaffOrder({ open, shopId, onClose }: { open: boolean; shopId: number; onClose: () => void }) {
	const { mt, lang } = useMerchantText();
	const navigate = useNavigate();
	const menu = useQuery({ ...menuQuery(shopId, lang), enabled: open });
	const tables = useQuery({ ...merchantTablesQuery(shopId), enabled: open });
	const [tableId, setTableId] = useState<number | null>(null);
	const [diners, setDiners] = useState(2);
	const table = tables.data?.find((candidate) => candidate.id === tableId) ?? null;
	const orderType: OrderType = table ? "desk" : "takein";
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

	// Any change to the form is another order: it gets a new key.
	const changePhone = (digits: string) => {
		setPhone(digits);
		setPhoneProblem(null);
		key.current = newIdempotencyKey();
	};
	const changeTable = (value: number | null) => {
		setTableId(value);
		key.current = newIdempotencyKey();
	};
	const changeDiners = (value: number) => {
		setDiners(value);
		key.current = newIdempotencyKey();
	};
	const changeRemark = (value: string) => {
		setRemark(value);
		key.current = newIdempotencyKey();
	};

	return {
		menu,
		tables,
		tableId,
		changeTable,
		table,
		diners,
		changeDiners,
		orderType,
		phone,
		changePhone,
		phoneProblem,
		remark,
		changeRemark,
		lines,
		items,
		editor,
		choosing,
		setChoosing,
		busy,
		submit,
	};
}
