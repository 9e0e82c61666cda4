import { ErrorCode } from "@bayon/contract";
import { BusinessError } from "../http/business-error.js";

/**
 * The stock an owner's save leaves (issue 27). Orders and redemptions take stock while the
 * owner types, so a save never sets the typed number outright: it adds the difference between
 * what was typed and what the editor showed (`read`) to the stock as it is now, read under the
 * row's lock. 10 shown, 2 ordered meanwhile, 15 typed: 13, and both orders stay counted.
 *
 * - `typed` null: the item stops counting (unlimited); `now` null: it starts counting at the
 *   number typed (nothing takes from an uncounted stock, so nothing can be lost).
 * - A change that would take off more than is left now is refused with the number left
 *   (StockBelowWhatIsLeft): the owner decides again, knowing it.
 */
export function stockAfterEdit(edit: { now: number | null; read: number | null; typed: number | null }): number | null {
	if (edit.typed === null || edit.now === null || edit.read === null) return edit.typed;
	const after = edit.now + (edit.typed - edit.read);
	if (after < 0) throw new BusinessError(ErrorCode.StockBelowWhatIsLeft, { left: edit.now }, { stock: edit.now });
	return after;
}
