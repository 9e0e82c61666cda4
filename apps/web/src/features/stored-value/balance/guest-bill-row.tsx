import type { BillEntry, BillEntryKind } from "@bayon/contract";
import type { ComponentType, SVGProps } from "react";
import { Link } from "react-router";
import { useMoney } from "../../../lib/app-config";
import { formatDateTime } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import {
	CalendarIcon,
	CardIcon,
	GiftIcon,
	PlusIcon,
	ReceiptIcon,
	RefundIcon,
	StarIcon,
	StoreIcon,
} from "../../../ui/icons";
import { useStoredValueText } from "../guest-strings";

const kindIcons: Record<BillEntryKind, ComponentType<SVGProps<SVGSVGElement>>> = {
	recharge: PlusIcon,
	bonus: GiftIcon,
	orderPayment: ReceiptIcon,
	refund: RefundIcon,
	cardPurchase: CardIcon,
	counterPayment: StoreIcon,
	reservationPayment: CalendarIcon,
	grant: StarIcon,
};

/** One movement of the balance: what it was, what it was for, the signed amount and the balance after it. */
export function GuestBillRow({ entry }: { entry: BillEntry }) {
	const { st, lang } = useStoredValueText();
	const money = useMoney();
	const labels = useDateLabels();
	const Icon = kindIcons[entry.kind] ?? ReceiptIcon;
	const incoming = entry.amount > 0;
	return (
		<li className="sv-entry" data-testid={`bill-entry-${entry.id}`} data-kind={entry.kind}>
			<span className={`sv-entry__icon${incoming ? " is-in" : ""}`}>
				<Icon />
			</span>
			<div className="sv-entry__main">
				<span className="sv-entry__title">{st(`kind.${entry.kind}`)}</span>
				<EntryLink entry={entry} />
				<time className="sv-entry__time" dateTime={entry.at}>
					{formatDateTime(entry.at, lang, labels)}
				</time>
			</div>
			<div className="sv-entry__amounts">
				<span className={`sv-entry__amount${incoming ? " is-in" : ""}`} data-testid="bill-entry-amount">
					{incoming ? `+${money(entry.amount)}` : money(entry.amount)}
				</span>
				<span className="sv-entry__after" data-testid="bill-entry-after">
					{st("entry.balanceAfter", { amount: money(entry.balanceAfter) })}
				</span>
			</div>
		</li>
	);
}

/** What the movement was for: the order and the booking open their pages; a card, shop or recharge is named. */
function EntryLink({ entry }: { entry: BillEntry }) {
	const { st } = useStoredValueText();
	const link = entry.link;
	if (!link) return null;
	const page = (to: string, text: string) => (
		<Link to={to} className="sv-entry__link is-link" data-testid="bill-entry-link">
			{text}
		</Link>
	);
	const named = (text: string) => (
		<span className="sv-entry__link" data-testid="bill-entry-link">
			{text}
		</span>
	);
	switch (link.kind) {
		case "order":
			return page(withQuery(Paths.orderDetail, { id: link.id }), st("link.order", { no: link.orderNo }));
		case "reservation":
			return page(withQuery(Paths.dueDetail, { id: link.id }), st("link.reservation", { id: link.id }));
		case "card":
			return page(Paths.vip, link.name);
		case "counter":
			return named(link.shopName);
		case "recharge":
			return named(st("link.recharge", { id: link.id }));
		default:
			return null;
	}
}
