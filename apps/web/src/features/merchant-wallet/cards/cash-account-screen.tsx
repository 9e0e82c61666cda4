import { BANK_CARDS_MAX, type BankCardView, type MerchantShopRef } from "@bayon/contract";
import { Link } from "react-router";
import { errorText } from "../../../lib/api-client";
import { Paths } from "../../../lib/paths";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { PlusIcon, TrashIcon } from "../../../ui/icons";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { MoneyAccess } from "../money-access";
import { useMoneyText } from "../money-strings";
import { CardTile } from "./card-tile";
import { useBankCards } from "./use-bank-cards";
import "../../../ui/controls.css";
import "../../../ui/staff/merchant.css";
import "../money.css";

/**
 * merchant/cashAccount (owner): the shop's withdrawal accounts as bank cards (bank, holder,
 * •••• last four), "withdrawal in progress" on a card a withdrawal is on its way to, adding
 * one (up to the limit) and unbinding one after the spec's confirmation. The server refuses to
 * unbind a card in use, and its sentence says why and when it can be.
 */
export default function CashAccountScreen() {
	return <MoneyAccess>{(shop) => <CashAccountPage shop={shop} />}</MoneyAccess>;
}

function CashAccountPage({ shop }: { shop: MerchantShopRef }) {
	const { mt } = useMoneyText();
	const { cards, unbinding, setUnbinding, unbind } = useBankCards(shop.shopId);

	if (cards.isError && !cards.data)
		return <ErrorState message={errorText(cards.error)} onRetry={() => void cards.refetch()} />;
	if (!cards.data) return <LoadingState />;
	const list = cards.data;
	return (
		<div className="merchant money-page" data-testid="cash-account-page">
			<section className="card money-section" aria-labelledby="money-cards-title">
				<header className="money-section__head">
					<h2 className="section__title" id="money-cards-title">
						{mt("cards.title")}
					</h2>
					<span className="money-section__meta" data-testid="cards-count">
						{mt("cards.count", { count: list.length, max: BANK_CARDS_MAX })}
					</span>
				</header>
				<p className="money-section__hint">{mt("cards.hint")}</p>
				<CardList cards={list} onUnbind={setUnbinding} />
				{list.length > 0 && <AddCardLink full={list.length >= BANK_CARDS_MAX} />}
			</section>
			{list.length > 0 && (
				<Link to={Paths.merchantCash} className="button button--primary button--block" data-testid="cards-withdraw">
					{mt("cards.withdraw")}
				</Link>
			)}
			<ConfirmDialog
				open={unbinding !== null}
				message={unbinding ? mt("cards.unbindConfirm", { bank: unbinding.bank, last4: unbinding.last4 }) : ""}
				confirmLabel={mt("cards.unbind")}
				destructive
				onCancel={() => setUnbinding(null)}
				onConfirm={() => unbinding && unbind(unbinding)}
				testId="card-unbind-confirm"
			/>
		</div>
	);
}

/** The cards, each with "unbind"; none yet: a way to add the first. */
function CardList({ cards, onUnbind }: { cards: BankCardView[]; onUnbind: (card: BankCardView) => void }) {
	const { mt } = useMoneyText();
	if (cards.length === 0)
		return (
			<EmptyState title={mt("cards.empty")}>
				<p className="money-section__hint">{mt("cards.emptyHint")}</p>
				<Link
					to={Paths.merchantAddCard}
					className="button button--primary money-inline-button"
					data-testid="cards-empty-add"
				>
					<PlusIcon aria-hidden="true" />
					{mt("cards.add")}
				</Link>
			</EmptyState>
		);
	return (
		<ul className="money-cards" data-testid="cards-list">
			{cards.map((card) => (
				<li key={card.id}>
					<CardTile card={card} testId={`card-${card.id}`}>
						<button
							type="button"
							className="text-button money-card__action"
							onClick={() => onUnbind(card)}
							aria-label={mt("cards.unbindLabel", { bank: card.bank, last4: card.last4 })}
							data-testid={`card-${card.id}-unbind`}
						>
							<TrashIcon aria-hidden="true" />
							{mt("cards.unbind")}
						</button>
					</CardTile>
				</li>
			))}
		</ul>
	);
}

/** Another card, or the word that the limit is reached. */
function AddCardLink({ full }: { full: boolean }) {
	const { mt } = useMoneyText();
	if (full)
		return (
			<p className="money-section__hint" data-testid="cards-full">
				{mt("cards.full", { max: BANK_CARDS_MAX })}
			</p>
		);
	return (
		<Link to={Paths.merchantAddCard} className="button button--ghost button--block" data-testid="cards-add">
			<PlusIcon aria-hidden="true" />
			{mt("cards.add")}
		</Link>
	);
}
