import {
	type CardPurchaseView,
	ErrorCode,
	type KhqrCurrency,
	type PayMethod,
	type VipCardDetail,
} from "@bayon/contract";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ApiError, errorText } from "../../../lib/api-client";
import { useMoney, usePrice } from "../../../lib/app-config";
import { Paths } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { WalletIcon, WarningIcon } from "../../../ui/icons";
import { BottomSheet } from "../../../ui/sheet";
import { identityKeys } from "../../identity/api";
import { railCurrencyFor } from "../../payments/checkout/pay-method";
import { PayMethodPicker } from "../../payments/checkout/pay-method-picker";
import { buyCard, invalidateCards, newPurchaseKey, rememberExtending } from "../guest-api";
import { useCardDate } from "../guest-format";
import { useCardText } from "../guest-strings";
import "../../../ui/controls.css";

/** A purchase the server refused: its message, and whether more balance would have paid it. */
interface Refusal {
	message: string;
	insufficient: boolean;
}

/**
 * The confirm step of buying a card: what is bought (and, for a renewal, from when it adds its
 * days), the price, and how to pay: the balance (shown; when it does not cover the price the
 * page says so and offers a recharge) or the sandbox gateway, which sends the payer away and
 * back to the card's page. One idempotency key per purchase intent: a double tap or a retry
 * after a lost answer buys once; a changed method or a refusal starts a new intent.
 */
export function BuySheet({
	detail,
	open,
	onClose,
	onBought,
}: {
	detail: VipCardDetail;
	open: boolean;
	onClose: () => void;
	onBought: (purchase: CardPurchaseView, extended: boolean) => void;
}) {
	const { ct, plural, m } = useCardText();
	const price = usePrice();
	const money = useMoney();
	const date = useCardDate();
	const { card, mine, balance } = detail;
	const extending = detail.purchase.allowed && detail.purchase.extends;
	const [method, setMethod] = useState<PayMethod>("balance");
	const [railCurrency, setRailCurrency] = useState<KhqrCurrency | null>(null);
	const [refusal, setRefusal] = useState<Refusal | null>(null);
	const purchaseKey = useRef(newPurchaseKey());
	const short = balance !== null && balance < card.price;

	// Each opening of the sheet is a new purchase intent.
	useEffect(() => {
		if (open) {
			purchaseKey.current = newPurchaseKey();
			setRefusal(null);
		}
	}, [open]);

	const changeMethod = (next: PayMethod) => {
		if (next === method) return;
		purchaseKey.current = newPurchaseKey();
		setRefusal(null);
		setMethod(next);
	};

	const [pay, paying] = useDebouncedSubmit(async () => {
		let purchase: CardPurchaseView;
		try {
			purchase = await buyCard(
				{ cardTypeId: card.id, payMethod: method, railCurrency: railCurrencyFor(method, railCurrency) },
				purchaseKey.current,
			);
		} catch (error) {
			if (error instanceof ApiError) {
				// Refused: nothing was bought, so the next try is a new intent; the page asks again
				// whether (and how) the card can be bought.
				purchaseKey.current = newPurchaseKey();
				setRefusal({ message: errorText(error), insufficient: error.code === ErrorCode.InsufficientBalance });
				void invalidateCards();
				void queryClient.invalidateQueries({ queryKey: identityKeys.member });
				return;
			}
			// No answer (network, timeout): the purchase may exist; the same key finds it on a retry.
			showToast(errorText(error));
			return;
		}
		if (purchase.redirectUrl) {
			rememberExtending(purchase.id, extending);
			window.location.assign(purchase.redirectUrl);
			return;
		}
		void invalidateCards();
		void queryClient.invalidateQueries({ queryKey: identityKeys.member });
		onBought(purchase, extending);
	});

	return (
		<BottomSheet
			open={open}
			onClose={onClose}
			title={ct("buy.title")}
			testId="vip-buy-sheet"
			footer={
				<button
					type="button"
					className="button button--primary button--block"
					onClick={() => pay()}
					disabled={paying}
					data-testid="vip-pay"
				>
					{paying ? ct("buy.paying") : ct("buy.pay", { amount: price(card.price) })}
				</button>
			}
		>
			<div className="vip-buy">
				<dl className="vip-buy__lines">
					<div className="vip-buy__line">
						<dt>{ct("buy.card")}</dt>
						<dd>{card.name}</dd>
					</div>
					<div className="vip-buy__line">
						<dt>{ct("buy.validity")}</dt>
						<dd>{plural("unit.days", card.validityDays)}</dd>
					</div>
					<div className="vip-buy__line vip-buy__line--total">
						<dt>{ct("buy.price")}</dt>
						<dd className="price" data-testid="vip-buy-price">
							{price(card.price)}
						</dd>
					</div>
				</dl>
				<p className="vip-note" data-testid="vip-buy-when">
					{extending && mine
						? ct("detail.extends", { date: date(mine.expiresAt), days: plural("unit.days", card.validityDays) })
						: ct("buy.startsNow")}
				</p>
				<PayMethodPicker
					value={method}
					onChange={changeMethod}
					total={card.price}
					balance={balance}
					balanceShortNote={ct("buy.balanceShort", { amount: money(balance ?? 0) })}
					railCurrency={railCurrency}
					onRailCurrencyChange={(next) => {
						// Another currency is another purchase intent (its request differs).
						purchaseKey.current = newPurchaseKey();
						setRailCurrency(next);
					}}
				/>
				{refusal ? (
					<div className="vip-refused" role="alert" data-testid="vip-buy-refused">
						<WarningIcon className="vip-refused__icon" aria-hidden="true" />
						<p>{refusal.insufficient ? m("insufficientBalance") : refusal.message}</p>
						{refusal.insufficient && <RechargeLink />}
					</div>
				) : (
					short && <RechargeLink />
				)}
				<p className="vip-note">{ct("buy.noRefund")}</p>
			</div>
		</BottomSheet>
	);
}

function RechargeLink() {
	const { ct } = useCardText();
	return (
		<Link to={Paths.balance} className="button button--ghost button--small vip-recharge" data-testid="vip-recharge">
			<WalletIcon aria-hidden="true" />
			{ct("buy.recharge")}
		</Link>
	);
}
