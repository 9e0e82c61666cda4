import {
	BANK_REFERENCE_MAX,
	MarkWithdrawalPaidInput,
	REJECT_REASON_MAX,
	RETURN_REASON_MAX,
	RejectWithdrawalInput,
	ReturnWithdrawalInput,
	type WithdrawalView,
} from "@bayon/contract";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useMoney } from "../../../../lib/app-config";
import { checkWith } from "../../../../lib/form";
import { formatLocalDate } from "../../../../lib/format";
import { useDateLabels } from "../../../../lib/i18n";
import { localDateOf } from "../../../../lib/shop-clock";
import { useDebouncedSubmit } from "../../../../lib/use-debounced-submit";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { DatePicker } from "../../../../ui/date-picker";
import { BottomSheet } from "../../../../ui/sheet";
import { usePlatformText } from "../../platform-strings";
import { markWithdrawalPaid, rejectWithdrawal, returnWithdrawal } from "../platform-api";
import { accountText } from "../platform-format";
import type { DecisionOutcome, PlatformDecision } from "./platform-decision";

interface SheetProps {
	/** The withdrawal as the operator saw it when they opened the sheet (its version is sent); null: closed. */
	withdrawal: WithdrawalView | null;
	onClose: () => void;
	decide: PlatformDecision;
}

/** The note a sheet asks for, its problem, and what a decision's outcome does to them. */
function useNote(open: boolean, onClose: () => void, field: string) {
	const [note, setNote] = useState("");
	const [problem, setProblem] = useState<string | null>(null);
	useEffect(() => {
		if (!open) return;
		setNote("");
		setProblem(null);
	}, [open]);
	const settle = (outcome: DecisionOutcome) => {
		if ("done" in outcome) onClose();
		else setProblem(outcome.problems[field] ?? Object.values(outcome.problems)[0] ?? null);
	};
	const change = (value: string) => {
		setNote(value);
		setProblem(null);
	};
	return { note, change, problem, setProblem, settle };
}

/**
 * Reject an unaudited withdrawal with the reason the owner reads (required, at most 200
 * characters, the contract's RejectWithdrawalInput); the sheet says the money goes back.
 */
export function PlatformRejectSheet({ withdrawal, onClose, decide }: SheetProps) {
	const { pt, lang } = usePlatformText();
	const money = useMoney();
	const reason = useNote(withdrawal !== null, onClose, "reason");
	const [submit, sending] = useDebouncedSubmit(async (target: WithdrawalView) => {
		const checked = checkWith(
			RejectWithdrawalInput,
			{ id: target.id, version: target.version, reason: reason.note },
			{ lang },
		);
		if (checked.problems) return reason.settle({ problems: checked.problems });
		const input = checked.input;
		reason.settle(await decide(() => rejectWithdrawal(input), pt("review.rejected", { id: target.id })));
	});
	if (!withdrawal) return null;
	return (
		<NoteSheet
			title={pt("review.rejectSheet", { id: withdrawal.id })}
			onClose={onClose}
			notice={pt("review.rejectNotice", { amount: money(withdrawal.amount), shop: withdrawal.shopName })}
			label={pt("review.rejectReason")}
			hint={pt("review.rejectReasonHint")}
			multiline
			maxLength={REJECT_REASON_MAX}
			note={reason.note}
			onChange={reason.change}
			problem={reason.problem}
			submitLabel={pt("review.rejectSubmit")}
			destructive
			sending={sending}
			onSubmit={() => submit(withdrawal)}
			testId="platform-reject"
		/>
	);
}

/**
 * Return a withdrawal awaiting arrival to the shop (the bank sent the transfer back, the account
 * is closed) with the reason the owner reads (required, at most 200 characters, the contract's
 * ReturnWithdrawalInput); the sheet says the money goes back to the shop's available amount.
 */
export function PlatformReturnSheet({ withdrawal, onClose, decide }: SheetProps) {
	const { pt, lang } = usePlatformText();
	const money = useMoney();
	const reason = useNote(withdrawal !== null, onClose, "reason");
	const [submit, sending] = useDebouncedSubmit(async (target: WithdrawalView) => {
		const checked = checkWith(
			ReturnWithdrawalInput,
			{ id: target.id, version: target.version, reason: reason.note },
			{ lang },
		);
		if (checked.problems) return reason.settle({ problems: checked.problems });
		const input = checked.input;
		reason.settle(await decide(() => returnWithdrawal(input), pt("review.returned", { id: target.id })));
	});
	if (!withdrawal) return null;
	return (
		<NoteSheet
			title={pt("review.returnSheet", { id: withdrawal.id })}
			onClose={onClose}
			notice={pt("review.returnNotice", { amount: money(withdrawal.amount), shop: withdrawal.shopName })}
			label={pt("review.returnReason")}
			hint={pt("review.returnReasonHint")}
			multiline
			maxLength={RETURN_REASON_MAX}
			note={reason.note}
			onChange={reason.change}
			problem={reason.problem}
			submitLabel={pt("review.returnSubmit")}
			destructive
			sending={sending}
			onSubmit={() => submit(withdrawal)}
			testId="platform-return"
		/>
	);
}

/**
 * Mark a withdrawal awaiting arrival as paid with the bank transfer's reference (required, at
 * most 60 characters) and the day of the transfer (the shop's local day, from the request's day
 * to today; today at first), the contract's MarkWithdrawalPaidInput, after a confirmation that
 * repeats the amount, the account, the day and the reference: it cannot be undone.
 */
export function PlatformPaidSheet({ withdrawal, onClose, decide }: SheetProps) {
	const { pt, lang } = usePlatformText();
	const money = useMoney();
	const labels = useDateLabels();
	const reference = useNote(withdrawal !== null, onClose, "reference");
	const [confirming, setConfirming] = useState<MarkWithdrawalPaidInput | null>(null);
	const today = withdrawal ? localDateOf(new Date(), withdrawal.shopTimezone) : "";
	const requestedOn = withdrawal ? localDateOf(new Date(withdrawal.createdAt), withdrawal.shopTimezone) : "";
	const [transferDate, setTransferDate] = useState(today);
	const [dateProblem, setDateProblem] = useState<string | null>(null);
	useEffect(() => {
		if (!withdrawal) setConfirming(null);
		else setTransferDate(localDateOf(new Date(), withdrawal.shopTimezone));
		setDateProblem(null);
	}, [withdrawal]);
	const [send, sending] = useDebouncedSubmit(async (input: MarkWithdrawalPaidInput) => {
		setConfirming(null);
		reference.settle(await decide(() => markWithdrawalPaid(input), pt("review.paid", { id: input.id })));
	});
	if (!withdrawal) return null;
	const account = accountText(withdrawal.card);
	const amount = money(withdrawal.amount);
	const next = () => {
		const checked = checkWith(
			MarkWithdrawalPaidInput,
			{ id: withdrawal.id, version: withdrawal.version, reference: reference.note, transferDate },
			{ lang },
		);
		setDateProblem(checked.problems?.transferDate ?? null);
		if (checked.problems) {
			if (checked.problems.reference || !checked.problems.transferDate)
				reference.settle({ problems: checked.problems });
		} else setConfirming(checked.input);
	};
	return (
		<>
			<NoteSheet
				title={pt("review.paidSheet", { id: withdrawal.id })}
				onClose={onClose}
				notice={pt("review.paidNotice", { amount, account, holder: withdrawal.card.holder })}
				label={pt("review.bankReference")}
				hint={pt("review.referenceHint")}
				maxLength={BANK_REFERENCE_MAX}
				note={reference.note}
				onChange={reference.change}
				problem={reference.problem}
				submitLabel={pt("review.paidNext")}
				sending={sending}
				onSubmit={next}
				testId="platform-paid"
			>
				<div className="field" data-testid="platform-paid-date-field">
					<span className="field__label" aria-hidden="true">
						{pt("review.transferDate")}
					</span>
					<DatePicker
						label={pt("review.transferDate")}
						value={transferDate}
						min={requestedOn}
						max={today}
						onChange={(value) => {
							setTransferDate(value);
							setDateProblem(null);
						}}
						testId="platform-paid-date"
					/>
					{dateProblem ? (
						<p className="field__error" role="alert" data-testid="platform-paid-date-error">
							{dateProblem}
						</p>
					) : (
						<p className="field__hint">{pt("review.transferDateHint")}</p>
					)}
				</div>
			</NoteSheet>
			<ConfirmDialog
				open={confirming !== null}
				message={
					confirming
						? pt("review.paidConfirm", {
								amount,
								account,
								holder: withdrawal.card.holder,
								reference: confirming.reference,
								date: formatLocalDate(confirming.transferDate, lang, labels),
							})
						: ""
				}
				confirmLabel={pt("review.paidConfirmOk")}
				onCancel={() => setConfirming(null)}
				onConfirm={() => confirming && send(confirming)}
				testId="platform-paid-confirm"
			/>
		</>
	);
}

function NoteSheet({
	title,
	onClose,
	notice,
	label,
	hint,
	multiline = false,
	maxLength,
	note,
	onChange,
	problem,
	submitLabel,
	destructive = false,
	sending,
	onSubmit,
	testId,
	children,
}: {
	title: string;
	onClose: () => void;
	notice: ReactNode;
	label: string;
	hint: string;
	multiline?: boolean;
	maxLength: number;
	note: string;
	onChange: (value: string) => void;
	problem: string | null;
	submitLabel: string;
	destructive?: boolean;
	sending: boolean;
	onSubmit: () => void;
	testId: string;
	/** More fields under the note (the transfer day). */
	children?: ReactNode;
}) {
	const id = useId();
	const inputProps = {
		id,
		className: "field__input",
		value: note,
		maxLength,
		"aria-invalid": problem ? true : undefined,
		"aria-describedby": problem ? `${id}-error` : `${id}-hint`,
		"data-testid": `${testId}-input`,
	};
	return (
		<BottomSheet
			open
			onClose={onClose}
			title={title}
			testId={`${testId}-sheet`}
			footer={
				<button
					type="button"
					className={`button button--block${destructive ? " pf-button--danger" : " button--primary"}`}
					disabled={sending}
					onClick={onSubmit}
					data-testid={`${testId}-submit`}
				>
					{submitLabel}
				</button>
			}
		>
			<div className="pf-form">
				<p className="pf-form__notice" data-testid={`${testId}-notice`}>
					{notice}
				</p>
				<div className="field">
					<label className="field__label" htmlFor={id}>
						{label}
					</label>
					{multiline ? (
						<textarea {...inputProps} rows={3} onChange={(event) => onChange(event.target.value)} />
					) : (
						<input {...inputProps} type="text" autoComplete="off" onChange={(event) => onChange(event.target.value)} />
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
				{children}
			</div>
		</BottomSheet>
	);
}
