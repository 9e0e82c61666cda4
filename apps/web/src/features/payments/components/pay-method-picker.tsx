import type { PayMethod } from "@bayon/contract";
import { useEffect, useId } from "react";
import { useMoney } from "../../../lib/app-config";
import { useI18n } from "../../../lib/i18n";
import { useAppState } from "../../../lib/store";
import { CardIcon, WalletIcon } from "../../../ui/icons";
import { type PayMethodChoice, payableMethod, payMethodChoices } from "../pay-method";
import "../../../ui/controls.css";
import "../pay-method-picker.css";

function isWechatBrowser(): boolean {
	return /MicroMessenger/i.test(navigator.userAgent);
}

/**
 * The payment methods, with a method that can pay always selected: the stored balance only
 * when it covers `total` (else it says it is short and the first gateway is chosen), WeChat
 * Pay and Alipay with the spec's browser hints until the shop's gateways are configured.
 */
export function PayMethodPicker({
	value,
	onChange,
	total = null,
	balance: givenBalance,
	balanceShortNote,
}: {
	value: PayMethod;
	onChange: (method: PayMethod) => void;
	/** What is to be paid; null while it is being priced (then the balance is not ruled out). */
	total?: number | null;
	/** The payer's balance as the page's own call answered it; else the signed-in member's. */
	balance?: number | null;
	/** The note under a balance that does not cover the total (the pay page's speaks of an order). */
	balanceShortNote?: string;
}) {
	const { t, m } = useI18n();
	const money = useMoney();
	const member = useAppState((s) => s.member);
	const titleId = useId();
	const balance = givenBalance ?? member?.balance ?? null;
	const choices = payMethodChoices({ balance, total, inWechat: isWechatBrowser() });
	const selected = payableMethod(value, choices);
	useEffect(() => {
		if (selected !== value) onChange(selected);
	}, [selected, value, onChange]);

	const notes: Record<Exclude<PayMethodChoice["unavailable"], null>, string> = {
		balanceShort: balanceShortNote ?? t("pay.balanceShort", { amount: money(balance ?? 0) }),
		wechatOnly: m("openInWechatForWechatPay"),
		browserOnly: m("openInBrowserForAlipay"),
		notOpen: m("featureNotOpen"),
	};
	return (
		<section className="card pay-card" aria-labelledby={titleId} data-testid="pay-methods">
			<h2 className="pay-card__title" id={titleId}>
				{t("pay.method")}
			</h2>
			<div className="pay-methods" role="radiogroup" aria-labelledby={titleId}>
				{choices.map(({ method, unavailable }) => {
					const checked = selected === method;
					const note = unavailable
						? notes[unavailable]
						: method === "balance" && balance !== null
							? t("pay.balanceLeft", { amount: money(balance) })
							: undefined;
					const Icon = method === "balance" ? WalletIcon : CardIcon;
					return (
						<label
							key={method}
							className={`pay-method${unavailable ? " is-disabled" : ""}${checked ? " is-selected" : ""}`}
							data-testid={`pay-method-${method}`}
							data-unavailable={unavailable ?? undefined}
						>
							<Icon className="pay-method__icon" />
							<span className="pay-method__label">{t(`pay.${method}`)}</span>
							<input
								type="radio"
								name="pay-method"
								className="radio"
								value={method}
								checked={checked}
								disabled={unavailable !== null}
								onChange={() => onChange(method)}
							/>
							{note && (
								<span
									className={`pay-method__note${unavailable === "balanceShort" ? " is-warning" : ""}`}
									data-testid={unavailable === "balanceShort" ? "pay-balance-short" : undefined}
								>
									{note}
								</span>
							)}
						</label>
					);
				})}
			</div>
		</section>
	);
}
