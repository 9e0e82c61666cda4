import { usePrice } from "../../../lib/app-config";
import { useI18n } from "../../../lib/i18n";

interface Line {
	key: string | number;
	name: string;
	options: Array<{ name: string }>;
	quantity: number;
	lineTotal: number;
}

/** The lines of a priced cart or an order: name, chosen options, quantity, line total. */
export function PricedLines({ lines, testId }: { lines: Line[]; testId?: string }) {
	const { t } = useI18n();
	const money = usePrice();
	return (
		<ul className="pay-lines" data-testid={testId}>
			{lines.map((line) => (
				<li key={line.key} className="pay-line">
					<span>
						{line.name}
						{line.options.length > 0 && (
							<small> ({line.options.map((option) => option.name).join(t("options.separator"))})</small>
						)}{" "}
						× {line.quantity}
					</span>
					<span>{money(line.lineTotal)}</span>
				</li>
			))}
		</ul>
	);
}
