import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { CheckIcon, ChevronIcon } from "./icons";
import { BottomSheet } from "./sheet";
import "./controls.css";

export interface PickerOption<T extends string | number> {
	value: T;
	label: string;
	disabled?: boolean;
}

interface PickerProps<T extends string | number> {
	/** Names the field: the button's accessible name and the sheet's title. */
	label: string;
	value: T | null;
	options: readonly PickerOption<T>[];
	onChange: (value: T) => void;
	/** Shown when nothing is chosen yet. */
	placeholder?: string;
	compact?: boolean;
	disabled?: boolean;
	/** The button's test id; each choice is `${testId}-option-${value}`. */
	testId?: string;
	/** Text beside the current value (e.g. the opening hours under a pickup time). */
	children?: ReactNode;
}

/**
 * Our <select>: a field-like button showing the current choice that opens a sheet listing the
 * choices as a radio group (role="radio" + aria-checked; arrow keys move between them, Enter or
 * Space picks). Choosing closes the sheet and returns focus to the button.
 */
export function Picker<T extends string | number>({
	label,
	value,
	options,
	onChange,
	placeholder,
	compact = false,
	disabled = false,
	testId,
	children,
}: PickerProps<T>) {
	const [open, setOpen] = useState(false);
	const current = options.find((option) => option.value === value);
	return (
		<>
			<button
				type="button"
				className={`picker${compact ? " picker--compact" : ""}`}
				aria-haspopup="dialog"
				aria-label={current ? `${label}: ${current.label}` : label}
				disabled={disabled}
				onClick={() => setOpen(true)}
				data-testid={testId}
				data-value={value ?? ""}
			>
				<span className={`picker__value${current ? "" : " picker__value--placeholder"}`}>
					{current?.label ?? placeholder ?? label}
				</span>
				<ChevronIcon className="picker__chevron" />
			</button>
			<BottomSheet open={open} onClose={() => setOpen(false)} title={label} testId={testId && `${testId}-sheet`}>
				{children}
				<PickerOptions
					label={label}
					value={value}
					options={options}
					testId={testId}
					onPick={(picked) => {
						setOpen(false);
						if (picked !== value) onChange(picked);
					}}
				/>
			</BottomSheet>
		</>
	);
}

function PickerOptions<T extends string | number>({
	label,
	value,
	options,
	testId,
	onPick,
}: {
	label: string;
	value: T | null;
	options: readonly PickerOption<T>[];
	testId?: string;
	onPick: (value: T) => void;
}) {
	const listRef = useRef<HTMLDivElement>(null);
	const current = options.some((option) => option.value === value);
	const firstEnabled = options.findIndex((option) => !option.disabled);

	// After the sheet has taken focus: start on the current choice, scrolled into view.
	useEffect(() => {
		const frame = requestAnimationFrame(() => {
			const list = listRef.current;
			const target =
				list?.querySelector<HTMLButtonElement>('[aria-checked="true"]') ??
				list?.querySelector<HTMLButtonElement>("button:not(:disabled)");
			target?.focus();
			target?.scrollIntoView?.({ block: "center" });
		});
		return () => cancelAnimationFrame(frame);
	}, []);

	const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
		const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
		if (!step) return;
		const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>("button:not(:disabled)") ?? [])];
		const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
		const next = buttons[(index + step + buttons.length) % buttons.length];
		if (next) {
			event.preventDefault();
			next.focus();
		}
	};

	return (
		<div className="picker-options" role="radiogroup" aria-label={label} ref={listRef} onKeyDown={onKeyDown}>
			{options.map((option, index) => {
				const selected = option.value === value;
				// One stop for Tab: the current choice, or the first that can be chosen.
				const tabStop = current ? selected : index === firstEnabled;
				return (
					// biome-ignore lint/a11y/useSemanticElements: a native radio would pick (and close the sheet) on every arrow key; these move focus and pick on Enter, Space or a tap
					<button
						key={option.value}
						type="button"
						role="radio"
						aria-checked={selected}
						tabIndex={tabStop ? 0 : -1}
						className="picker-option"
						disabled={option.disabled}
						onClick={() => onPick(option.value)}
						data-testid={testId && `${testId}-option-${option.value}`}
					>
						<span className="picker-option__label">{option.label}</span>
						{selected && <CheckIcon className="picker-option__check" />}
					</button>
				);
			})}
		</div>
	);
}
