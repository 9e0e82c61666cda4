import { type KeyboardEvent, type ReactNode, useEffect, useRef } from "react";
import { CheckIcon } from "../../../ui/icons";
import { BottomSheet } from "../../../ui/sheet";

export interface Choice {
	id: number;
	title: string;
	detail: string;
	/** A short mark beside the title ("current shop", "default"). */
	tag?: string;
}

/**
 * A sheet of two-line choices (a shop with its address, an address with its recipient) as a
 * radio group, like the app's Picker: arrow keys move, Enter, Space or a tap picks and closes.
 */
export function ChoiceSheet({
	open,
	title,
	choices,
	value,
	onPick,
	onClose,
	footer,
	testId,
}: {
	open: boolean;
	title: string;
	choices: readonly Choice[];
	value: number | null;
	onPick: (id: number) => void;
	onClose: () => void;
	footer?: ReactNode;
	testId: string;
}) {
	return (
		<BottomSheet open={open} onClose={onClose} title={title} footer={footer} testId={testId}>
			<ChoiceList title={title} choices={choices} value={value} onPick={onPick} testId={testId} />
		</BottomSheet>
	);
}

function ChoiceList({
	title,
	choices,
	value,
	onPick,
	testId,
}: {
	title: string;
	choices: readonly Choice[];
	value: number | null;
	onPick: (id: number) => void;
	testId: string;
}) {
	const listRef = useRef<HTMLDivElement>(null);
	const current = choices.some((choice) => choice.id === value);

	// After the sheet has taken focus: start on the current choice, scrolled into view.
	useEffect(() => {
		const frame = requestAnimationFrame(() => {
			const list = listRef.current;
			const target =
				list?.querySelector<HTMLButtonElement>('[aria-checked="true"]') ??
				list?.querySelector<HTMLButtonElement>("button");
			target?.focus();
			target?.scrollIntoView?.({ block: "center" });
		});
		return () => cancelAnimationFrame(frame);
	}, []);

	const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
		const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
		if (!step) return;
		const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>("button") ?? [])];
		const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
		const next = buttons[(index + step + buttons.length) % buttons.length];
		if (next) {
			event.preventDefault();
			next.focus();
		}
	};

	return (
		<div className="pt-choices" role="radiogroup" aria-label={title} ref={listRef} onKeyDown={onKeyDown}>
			{choices.map((choice, index) => {
				const selected = choice.id === value;
				return (
					// biome-ignore lint/a11y/useSemanticElements: as the app's Picker: a native radio would pick (and close the sheet) on every arrow key
					<button
						key={choice.id}
						type="button"
						role="radio"
						aria-checked={selected}
						tabIndex={(current ? selected : index === 0) ? 0 : -1}
						className="pt-choice"
						onClick={() => onPick(choice.id)}
						data-testid={`${testId}-option-${choice.id}`}
					>
						<span className="pt-choice__body">
							<span className="pt-choice__title">
								{choice.title}
								{choice.tag && <span className="tag">{choice.tag}</span>}
							</span>
							<span className="pt-choice__detail">{choice.detail}</span>
						</span>
						{selected && <CheckIcon className="pt-choice__check" />}
					</button>
				);
			})}
		</div>
	);
}
