import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Paths } from "../../../lib/paths";
import { useAppState } from "../../../lib/store";
import { CardIcon, ChevronIcon } from "../../../ui/icons";
import { cardListQuery } from "../guest-api";
import { useCardText } from "../guest-strings";
import { useExpiryText } from "./guest-my-card";
import "../guest-membership.css";

/**
 * The mine tab's entry to membership: the member's active card with its expiry, else
 * "become a member". Both open vip/vip. An expired card reads as none (its page says when it
 * ended), and while the card is loading, or the call failed, the entry still leads there.
 */
export function GuestMineCard() {
	const { ct, lang } = useCardText();
	const expiry = useExpiryText();
	const memberId = useAppState((s) => s.member?.id ?? null);
	const list = useQuery({ ...cardListQuery(lang, memberId), enabled: memberId !== null });
	const card = memberId !== null && list.data?.mine?.active ? list.data.mine : null;
	return (
		<Link
			to={Paths.vip}
			className={`card vip-mine-entry${card ? " is-member" : ""}`}
			data-testid={card ? "mine-vip-card" : "mine-vip-join"}
		>
			<CardIcon className="vip-mine-entry__icon" aria-hidden="true" />
			<span className="vip-mine-entry__text">
				<strong>{card ? card.name : ct("mine.join")}</strong>
				<span data-testid={card ? "mine-vip-expiry" : undefined}>{card ? expiry(card) : ct("mine.joinHint")}</span>
			</span>
			<ChevronIcon className="vip-mine-entry__chevron" aria-hidden="true" />
		</Link>
	);
}
