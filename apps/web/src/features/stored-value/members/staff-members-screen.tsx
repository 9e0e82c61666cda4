import { type MemberMobile, type MemberSummary, type MerchantShopRef, roleAllows } from "@bayon/contract";
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { errorText } from "../../../lib/api-client";
import { useMoney } from "../../../lib/app-config";
import { formatDateInZone, formatRelativeTime } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { useReachBottom } from "../../../lib/use-reach-bottom";
import { CardIcon, CloseIcon, EyeIcon, SearchIcon } from "../../../ui/icons";
import { StaffShop } from "../../../ui/staff/staff-shop";
import { EmptyState, ErrorState, LoadingState, NotAllowedState } from "../../../ui/states";
import { shopDetailQuery } from "../../venues/api";
import { membersQuery, revealMemberMobile } from "../staff-api";
import { MEMBER_CONTACT_PERMISSION, MEMBERS_PERMISSION } from "../staff-permissions";
import { useStaffStoredValueText } from "../staff-strings";
import { useDebouncedValue } from "../staff-use-debounced-value";
import "../../../ui/controls.css";
import "../../../ui/staff/merchant.css";
import "../staff-stored-value.css";
import "../staff-members.css";

/**
 * merchant/members (owner and manager): the tenant's members with their balance, VIP card and
 * last visit, searched by nickname or phone digits (asked once the typing pauses), more loaded
 * by cursor as the list's end comes into view. Phones are masked; an owner taps to see one
 * member's full number, and the server logs each look (issue 27).
 */
export default function StaffMembersScreen() {
	return <StaffShop>{(shop) => <MembersAccess key={shop.shopId} shop={shop} />}</StaffShop>;
}

function MembersAccess({ shop }: { shop: MerchantShopRef }) {
	const { st } = useStaffStoredValueText();
	if (!roleAllows(shop.role, MEMBERS_PERMISSION))
		return <NotAllowedState message={st("sv.onlyOwner")} testId="members-not-allowed" />;
	return <MembersPage shopId={shop.shopId} canReveal={roleAllows(shop.role, MEMBER_CONTACT_PERMISSION)} />;
}

/** The search the server accepts (contract MemberListQuery.q: at most 30 characters, trimmed). */
const SEARCH_MAX = 30;

function MembersPage({ shopId, canReveal }: { shopId: number; canReveal: boolean }) {
	const { st, lang } = useStaffStoredValueText();
	const id = useId();
	const [typed, setTyped] = useState("");
	const q = useDebouncedValue(typed.trim(), 300);
	const list = useInfiniteQuery({ ...membersQuery(shopId, q), placeholderData: keepPreviousData });
	const timeZone = useQuery(shopDetailQuery(shopId, lang)).data?.timezone;
	useReachBottom(
		() => void list.fetchNextPage(),
		list.hasNextPage && !list.isFetchingNextPage && !list.isFetchNextPageError && !list.isPlaceholderData,
	);
	const members = useMemo(() => list.data?.pages.flatMap((page) => page.list) ?? [], [list.data]);

	return (
		<div className="merchant page-pad sv-staff" data-testid="members-page">
			<div className="sv-search">
				<SearchIcon className="sv-search__icon" />
				<label className="visually-hidden" htmlFor={`${id}-q`}>
					{st("members.searchLabel")}
				</label>
				<input
					id={`${id}-q`}
					className="field__input"
					type="text"
					inputMode="search"
					enterKeyHint="search"
					value={typed}
					maxLength={SEARCH_MAX}
					placeholder={st("members.searchPlaceholder")}
					autoComplete="off"
					onChange={(event) => setTyped(event.target.value)}
					data-testid="members-search"
				/>
				{typed && (
					<button
						type="button"
						className="icon-button sv-search__clear"
						aria-label={st("members.clearSearch")}
						onClick={() => setTyped("")}
						data-testid="members-search-clear"
					>
						<CloseIcon />
					</button>
				)}
			</div>

			{list.isPending ? (
				<LoadingState />
			) : list.isError && members.length === 0 ? (
				<ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
			) : members.length === 0 ? (
				<EmptyState title={q ? st("members.noMatch", { q }) : st("members.empty")} />
			) : (
				<>
					<ul className="sv-members" aria-busy={list.isPlaceholderData} data-testid="members-list">
						{members.map((member) => (
							<MemberRow
								key={member.memberId}
								member={member}
								timeZone={timeZone}
								reveal={canReveal ? () => revealMemberMobile(shopId, member.memberId) : null}
							/>
						))}
					</ul>
					<div className="sv-list-end" data-testid="members-end">
						{list.isFetchingNextPage ? (
							<LoadingState compact />
						) : list.isFetchNextPageError ? (
							<ErrorState compact message={errorText(list.error)} onRetry={() => void list.fetchNextPage()} />
						) : list.hasNextPage ? null : (
							<span>{st("members.noMore")}</span>
						)}
					</div>
				</>
			)}
		</div>
	);
}

function MemberRow({
	member,
	timeZone,
	reveal,
}: {
	member: MemberSummary;
	timeZone: string | undefined;
	/** The owner's way to the full number (null for managers: they see it masked only). */
	reveal: (() => Promise<MemberMobile>) | null;
}) {
	const { st, lang } = useStaffStoredValueText();
	const money = useMoney();
	const labels = useDateLabels();
	const date = (value: string) => formatDateInZone(value, lang, labels, timeZone);
	return (
		<li className="card sv-member" data-testid={`member-${member.memberId}`}>
			<p className="sv-member__name">{member.nickname}</p>
			<MemberPhone member={member} reveal={reveal} />
			<span className="sv-member__balance">
				<span className="sv-member__balance-label">{st("members.balance")}</span>
				<span className="sv-member__balance-value" data-testid={`member-${member.memberId}-balance`}>
					{money(member.balance)}
				</span>
			</span>
			<span className="sv-member__meta">
				<span className="sv-member__card" data-testid={`member-${member.memberId}-card`}>
					<CardIcon aria-hidden="true" />
					{member.card
						? st("members.card", { name: member.card.name, date: date(member.card.expiresAt) })
						: st("members.noCard")}
				</span>
				<span data-testid={`member-${member.memberId}-visit`}>
					{member.lastVisitAt
						? st("members.lastVisit", { when: formatRelativeTime(member.lastVisitAt, lang, labels) })
						: st("members.neverVisited")}
				</span>
				<span>{st("members.joined", { date: date(member.joinedAt) })}</span>
			</span>
		</li>
	);
}

/**
 * The member's phone as the list gives it (masked, 138****0003) and, for an owner, a tap that
 * asks the server for the full number, which logs the look; shown as a link to call until the
 * page is left. Nothing is asked before the tap.
 */
function MemberPhone({ member, reveal }: { member: MemberSummary; reveal: (() => Promise<MemberMobile>) | null }) {
	const { st } = useStaffStoredValueText();
	const shown = useMutation({ mutationFn: () => (reveal ? reveal() : Promise.reject(new Error("not allowed"))) });
	const id = member.memberId;
	if (shown.data)
		return (
			<a
				className="sv-member__phone sv-member__phone--full"
				href={`tel:${shown.data.mobile}`}
				data-testid={`member-${id}-phone`}
			>
				{shown.data.mobile}
			</a>
		);
	return (
		<span className="sv-member__phone-line">
			<span className="sv-member__phone" data-testid={`member-${id}-phone`}>
				{member.mobile}
			</span>
			{reveal && (
				<button
					type="button"
					className="sv-member__reveal"
					aria-label={st("members.revealLabel", { name: member.nickname })}
					disabled={shown.isPending}
					onClick={() => shown.mutate()}
					data-testid={`member-${id}-reveal`}
				>
					<EyeIcon aria-hidden="true" />
					{st("members.reveal")}
				</button>
			)}
			{shown.isError && (
				<span className="sv-member__reveal-error" role="alert" data-testid={`member-${id}-reveal-error`}>
					{st("members.revealFailed")}
				</span>
			)}
		</span>
	);
}
