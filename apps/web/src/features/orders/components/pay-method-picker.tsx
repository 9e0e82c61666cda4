import type { PayMethod } from "@bayon/contract";
import { useId } from "react";
import { useMoney } from "../../../lib/app-config";
import { useI18n } from "../../../lib/i18n";
import { useAppState } from "../../../lib/store";

function isWechatBrowser(): boolean {
	return /MicroMessenger/i.test(navigator.userAgent);
}

/**
 * The payment methods with the spec's browser hints: WeChat Pay only inside WeChat, Alipay
 * only outside it; both stay disabled until the shop's gateways are configured.
 */
export function PayMethodPicker({ value, onChange }: { value: PayMethod; onChange: (method: PayMethod) => void }) {
	const { t, m } = useI18n();
	const money = useMoney();
	const member = useAppState((s) => s.member);
	const titleId = useId();
	const inWechat = isWechatBrowser();
	const methods: Array<{ method: PayMethod; label: string; note?: string; disabled?: boolean }> = [
		{
			method: "balance",
			label: t("pay.balance"),
			note: member ? t("pay.balanceLeft", { amount: money(member.balance) }) : undefined,
		},
		{ method: "sandbox", label: t("pay.sandbox") },
		{
			method: "wechat",
			label: t("pay.wechat"),
			note: inWechat ? m("featureNotOpen") : m("openInWechatForWechatPay"),
			disabled: true,
		},
		{
			method: "alipay",
			label: t("pay.alipay"),
			note: inWechat ? m("openInBrowserForAlipay") : m("featureNotOpen"),
			disabled: true,
		},
	];
	return (
		<section className="card cart-card" aria-labelledby={titleId}>
			<h2 className="cart-card__title" id={titleId}>
				{t("pay.method")}
			</h2>
			<div className="pay-methods" role="radiogroup" aria-labelledby={titleId}>
				{methods.map(({ method, label, note, disabled }) => (
					<label
						key={method}
						className={`pay-method${disabled ? " is-disabled" : ""}`}
						data-testid={`pay-method-${method}`}
					>
						<input
							type="radio"
							name="pay-method"
							value={method}
							checked={value === method}
							disabled={disabled}
							onChange={() => onChange(method)}
						/>
						<span className="pay-method__label">{label}</span>
						{note && <span className="pay-method__note">{note}</span>}
					</label>
				))}
			</div>
		</section>
	);
}
