import {
	type CurrencyConfig,
	formatMoney,
	RecordRefundTransferInput,
	type RefundTransferView,
	TRANSFER_REFERENCE_MAX,
} from "@bayon/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { errorText } from "../../../../lib/api-client";
import { useAppConfig, useCurrency } from "../../../../lib/app-config";
import { checkWith } from "../../../../lib/form";
import { formatDateTime } from "../../../../lib/format";
import { useDateLabels } from "../../../../lib/i18n";
import { showToast } from "../../../../lib/toast";
import { useDebouncedSubmit } from "../../../../lib/use-debounced-submit";
import { useStaffSave } from "../../../../lib/use-staff-save";
import { FormSheet } from "../../../../ui/form-sheet";
import { EmptyState, ErrorState, LoadingState } from "../../../../ui/states";
import { recordRefundTransfer, refundTransferKeys, refundTransfersQuery } from "./refund-transfers-api";
import { type RefundTransferTextKey, useRefundTransferText } from "./refund-transfers-strings";
import "../../../../ui/controls.css";
import "./refund-transfers.css";

/**
 * KHQR refunds to transfer back (issue 29 part 3), for the platform's operators only: Bakong
 * has no refund call, so each refund of a KHQR payment waits here, oldest first, with what to
 * send (in the currency the customer paid in) and where (the account they paid from, as Bakong
 * tells it); once sent, the operator records the bank's reference and the customer sees the
 * refund done. Below, the latest recorded transfers. The router puts it behind merchant-wallet's
 * platform guard (web payments may not import merchant-wallet: stored-value imports payments).
 */
export default function RefundTransfersScreen() {
	const { rt } = useRefundTransferText();
	const list = useQuery(refundTransfersQuery);
	// Amounts are shown in the tenant's currencies: its configuration first.
	const config = useAppConfig();
	const [recording, setRecording] = useState<RefundTransferView | null>(null);
	if (list.isPending || config.isPending) return <LoadingState />;
	if (list.isError) return <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />;
	if (config.isError) return <ErrorState message={errorText(config.error)} onRetry={() => void config.refetch()} />;
	const { awaiting, recorded } = list.data;
	return (
		<div className="rtf-page" data-testid="refund-transfers">
			<p className="rtf-page__hint">{rt("hint")}</p>
			<h2 className="rtf-page__heading">{rt("section.awaiting", { count: awaiting.length })}</h2>
			{awaiting.length === 0 ? (
				<EmptyState compact title={rt("empty.awaiting")} />
			) : (
				<ul className="rtf-list" data-testid="refund-transfers-awaiting">
					{awaiting.map((refund) => (
						<TransferCard key={refund.refundId} refund={refund} onRecord={() => setRecording(refund)} />
					))}
				</ul>
			)}
			<h2 className="rtf-page__heading">{rt("section.recorded")}</h2>
			{recorded.length === 0 ? (
				<EmptyState compact title={rt("empty.recorded")} />
			) : (
				<ul className="rtf-list" data-testid="refund-transfers-recorded">
					{recorded.map((refund) => (
						<TransferCard key={refund.refundId} refund={refund} />
					))}
				</ul>
			)}
			<RecordSheet refund={recording} onClose={() => setRecording(null)} />
		</div>
	);
}

/** An amount in the currency the customer paid in: the shop's own, its second (riel), or another by its code. */
export function railMoney(amount: number, code: string, currency: CurrencyConfig): string {
	if (code === currency.code) return formatMoney(amount, currency);
	const digits = String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
	const second = currency.second;
	if (second && second.code === code)
		return second.symbolPosition === "before" ? `${second.symbol}${digits}` : `${digits}${second.symbol}`;
	return `${digits} ${code}`;
}

function useRefundWords() {
	const { rt, lang } = useRefundTransferText();
	const currency = useCurrency();
	const labels = useDateLabels();
	return {
		what: (refund: RefundTransferView) =>
			rt(`purpose.${refund.purpose}` as RefundTransferTextKey, { id: refund.purposeId }),
		toSend: (refund: RefundTransferView) => railMoney(refund.railAmount, refund.railCurrency, currency),
		booked: (refund: RefundTransferView) =>
			refund.railCurrency === refund.currency ? null : formatMoney(refund.amount, currency),
		when: (iso: string) => formatDateTime(iso, lang, labels),
	};
}

function TransferCard({ refund, onRecord }: { refund: RefundTransferView; onRecord?: () => void }) {
	const { rt } = useRefundTransferText();
	const words = useRefundWords();
	const booked = words.booked(refund);
	return (
		<li className="card rtf-card" data-testid={`refund-transfer-${refund.refundId}`}>
			<div className="rtf-card__head">
				<span className="rtf-card__what">{words.what(refund)}</span>
				<span className="rtf-card__amount" data-testid="refund-transfer-amount">
					{words.toSend(refund)}
				</span>
			</div>
			{booked && <p className="rtf-card__booked">{rt("field.booked", { amount: booked })}</p>}
			<dl className="rtf-card__facts">
				{refund.status === "awaiting_transfer" && (
					<>
						<dt>{rt("field.account")}</dt>
						<dd data-testid="refund-transfer-account">
							{refund.payerAccount ?? <span className="rtf-card__unknown">{rt("field.accountUnknown")}</span>}
						</dd>
					</>
				)}
				{refund.payerMobile && (
					<>
						<dt>{rt("field.payer")}</dt>
						<dd>{refund.payerMobile}</dd>
					</>
				)}
				{refund.bakongHash && (
					<>
						<dt>{rt("field.hash")}</dt>
						<dd className="rtf-card__hash">{refund.bakongHash}</dd>
					</>
				)}
				<dt>{rt("field.since")}</dt>
				<dd>{words.when(refund.createdAt)}</dd>
				{refund.reference && (
					<>
						<dt>{rt("field.reference")}</dt>
						<dd data-testid="refund-transfer-reference">{refund.reference}</dd>
					</>
				)}
			</dl>
			{refund.recordedAt && (
				<p className="rtf-card__recorded">
					{rt("field.recorded", { by: refund.recordedBy ?? "", at: words.when(refund.recordedAt) })}
				</p>
			)}
			{onRecord && (
				<button
					type="button"
					className="button button--primary button--block"
					onClick={onRecord}
					data-testid="refund-transfer-record"
				>
					{rt("record")}
				</button>
			)}
		</li>
	);
}

function RecordSheet({ refund, onClose }: { refund: RefundTransferView | null; onClose: () => void }) {
	const { rt, lang } = useRefundTransferText();
	const words = useRefundWords();
	const queryClient = useQueryClient();
	const [reference, setReference] = useState("");
	const [openFor, setOpenFor] = useState<string | null>(null);
	const { problems, setProblems, submit } = useStaffSave();
	const id = useId();
	// A new refund opened: start from an empty reference.
	if (refund && openFor !== refund.refundId) {
		setOpenFor(refund.refundId);
		setReference("");
		setProblems({});
	}
	const [save, saving] = useDebouncedSubmit(async () => {
		if (!refund) return;
		const checked = checkWith(RecordRefundTransferInput, { refundId: refund.refundId, reference }, { lang });
		const done = await submit(
			checked,
			async (input) => {
				await recordRefundTransfer(input);
			},
			async () => {},
		);
		// Recorded, or refused by the server because it changed meanwhile: the list is read again.
		if (!checked.problems) void queryClient.invalidateQueries({ queryKey: refundTransferKeys.list });
		if (done) {
			showToast(rt("recorded"));
			onClose();
		}
	});
	const problem = problems.reference;
	return (
		<FormSheet
			open={refund !== null}
			onClose={onClose}
			title={refund ? rt("sheet.title", { what: words.what(refund) }) : ""}
			testId="refund-transfer-record"
			saving={saving}
			onSave={() => save()}
			bodyClassName="rtf-sheet"
		>
			{refund && (
				<>
					<p className="rtf-sheet__notice">
						{refund.payerAccount
							? rt("sheet.notice", { amount: words.toSend(refund), account: refund.payerAccount })
							: rt("sheet.noticeNoAccount", { amount: words.toSend(refund) })}
					</p>
					<div className="field">
						<label className="field__label" htmlFor={id}>
							{rt("sheet.reference")}
						</label>
						<input
							id={id}
							className="field__input"
							value={reference}
							maxLength={TRANSFER_REFERENCE_MAX}
							autoComplete="off"
							onChange={(event) => {
								setReference(event.target.value);
								setProblems({});
							}}
							aria-invalid={problem ? true : undefined}
							aria-describedby={`${id}-${problem ? "error" : "hint"}`}
							data-testid="refund-transfer-reference-input"
						/>
						{problem ? (
							<p className="field__error" id={`${id}-error`} role="alert" data-testid="refund-transfer-reference-error">
								{problem}
							</p>
						) : (
							<p className="field__hint" id={`${id}-hint`}>
								{rt("sheet.referenceHint")}
							</p>
						)}
					</div>
				</>
			)}
		</FormSheet>
	);
}
