import type { MerchantShopRef, ShiftView } from "@bayon/contract";
import { useMoney } from "../../../lib/app-config";
import { formatDateTime } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { useCounterText } from "../strings";
import { useSecondMoney } from "../take-payment/amount-field";
import { changeText } from "../take-payment/take-payment-sheet";
import { CloseShiftForm } from "./close-shift-form";
import { MethodLines } from "./shift-lines";
import { type ShiftTake, useShiftRefund } from "./use-shift-refund";

/** The open shift: its float, what the till expects, its payments (handed back here), and closing it. */
export function OpenShift({
	shop,
	shift,
	onChanged,
}: {
	shop: MerchantShopRef;
	shift: ShiftView;
	onChanged: () => void;
}) {
	const { ct, lang } = useCounterText();
	const money = useMoney();
	const second = useSecondMoney();
	const labels = useDateLabels();
	const { refunding, setRefunding, refund } = useShiftRefund({ shopId: shop.shopId, onChanged });
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
			<ShiftTakes shift={shift} onRefund={setRefunding} />
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

/** This shift's payments, each cash or card one with its hand-back button. */
function ShiftTakes({ shift, onRefund }: { shift: ShiftView; onRefund: (take: ShiftTake) => void }) {
	const { ct } = useCounterText();
	const money = useMoney();
	const second = useSecondMoney();
	return (
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
									onClick={() => onRefund(take)}
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
	);
}
