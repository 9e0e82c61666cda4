import { type MerchantShopRef, roleAllows, type ShopTelegramGroup, type TelegramGroupLink } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { showToast } from "../../../lib/toast";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { ChatIcon, CheckIcon, WarningIcon } from "../../../ui/icons";
import { StaffShop } from "../../../ui/staff/staff-shop";
import { ErrorState, LoadingState, NotAllowedState } from "../../../ui/states";
import { createTelegramGroupLink, telegramGroupQuery, unlinkTelegramGroup } from "../api";
import { useNoticeText } from "../strings";
import "../notifications.css";

/** merchant/telegram: the owner links the shop's Telegram staff group, or unlinks it. */
export default function StaffTelegramGroupScreen() {
	return <StaffShop>{(shop) => <TelegramGroupPage shop={shop} />}</StaffShop>;
}

function TelegramGroupPage({ shop }: { shop: MerchantShopRef }) {
	const { ft } = useNoticeText();
	if (!roleAllows(shop.role, "staff")) return <NotAllowedState message={ft("group.noAccess")} testId="tg-no-access" />;
	return <TelegramGroup shopId={shop.shopId} />;
}

/** The link the owner made, and the group linked when they made it (a different one means it was used). */
interface MadeLink extends TelegramGroupLink {
	groupBefore: string | null;
}

function TelegramGroup({ shopId }: { shopId: number }) {
	const { ft } = useNoticeText();
	const group = useQuery(telegramGroupQuery(shopId));
	const [made, setMade] = useState<MadeLink | null>(null);
	const [unlinking, setUnlinking] = useState(false);

	if (group.isPending) return <LoadingState />;
	if (group.isError) return <ErrorState message={errorText(group.error)} onRetry={() => void group.refetch()} />;
	const data = group.data;
	const linkedAt = data.group?.linkedAt ?? null;
	// The group linked after the link was made: the link has done its work.
	const link = made && !(linkedAt && linkedAt !== made.groupBefore) ? made : null;

	const create = async () => {
		try {
			const created = await createTelegramGroupLink(shopId);
			setMade({ ...created, groupBefore: linkedAt });
		} catch {
			// The request layer showed the server's message (Telegram not reachable, no bot).
		}
	};
	const unlink = async () => {
		setUnlinking(false);
		try {
			await unlinkTelegramGroup({ shopId });
			setMade(null);
			showToast(ft("group.unlinked"));
		} catch {
			// Shown by the request layer.
		}
	};

	return (
		<div className="merchant tg-page" data-testid="tg-page">
			<p className="tg-page__intro">{ft("group.intro")}</p>
			{!data.botOn ? (
				<section className="card tg-card tg-card--off" data-testid="tg-bot-off">
					<WarningIcon className="tg-card__icon" aria-hidden="true" />
					<p className="tg-card__body">{ft("group.botOff")}</p>
				</section>
			) : (
				<div className="tg-page__columns">
					<LinkedGroup group={data} onUnlink={() => setUnlinking(true)} />
					<LinkSteps
						replacing={data.group !== null}
						link={link}
						onCreate={() => void create()}
						onRefresh={() => void group.refetch()}
						refreshing={group.isFetching}
					/>
				</div>
			)}
			<ConfirmDialog
				open={unlinking}
				destructive
				message={ft("group.unlinkConfirm", { title: data.group?.title ?? ft("group.untitled") })}
				confirmLabel={ft("group.unlink")}
				onConfirm={() => void unlink()}
				onCancel={() => setUnlinking(false)}
				testId="tg-unlink-confirm"
			/>
		</div>
	);
}

function LinkedGroup({ group, onUnlink }: { group: ShopTelegramGroup; onUnlink: () => void }) {
	const { ft, lang } = useNoticeText();
	const dateLabels = useDateLabels();
	const linked = group.group;
	if (!linked) {
		return (
			<section className="card tg-card tg-card--row" data-testid="tg-no-group">
				<ChatIcon className="tg-card__icon tg-card__icon--muted" aria-hidden="true" />
				<p className="tg-card__title">{ft("group.none")}</p>
			</section>
		);
	}
	return (
		<section className="card tg-card tg-group" aria-labelledby="tg-group-title" data-testid="tg-group">
			<h2 className="section__title" id="tg-group-title">
				{ft("group.linked")}
			</h2>
			<div className="tg-group__row">
				<ChatIcon className="tg-card__icon" aria-hidden="true" />
				<div className="tg-group__text">
					<p className="tg-card__title" data-testid="tg-group-title">
						{linked.title ?? ft("group.untitled")}
					</p>
					<p className="field__hint" data-testid="tg-group-since">
						{ft("group.since", { time: formatDateTime(linked.linkedAt, lang, dateLabels) })}
					</p>
				</div>
			</div>
			{linked.reachable ? (
				<p className="tg-status tg-status--ok" data-testid="tg-group-ok">
					<CheckIcon aria-hidden="true" />
					{ft("group.ok")}
				</p>
			) : (
				<p className="tg-status tg-status--removed" role="alert" data-testid="tg-group-removed">
					<WarningIcon aria-hidden="true" />
					{ft("group.removed")}
				</p>
			)}
			<button
				type="button"
				className="button button--ghost button--small tg-group__unlink"
				onClick={onUnlink}
				data-testid="tg-unlink"
			>
				{ft("group.unlink")}
			</button>
		</section>
	);
}

function LinkSteps({
	replacing,
	link,
	onCreate,
	onRefresh,
	refreshing,
}: {
	replacing: boolean;
	link: TelegramGroupLink | null;
	onCreate: () => void;
	onRefresh: () => void;
	refreshing: boolean;
}) {
	const { ft, lang } = useNoticeText();
	const dateLabels = useDateLabels();
	const copy = async (url: string) => {
		try {
			if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
			await navigator.clipboard.writeText(url);
			showToast(ft("link.copied"));
		} catch {
			showToast(ft("link.copyFailed"));
		}
	};
	return (
		<section className="card tg-card tg-link" aria-labelledby="tg-link-title" data-testid="tg-link">
			<h2 className="section__title" id="tg-link-title">
				{ft(replacing ? "link.titleReplace" : "link.title")}
			</h2>
			{replacing && <p className="field__hint">{ft("link.replaceHint")}</p>}
			<ol className="tg-steps" data-testid="tg-steps">
				<li>{ft("link.step1")}</li>
				<li>{ft("link.step2")}</li>
				<li>{ft("link.step3")}</li>
			</ol>
			{link ? (
				<div className="tg-link__made" data-testid="tg-link-made">
					<p className="tg-link__url" data-testid="tg-link-url">
						{link.url}
					</p>
					<p className="field__hint" data-testid="tg-link-expiry">
						{ft("link.expires", { time: formatDateTime(link.expiresAt, lang, dateLabels) })}
					</p>
					<div className="tg-link__actions">
						<a
							className="button button--primary"
							href={link.url}
							target="_blank"
							rel="noopener noreferrer"
							data-testid="tg-link-open"
						>
							{ft("link.open")}
						</a>
						<button
							type="button"
							className="button button--ghost"
							onClick={() => void copy(link.url)}
							data-testid="tg-link-copy"
						>
							{ft("link.copy")}
						</button>
					</div>
					<p className="field__hint">{ft("link.waiting")}</p>
					<div className="tg-link__actions">
						<button
							type="button"
							className="button button--ghost button--small"
							onClick={onRefresh}
							disabled={refreshing}
							data-testid="tg-refresh"
						>
							{ft("refresh")}
						</button>
						<button
							type="button"
							className="button button--ghost button--small"
							onClick={onCreate}
							data-testid="tg-create-link"
						>
							{ft("link.createAgain")}
						</button>
					</div>
				</div>
			) : (
				<button
					type="button"
					className="button button--primary button--block"
					onClick={onCreate}
					data-testid="tg-create-link"
				>
					{ft("link.create")}
				</button>
			)}
		</section>
	);
}
