import type { ShiftView } from "@bayon/contract";
import { formatDateTime } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { useCounterText } from "../strings";
import { MethodLines } from "./shift-lines";

/** A closed shift: when, its note, and expected against counted. */
export function ClosedShift({ shift }: { shift: ShiftView }) {
	const { ct, lang } = useCounterText();
	const labels = useDateLabels();
	return (
		<article className="counter-closed" data-testid={`till-closed-${shift.id}`}>
			<p className="field__hint">
				{ct("till.closedAt", {
					time: shift.closedAt ? formatDateTime(shift.closedAt, lang, labels, shift.timeZone) : "",
				})}
				{shift.note ? ` · ${shift.note}` : ""}
			</p>
			<MethodLines shift={shift} />
		</article>
	);
}
