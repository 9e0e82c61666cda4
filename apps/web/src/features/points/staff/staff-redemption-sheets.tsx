import { CancelRedemptionInput, type RedemptionView, ShipRedemptionInput, TRACKING_NOTE_MAX } from "@bayon/contract";
import { type ReactNode, useEffect, useId, useState } from "react";
import { checkWith, type FieldProblems } from "../../../lib/form";
import { BottomSheet } from "../../../ui/sheet";
import { cancelRedemption, shipRedemption } from "../staff-api";
import type { RedemptionAction } from "../staff-redemption-action";
import { useStaffPointsText } from "../staff-strings";

/** The contract's most characters of a cancel reason (CancelRedemptionInput). */
const REASON_MAX = 100;

interface SheetProps {
	shopId: number;
	/** The redemption the sheet is for; null: closed. */
	redemption: RedemptionView | null;
	onClose: () => void;
	run: RedemptionAction;
}

/**
 * Ship a delivery: the courier and tracking number (required, at most 200 characters), which
 * the member reads on their redemption. Checked with the contract's ShipRedemptionInput.
 */
export function StaffShipSheet({ shopId, redemption, onClose, run }: SheetProps) {
	const { pt, lang } = useStaffPointsText();
	return (
		<NoteSheet
			redemption={redemption}
			onClose={onClose}
			title={(id) => pt("red.shipSheet", { id })}
			label={pt("red.field.tracking")}
			hint={pt("red.field.trackingHint")}
			placeholder={pt("red.field.trackingPlaceholder")}
			field="trackingNote"
			maxLength={TRACKING_NOTE_MAX}
			submitLabel={pt("red.shipSubmit")}
			testId="redemption-ship"
			onSubmit={(target, note) => {
				const checked = checkWith(ShipRedemptionInput, { shopId, id: target.id, trackingNote: note }, { lang });
				if (checked.problems) return Promise.resolve({ problems: checked.problems });
				const input = checked.input;
				return run(() => shipRedemption(input), pt("red.shipped", { id: target.id }));
			}}
		/>
	);
}

/**
 * Cancel a pending redemption with a reason the member reads (required, at most 100
 * characters); the sheet says the points and the stock go back.
 */
export function StaffCancelSheet({ shopId, redemption, onClose, run }: SheetProps) {
	const { pt, plural, lang } = useStaffPointsText();
	return (
		<NoteSheet
			redemption={redemption}
			onClose={onClose}
			title={(id) => pt("red.cancelSheet", { id })}
			label={pt("red.field.reason")}
			hint={pt("red.field.reasonHint")}
			field="reason"
			maxLength={REASON_MAX}
			rows={3}
			notice={(target) => pt("red.cancelNotice", { points: plural("red.points", target.pointsPrice) })}
			submitLabel={pt("red.cancelSubmit")}
			destructive
			testId="redemption-cancel"
			onSubmit={(target, reason) => {
				const checked = checkWith(CancelRedemptionInput, { shopId, id: target.id, reason }, { lang });
				if (checked.problems) return Promise.resolve({ problems: checked.problems });
				const input = checked.input;
				return run(() => cancelRedemption(input), pt("red.cancelled", { id: target.id }));
			}}
		/>
	);
}

function NoteSheet({
	redemption,
	onClose,
	title,
	label,
	hint,
	placeholder,
	field,
	maxLength,
	rows = 0,
	notice,
	submitLabel,
	destructive = false,
	testId,
	onSubmit,
}: {
	redemption: RedemptionView | null;
	onClose: () => void;
	title: (id: number) => string;
	label: string;
	hint: string;
	placeholder?: string;
	/** The request's field the note goes in (its problem is keyed so). */
	field: string;
	maxLength: number;
	rows?: number;
	notice?: (redemption: RedemptionView) => ReactNode;
	submitLabel: string;
	destructive?: boolean;
	testId: string;
	/** Done (or the redemption changed meanwhile): closes; else the problems to show. */
	onSubmit: (redemption: RedemptionView, note: string) => Promise<{ done: true } | { problems: FieldProblems }>;
}) {
	const id = useId();
	const [note, setNote] = useState("");
	const [problem, setProblem] = useState<string | null>(null);
	const [sending, setSending] = useState(false);
	const open = redemption !== null;

	useEffect(() => {
		if (!open) return;
		setNote("");
		setProblem(null);
	}, [open]);

	if (!redemption) return null;
	const submit = async () => {
		setSending(true);
		try {
			const outcome = await onSubmit(redemption, note);
			if ("done" in outcome) onClose();
			else setProblem(outcome.problems[field] ?? Object.values(outcome.problems)[0] ?? null);
		} finally {
			setSending(false);
		}
	};
	const inputProps = {
		id,
		className: "field__input",
		value: note,
		maxLength,
		placeholder,
		"aria-invalid": problem ? true : undefined,
		"aria-describedby": problem ? `${id}-error` : `${id}-hint`,
		"data-testid": `${testId}-input`,
	};
	return (
		<BottomSheet
			open
			onClose={onClose}
			title={title(redemption.id)}
			testId={`${testId}-sheet`}
			footer={
				<button
					type="button"
					className={`button button--block${destructive ? " pt-button--danger" : " button--primary"}`}
					disabled={sending}
					onClick={() => void submit()}
					data-testid={`${testId}-submit`}
				>
					{submitLabel}
				</button>
			}
		>
			<div className="sv-form">
				{notice && (
					<p className="sv-form__preview" data-testid={`${testId}-notice`}>
						{notice(redemption)}
					</p>
				)}
				<div className="field">
					<label className="field__label" htmlFor={id}>
						{label}
					</label>
					{rows > 0 ? (
						<textarea
							{...inputProps}
							rows={rows}
							onChange={(event) => {
								setNote(event.target.value);
								setProblem(null);
							}}
						/>
					) : (
						<input
							{...inputProps}
							type="text"
							autoComplete="off"
							onChange={(event) => {
								setNote(event.target.value);
								setProblem(null);
							}}
						/>
					)}
					{problem ? (
						<p className="field__error" id={`${id}-error`} role="alert" data-testid={`${testId}-error`}>
							{problem}
						</p>
					) : (
						<p className="field__hint" id={`${id}-hint`}>
							{hint}
						</p>
					)}
				</div>
			</div>
		</BottomSheet>
	);
}
