import { useMenuAdminText } from "../strings";
import type { RestockTarget } from "./restock-sheet";
import { useSoldOutToggle } from "./use-sold-out-toggle";

/**
 * One tap: sold out, or back in stock. The switch reads "available" when on. Back in stock of
 * something counted down to 0 asks how many came back first (the restock sheet): the tap
 * alone would leave it sold out for customers.
 */
export function SoldOutSwitch({
	shopId,
	kind,
	id,
	name,
	soldOut,
	stock,
	onRestock,
}: {
	shopId: number;
	kind: "item" | "option";
	id: number;
	name: string;
	soldOut: boolean;
	stock: number | null;
	onRestock: (target: RestockTarget) => void;
}) {
	const { at } = useMenuAdminText();
	const { pending, toggle } = useSoldOutToggle({ shopId, kind, id, name, stock, onRestock });
	return (
		<label className={`switch-row menu-admin__switch${soldOut ? " is-sold-out" : ""}`}>
			<span className="switch-row__text">
				<span>{kind === "option" ? name : at(soldOut ? "list.soldOut" : "list.available")}</span>
				{kind === "option" && <span className="field__hint">{at(soldOut ? "list.soldOut" : "list.available")}</span>}
			</span>
			<input
				type="checkbox"
				role="switch"
				aria-checked={!soldOut}
				aria-label={`${name}: ${at(soldOut ? "list.soldOut" : "list.available")}`}
				className="switch"
				checked={!soldOut}
				disabled={pending}
				onChange={(event) => void toggle(event.target.checked)}
				data-testid={`sold-out-${kind}-${id}`}
			/>
		</label>
	);
}
