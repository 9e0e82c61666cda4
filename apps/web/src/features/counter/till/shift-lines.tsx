import type { ShiftView, TillMethodLine } from "@bayon/contract";
import { useCurrency, useMoney } from "../../../lib/app-config";
import { type CounterKey, useCounterText } from "../strings";
import { useSecondMoney } from "../take-payment/amount-field";

const LINE_LABEL: Record<TillMethodLine["method"], CounterKey> = {
	cash: "method.cash",
	cash_second: "method.cash_second",
	card_terminal: "method.card_terminal",
	balance: "method.balance",
};

/** Per method: expected, and once closed counted and the difference (over in the accent, short in red). */
export function MethodLines({ shift }: { shift: ShiftView }) {
	const { ct } = useCounterText();
	const money = useMoney();
	const second = useSecondMoney();
	const currency = useCurrency();
	const closed = shift.status === "closed";
	const amountOf = (line: TillMethodLine, value: number) =>
		line.method === "cash_second" ? second(value) : money(value);
	const lines = shift.lines.filter((line) => line.method !== "cash_second" || currency.second);
	return (
		<table className="counter-lines" data-testid={`till-lines-${shift.id}`}>
			<thead>
				<tr>
					<th scope="col">
						<span className="visually-hidden">{ct("take.method")}</span>
					</th>
					<th scope="col">{ct("till.expected")}</th>
					{closed && <th scope="col">{ct("till.counted")}</th>}
					{closed && <th scope="col">{ct("till.difference")}</th>}
				</tr>
			</thead>
			<tbody>
				{lines.map((line) => (
					<tr key={line.method} data-testid={`till-line-${line.method}`}>
						<th scope="row">{ct(LINE_LABEL[line.method], { code: currency.second?.code ?? "" })}</th>
						<td>{amountOf(line, line.expected)}</td>
						{closed && <td>{line.counted === null ? "—" : amountOf(line, line.counted)}</td>}
						{closed && (
							<td
								className={
									line.difference && line.difference > 0
										? "counter-diff--over"
										: line.difference && line.difference < 0
											? "counter-diff--under"
											: undefined
								}
								data-testid={`till-diff-${line.method}`}
							>
								{line.difference === null
									? "—"
									: line.difference === 0
										? ct("till.even")
										: line.difference > 0
											? ct("till.over", { amount: amountOf(line, line.difference) })
											: ct("till.under", { amount: amountOf(line, -line.difference) })}
							</td>
						)}
					</tr>
				))}
			</tbody>
		</table>
	);
}
