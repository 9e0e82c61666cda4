import {
	ExportPayoutsInput,
	PAYOUT_EXPORT_MAX,
	type RevealedAccount,
	RevealWithdrawalInput,
	type WithdrawalView,
} from "@bayon/contract";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { errorText } from "../../../../lib/api-client";
import { checkWith } from "../../../../lib/form";
import { showToast } from "../../../../lib/toast";
import { useDebouncedSubmit } from "../../../../lib/use-debounced-submit";
import { BottomSheet } from "../../../../ui/sheet";
import { MoneyCodeField } from "../../money-code-field";
import { usePlatformText } from "../../platform-strings";
import { downloadPayoutsCsv, platformKeys, revealWithdrawalAccount, sendPlatformCode } from "../platform-api";

/**
 * Paying out (issue 28, decision 023): the operator's step-up before the full account number is
 * shown, for one withdrawal (the reveal sheet) or for every withdrawal awaiting arrival (the
 * bank's bulk-transfer file). The code goes to the operator's own phone; the server logs each
 * reading, which the owner sees, so the sheets say so before the code is asked for.
 */

/** "6222 0202 0011 2233": groups of four, as a card is printed and a bank form is filled. */
export function groupedNumber(digits: string): string {
	return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

function useCode(open: boolean) {
	const [code, setCode] = useState("");
	const [problem, setProblem] = useState<string | null>(null);
	useEffect(() => {
		if (!open) return;
		setCode("");
		setProblem(null);
	}, [open]);
	return {
		code,
		problem,
		setProblem,
		change: (value: string) => {
			setCode(value);
			setProblem(null);
		},
	};
}

/**
 * The full account number and holder of one withdrawal (approved or paid), after the code: shown
 * in the sheet only, never kept; closing it forgets the number, and viewing it again needs a new
 * code. The withdrawal's viewings are read again so the detail lists this one.
 */
export function PlatformRevealSheet({
	withdrawal,
	onClose,
}: {
	withdrawal: WithdrawalView | null;
	onClose: () => void;
}) {
	const { pt, lang } = usePlatformText();
	const queryClient = useQueryClient();
	const code = useCode(withdrawal !== null);
	const [revealed, setRevealed] = useState<RevealedAccount | null>(null);
	useEffect(() => {
		if (!withdrawal) setRevealed(null);
	}, [withdrawal]);
	const [submit, sending] = useDebouncedSubmit(async (target: WithdrawalView) => {
		const checked = checkWith(RevealWithdrawalInput, { id: target.id, code: code.code }, { lang });
		if (checked.problems) return code.setProblem(checked.problems.code ?? Object.values(checked.problems)[0] ?? null);
		try {
			setRevealed(await revealWithdrawalAccount(checked.input));
			await queryClient.invalidateQueries({ queryKey: platformKeys.withdrawal(target.id) });
		} catch (error) {
			code.setProblem(errorText(error));
		}
	});
	if (!withdrawal) return null;
	const close = () => {
		setRevealed(null);
		onClose();
	};
	return (
		<BottomSheet
			open
			onClose={close}
			title={pt("review.revealSheet", { id: withdrawal.id })}
			testId="platform-reveal-sheet"
			footer={
				revealed ? (
					<button
						type="button"
						className="button button--primary button--block"
						onClick={close}
						data-testid="platform-reveal-done"
					>
						{pt("review.revealClose")}
					</button>
				) : (
					<button
						type="button"
						className="button button--primary button--block"
						disabled={sending}
						onClick={() => submit(withdrawal)}
						data-testid="platform-reveal-submit"
					>
						{pt("review.revealSubmit")}
					</button>
				)
			}
		>
			{revealed ? (
				<div className="pf-form" data-testid="platform-revealed">
					<dl className="pf-facts pf-revealed">
						<Fact label={pt("review.holder")} testId="platform-revealed-holder">
							{revealed.holder}
						</Fact>
						<Fact label={pt("review.revealedBank")} testId="platform-revealed-bank">
							{revealed.bank}
						</Fact>
						<Fact label={pt("review.revealedNumber")} testId="platform-revealed-number">
							<span className="pf-revealed__number">{groupedNumber(revealed.accountNumber)}</span>
						</Fact>
					</dl>
					<p className="pf-form__notice">{pt("review.revealedNote")}</p>
				</div>
			) : (
				<div className="pf-form">
					<p className="pf-form__notice" data-testid="platform-reveal-notice">
						{pt("review.revealNotice")}
					</p>
					<MoneyCodeField
						send={sendPlatformCode}
						value={code.code}
						onChange={code.change}
						problem={code.problem ?? undefined}
						testId="platform-reveal-code"
					/>
				</div>
			)}
		</BottomSheet>
	);
}

/**
 * The bank's bulk-transfer file of every withdrawal awaiting arrival (of the shop the page is
 * filtered to, or all), after the code: downloaded, then the page reads the withdrawals again
 * (each now lists the viewing).
 */
export function PlatformExportSheet({
	open,
	shopId,
	onClose,
}: {
	open: boolean;
	shopId: number | null;
	onClose: () => void;
}) {
	const { pt, lang } = usePlatformText();
	const queryClient = useQueryClient();
	const code = useCode(open);
	const [submit, sending] = useDebouncedSubmit(async () => {
		const checked = checkWith(
			ExportPayoutsInput,
			{ code: code.code, ...(shopId === null ? {} : { shopId }) },
			{ lang },
		);
		if (checked.problems) return code.setProblem(checked.problems.code ?? Object.values(checked.problems)[0] ?? null);
		try {
			const count = await downloadPayoutsCsv(checked.input, new Date());
			showToast(pt("review.exported", { count }));
			onClose();
			await queryClient.invalidateQueries({ queryKey: platformKeys.withdrawals });
		} catch (error) {
			code.setProblem(errorText(error));
		}
	});
	if (!open) return null;
	return (
		<BottomSheet
			open
			onClose={onClose}
			title={pt("review.exportSheet")}
			testId="platform-export-sheet"
			footer={
				<button
					type="button"
					className="button button--primary button--block"
					disabled={sending}
					onClick={() => submit()}
					data-testid="platform-export-submit"
				>
					{pt("review.exportSubmit")}
				</button>
			}
		>
			<div className="pf-form">
				<p className="pf-form__notice" data-testid="platform-export-notice">
					{pt("review.exportNotice", { max: PAYOUT_EXPORT_MAX })}
				</p>
				<MoneyCodeField
					send={sendPlatformCode}
					value={code.code}
					onChange={code.change}
					problem={code.problem ?? undefined}
					testId="platform-export-code"
				/>
			</div>
		</BottomSheet>
	);
}

function Fact({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
	return (
		<div className="pf-facts__row">
			<dt>{label}</dt>
			<dd data-testid={testId}>{children}</dd>
		</div>
	);
}
