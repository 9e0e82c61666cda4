import { MENU_STOCK_MAX } from "@bayon/contract";
import { useEffect, useId, useState } from "react";
import { errorText } from "../../../lib/api-client";
import { showToast } from "../../../lib/toast";
import { FormSheet } from "../../../ui/form-sheet";
import { refreshMenus, setSoldOut } from "../api";
import { useMenuAdminText } from "../strings";

/** What the sheet puts back on sale: an item or one option, counted and with none left. */
export interface RestockTarget {
	kind: "item" | "option";
	id: number;
	name: string;
}

/**
 * "Back in stock" of something counted down to 0 (issue 27): a tap alone would leave it sold
 * out for customers, so the sheet asks how many came back and adds that many to what is left
 * (a cancellation returning one meanwhile is kept), then puts it back on sale.
 */
export function RestockSheet({
	shopId,
	target,
	onClose,
}: {
	shopId: number;
	target: RestockTarget | null;
	onClose: () => void;
}) {
	const { at } = useMenuAdminText();
	const ids = useId();
	const [count, setCount] = useState("");
	const [problem, setProblem] = useState<string | null>(null);
	const [saving, setSaving] = useState(false);

	useEffect(() => {
		if (!target) return;
		setCount("");
		setProblem(null);
	}, [target]);

	const save = async () => {
		if (!target) return;
		const text = count.trim();
		const addStock = /^\d{1,7}$/.test(text) ? Number(text) : 0;
		if (addStock < 1 || addStock > MENU_STOCK_MAX) {
			setProblem(at("restock.invalid"));
			return;
		}
		setSaving(true);
		try {
			const done = await setSoldOut({ shopId, kind: target.kind, id: target.id, soldOut: false, addStock });
			showToast(at("list.restocked", { name: target.name, stock: done.stock ?? addStock }));
			onClose();
		} catch (error) {
			setProblem(errorText(error));
		} finally {
			setSaving(false);
			await refreshMenus(shopId);
		}
	};

	return (
		<FormSheet
			open={target !== null}
			onClose={onClose}
			title={at("restock.title", { name: target?.name ?? "" })}
			testId="restock"
			saving={saving}
			onSave={() => void save()}
			bodyClassName="form menu-admin__sheet-body"
		>
			<p className="field__hint">{at("restock.hint")}</p>
			<div className="field">
				<label className="field__label" htmlFor={`${ids}-count`}>
					{at("restock.count")}
				</label>
				<input
					id={`${ids}-count`}
					className="field__input"
					inputMode="numeric"
					value={count}
					onChange={(event) => {
						setCount(event.target.value);
						setProblem(null);
					}}
					aria-invalid={problem ? true : undefined}
					aria-describedby={problem ? `${ids}-problem` : undefined}
					data-testid="restock-count"
				/>
				{problem && (
					<p className="field__error" id={`${ids}-problem`} role="alert" data-testid="restock-problem">
						{problem}
					</p>
				)}
			</div>
		</FormSheet>
	);
}
