import { type MerchantShopRef, roleAllows, type ShiftView, type TillMethodLine } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { useAppConfig, useCurrency, useMoney } from "../../../lib/app-config";
import { formatDateTime } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { queryClient } from "../../../lib/query-client";
import { showToast } from "../../../lib/toast";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { ErrorState, LoadingState, NotAllowedState } from "../../../ui/states";
import { MerchantGuard } from "../../merchant/merchant-guard";
import { cashRefund, closeShift, counterKeys, openShift, parseMoney, tillQuery } from "../api";
import { type CounterKey, useCounterText } from "../strings";
import { AmountField, useSecondMoney } from "../take-payment/amount-field";
import { changeText, TakePaymentSheet, type TakeTarget } from "../take-payment/take-payment-sheet";
import "../../../ui/controls.css";
import "../../../ui/staff/merchant.css";
import "../counter.css";

/**
 * merchant/till (班次): the staff member's shift at the counter. It opens with the float counted
 * into the drawer; the page then shows what the till expects per method and this shift's
 * payments (a cash or card one can be handed back); closing asks for the count and shows
 * expected against counted, with the difference. The board's order card and the table bill
 * open the Take payment sheet here (`?take=order&id=…&amount=…&label=…`).
 */
export default function TillScreen() {
	return <MerchantGuard>{(shop) => <TillAccess key={shop.shopId} shop={shop} />}</MerchantGuard>;
}

function TillAccess({ shop }: { shop: MerchantShopRef }) {
	const { ct } = useCounterText();
	if (!roleAllows(shop.role, "counter"))
		return <NotAllowedState message={ct("notAllowed")} testId="till-not-allowed" />;
	return <TillPage shop={shop} />;
}

/** The take target named by the page's address, when a board or bill sent the staff here. */
function takeTargetOf(params: URLSearchParams): TakeTarget | null {
	const purpose = params.get("take");
	const purposeId = Number(params.get("id"));
	const amount = Number(params.get("amount"));
	if ((purpose !== "order" && purpose !== "table_bill") || !Number.isSafeInteger(purposeId) || purposeId < 1)
		return null;
	if (!Number.isSafeInteger(amount) || amount < 1) return null;
	return { purpose, purposeId, amount, label: params.get("label") ?? "" };
}

function TillPage({ shop }: { shop: MerchantShopRef }) {
	const { ct } = useCounterText();
	const till = useQuery(tillQuery(shop.shopId));
	// The tenant's currency (and riel beside it) decides the fields: loaded before they show.
	const config = useAppConfig();
	const [params, setParams] = useSearchParams();
	const target = takeTargetOf(params);
	const refresh = () => void queryClient.invalidateQueries({ queryKey: counterKeys.all });
	const closeSheet = () => {
		setParams({}, { replace: true });
		refresh();
	};
	if (till.isPending || config.isPending) return <LoadingState />;
	if (till.isError && !till.data) return <ErrorState onRetry={() => void till.refetch()} />;
	const open = till.data.open;
	return (
		<div className="merchant page-pad counter-till" data-testid="till-page">
			{open ? (
				<OpenShift shop={shop} shift={open} onChanged={refresh} />
			) : (
				<OpenShiftForm shopId={shop.shopId} onOpened={refresh} />
			)}
			{till.data.closed.length > 0 && (
				<section className="card" data-testid="till-closed">
					<h2 className="section__title">{ct("till.closedList")}</h2>
					{till.data.closed.map((shift) => (
						<ClosedShift key={shift.id} shift={shift} />
					))}
				</section>
			)}
			{target && (
				<TakePaymentSheet
					shopId={shop.shopId}
					target={target}
					shiftOpen={open !== null}
					openShift={<OpenShiftForm shopId={shop.shopId} onOpened={refresh} />}
					onClose={closeSheet}
					onTaken={refresh}
					onPaidByCode={refresh}
				/>
			)}
		</div>
	);
}

function OpenShiftForm({ shopId, onOpened }: { shopId: number; onOpened: () => void }) {
	const { ct } = useCounterText();
	const currency = useCurrency();
	const [floatCash, setFloatCash] = useState("");
	const [floatSecond, setFloatSecond] = useState("");
	const [pending, setPending] = useState(false);
	const [message, setMessage] = useState<string | null>(null);
	const submit = async (event: FormEvent) => {
		event.preventDefault();
		const cash = parseMoney(floatCash, currency.decimals) ?? 0;
		const second = currency.second ? (parseMoney(floatSecond, 0) ?? 0) : 0;
		if (!Number.isFinite(cash) || !Number.isFinite(second)) {
			setMessage(ct("field.amountFormat", { example: (50).toFixed(currency.decimals) }));
			return;
		}
		setPending(true);
		setMessage(null);
		try {
			await openShift({ shopId, floatCash: cash, floatCashSecond: second });
			onOpened();
		} catch (error) {
			setMessage(errorText(error));
		} finally {
			setPending(false);
		}
	};
	return (
		<form className="card form" onSubmit={submit} noValidate data-testid="till-open-form">
			<div className="counter-till__head">
				<h2>{ct("till.title")}</h2>
				<span className="field__hint">{ct("till.none")}</span>
			</div>
			<AmountField
				label={ct("till.float", { currency: currency.code })}
				value={floatCash}
				onChange={setFloatCash}
				symbol={currency.symbol || currency.code}
				after={currency.symbolPosition === "after"}
				decimals={currency.decimals}
				hint={ct("till.floatHint")}
				testId="till-float"
			/>
			{currency.second && (
				<AmountField
					label={ct("till.float", { currency: currency.second.code })}
					value={floatSecond}
					onChange={setFloatSecond}
					symbol={currency.second.symbol}
					after={currency.second.symbolPosition === "after"}
					decimals={0}
					testId="till-float-second"
				/>
			)}
			{message && (
				<p className="field__error" role="alert" data-testid="till-error">
					{message}
				</p>
			)}
			<button
				type="submit"
				className="button button--primary button--block"
				disabled={pending}
				aria-busy={pending}
				data-testid="till-open"
			>
				{pending ? ct("till.opening") : ct("till.open")}
			</button>
		</form>
	);
}

const LINE_LABEL: Record<TillMethodLine["method"], CounterKey> = {
	cash: "method.cash",
	cash_second: "method.cash_second",
	card_terminal: "method.card_terminal",
	balance: "method.balance",
};

/** Per method: expected, and once closed counted and the difference (over in the accent, short in red). */
function MethodLines({ shift }: { shift: ShiftView }) {
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

function OpenShift({ shop, shift, onChanged }: { shop: MerchantShopRef; shift: ShiftView; onChanged: () => void }) {
	const { ct, lang } = useCounterText();
	const money = useMoney();
	const second = useSecondMoney();
	const labels = useDateLabels();
	const [refunding, setRefunding] = useState<ShiftView["takes"][number] | null>(null);
	const refund = async () => {
		const take = refunding;
		setRefunding(null);
		if (!take) return;
		try {
			await cashRefund(shop.shopId, take.id);
			showToast(ct("till.refundDone", { amount: money(take.amount) }));
		} catch (error) {
			showToast(errorText(error));
		} finally {
			onChanged();
		}
	};
	return (
		<>
			<section className="card" data-testid="till-open-shift">
				<div className="counter-till__head">
					<h2>{ct("till.title")}</h2>
					<span className="field__hint">
						{ct("till.openSince", {
							name: shift.staffName,
							time: formatDateTime(shift.openedAt, lang, labels, shift.timeZone),
						})}
					</span>
				</div>
				<p className="field__hint" data-testid="till-float-shown">
					{ct("till.float.show", {
						amount: [money(shift.floatCash), shift.floatCashSecond > 0 ? second(shift.floatCashSecond) : null]
							.filter(Boolean)
							.join(" + "),
					})}
				</p>
				<MethodLines shift={shift} />
				<p className="field__hint">{ct("till.balanceHint")}</p>
			</section>
			<section className="card" data-testid="till-takes">
				<h2 className="section__title">{ct("till.takes")}</h2>
				{shift.takes.length === 0 ? (
					<p className="field__hint">{ct("till.takesEmpty")}</p>
				) : (
					<ul className="counter-takes">
						{shift.takes.map((take) => (
							<li key={take.id} className="counter-take" data-testid={`till-take-${take.id}`}>
								<span className="counter-take__what">
									{take.purpose === "order"
										? ct("take.forOrder", { label: take.label })
										: ct("take.forTable", { label: take.label })}
									<br />
									<span className="counter-take__meta">
										{ct("take.receipt", { no: take.receiptNo })} · {ct(`method.${take.method}`)}
										{take.method === "cash" &&
											` · ${ct("take.change")} ${changeText(take.change ?? 0, take.changeSecond ?? 0, money, second)}`}
										{take.reference ? ` · ${take.reference}` : ""}
									</span>
								</span>
								<span className="counter-take__amount">
									{money(take.amount)}
									{take.status === "refunded" && (
										<>
											<br />
											<span className="counter-take__meta">{ct("till.refunded")}</span>
										</>
									)}
								</span>
								{take.status === "paid" && take.method !== "balance" && (
									<button
										type="button"
										className="button button--ghost button--small"
										onClick={() => setRefunding(take)}
										data-testid="till-refund"
									>
										{take.method === "cash" ? ct("till.refund") : ct("till.refundCard")}
									</button>
								)}
							</li>
						))}
					</ul>
				)}
			</section>
			<CloseShiftForm shopId={shop.shopId} shift={shift} onClosed={onChanged} />
			<ConfirmDialog
				open={refunding !== null}
				message={
					refunding ? ct("till.refundConfirm", { amount: money(refunding.amount), no: refunding.receiptNo }) : ""
				}
				destructive
				onConfirm={() => void refund()}
				onCancel={() => setRefunding(null)}
				testId="till-refund-confirm"
			/>
		</>
	);
}

function CloseShiftForm({ shopId, shift, onClosed }: { shopId: number; shift: ShiftView; onClosed: () => void }) {
	const { ct } = useCounterText();
	const currency = useCurrency();
	const ids = useId();
	const [cash, setCash] = useState("");
	const [cashSecond, setCashSecond] = useState("");
	const [card, setCard] = useState("");
	const [note, setNote] = useState("");
	const [pending, setPending] = useState(false);
	const [message, setMessage] = useState<string | null>(null);
	const submit = async (event: FormEvent) => {
		event.preventDefault();
		const countedCash = parseMoney(cash, currency.decimals);
		const countedSecond = currency.second ? (parseMoney(cashSecond, 0) ?? 0) : 0;
		const countedCard = parseMoney(card, currency.decimals) ?? 0;
		if (
			countedCash === null ||
			!Number.isFinite(countedCash) ||
			!Number.isFinite(countedSecond) ||
			!Number.isFinite(countedCard)
		) {
			setMessage(ct("field.amountFormat", { example: (50).toFixed(currency.decimals) }));
			return;
		}
		setPending(true);
		setMessage(null);
		try {
			await closeShift({ shopId, shiftId: shift.id, countedCash, countedCashSecond: countedSecond, countedCard, note });
			onClosed();
		} catch (error) {
			setMessage(errorText(error));
		} finally {
			setPending(false);
		}
	};
	return (
		<form className="card form" onSubmit={submit} noValidate data-testid="till-close-form">
			<h2 className="section__title">{ct("till.close")}</h2>
			<AmountField
				label={ct("till.countCash", { currency: currency.code })}
				value={cash}
				onChange={setCash}
				symbol={currency.symbol || currency.code}
				after={currency.symbolPosition === "after"}
				decimals={currency.decimals}
				testId="till-count-cash"
			/>
			{currency.second && (
				<AmountField
					label={ct("till.countCash", { currency: currency.second.code })}
					value={cashSecond}
					onChange={setCashSecond}
					symbol={currency.second.symbol}
					after={currency.second.symbolPosition === "after"}
					decimals={0}
					testId="till-count-cash-second"
				/>
			)}
			<AmountField
				label={ct("till.countCard")}
				value={card}
				onChange={setCard}
				symbol={currency.symbol || currency.code}
				after={currency.symbolPosition === "after"}
				decimals={currency.decimals}
				hint={ct("till.countCardHint")}
				testId="till-count-card"
			/>
			<div className="field">
				<label className="field__label" htmlFor={`${ids}-note`}>
					{ct("till.note")}
				</label>
				<input
					id={`${ids}-note`}
					className="field__input"
					value={note}
					onChange={(event) => setNote(event.target.value)}
					maxLength={200}
					placeholder={ct("till.notePlaceholder")}
					data-testid="till-note"
				/>
			</div>
			{message && (
				<p className="field__error" role="alert" data-testid="till-close-error">
					{message}
				</p>
			)}
			<button
				type="submit"
				className="button button--primary button--block"
				disabled={pending}
				aria-busy={pending}
				data-testid="till-close"
			>
				{pending ? ct("till.closing") : ct("till.close")}
			</button>
		</form>
	);
}

function ClosedShift({ shift }: { shift: ShiftView }) {
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
