import { useI18n } from "../lib/i18n";
import { MinusIcon, PlusIcon } from "./icons";
import "./controls.css";

interface StepperProps {
	value: number;
	onChange: (value: number) => void;
	/** The smallest value "−" reaches (0 in the cart: the line goes away). */
	min?: number;
	/** The largest value; "+" beyond it calls `onLimit` instead (e.g. to say stock is short). */
	max?: number;
	onLimit?: () => void;
	/** Names what is counted, for screen readers ("Iced coffee"). */
	label: string;
	testId?: string;
	compact?: boolean;
}

/** − n + for a quantity. */
export function Stepper({
	value,
	onChange,
	min = 0,
	max = Number.POSITIVE_INFINITY,
	onLimit,
	label,
	testId,
	compact = false,
}: StepperProps) {
	const { t } = useI18n();
	const increase = () => {
		if (value + 1 > max) onLimit?.();
		else onChange(value + 1);
	};
	return (
		<fieldset className={`stepper${compact ? " stepper--compact" : ""}`} aria-label={label} data-testid={testId}>
			<button
				type="button"
				className="stepper__button"
				onClick={() => onChange(value - 1)}
				disabled={value <= min}
				aria-label={t("cart.decrease", { name: label })}
				data-testid="stepper-minus"
			>
				<MinusIcon />
			</button>
			<output className="stepper__value" aria-live="polite" data-testid="stepper-value">
				{value}
			</output>
			<button
				type="button"
				className="stepper__button stepper__button--plus"
				onClick={increase}
				aria-label={t("cart.increase", { name: label })}
				aria-disabled={value >= max || undefined}
				data-testid="stepper-plus"
			>
				<PlusIcon />
			</button>
		</fieldset>
	);
}
