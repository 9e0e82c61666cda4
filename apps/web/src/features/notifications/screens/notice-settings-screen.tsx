import type { NoticeCategory, NoticeSettings } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { errorText, wasToasted } from "../../../lib/api-client";
import { Paths } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { useAppState } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { BellIcon, ChatIcon, InfoIcon, WarningIcon } from "../../../ui/icons";
import { ErrorState, LoadingState } from "../../../ui/states";
import "../../../ui/controls.css";
import { noticeKeys, noticeSettingsQuery, saveNoticeSetting } from "../api";
import { useNoticeText } from "../strings";
import "../notifications.css";

/** mine/notices: whether the bot can reach the member, and one switch per kind of message. */
export default function NoticeSettingsScreen() {
	const { ft, t } = useNoticeText();
	const member = useAppState((s) => s.member);
	if (!member) {
		return (
			<section className="status-page" data-testid="notices-signed-out">
				<p className="status-page__body">{ft("signInFirst")}</p>
				<Link to={Paths.login} className="button button--primary">
					{t("mine.signIn")}
				</Link>
			</section>
		);
	}
	return <NoticeSettingsPage />;
}

function NoticeSettingsPage() {
	const settings = useQuery(noticeSettingsQuery());
	if (settings.isPending) return <LoadingState />;
	if (settings.isError)
		return <ErrorState message={errorText(settings.error)} onRetry={() => void settings.refetch()} />;
	return (
		<div className="notices" data-testid="notices-page">
			<ReachCard settings={settings.data} />
			<Switches settings={settings.data} />
		</div>
	);
}

const REACH_ICON = {
	on: ChatIcon,
	notLinked: InfoIcon,
	notAllowed: WarningIcon,
	blocked: WarningIcon,
	botOff: InfoIcon,
};

function ReachCard({ settings }: { settings: NoticeSettings }) {
	const { ft } = useNoticeText();
	const { reach, botUsername } = settings;
	const bot = botUsername ? `@${botUsername}` : ft("theBot");
	const Icon = REACH_ICON[reach];
	// Only pressing Start in the bot's own chat lets it write: the link opens that chat.
	const needsStart = (reach === "notAllowed" || reach === "blocked") && botUsername;
	return (
		<section className={`card notices-reach notices-reach--${reach}`} data-testid={`notices-reach-${reach}`}>
			<Icon className="notices-reach__icon" aria-hidden="true" />
			<div className="notices-reach__text">
				<h2 className="notices-reach__title">{ft(`reach.${reach}.title`)}</h2>
				<p className="notices-reach__body">{ft(`reach.${reach}.body`, { bot })}</p>
				{needsStart && (
					<a
						className="button button--primary button--small notices-reach__action"
						href={`https://t.me/${botUsername}`}
						target="_blank"
						rel="noopener noreferrer"
						data-testid="notices-open-bot"
					>
						{ft("openBot", { bot })}
					</a>
				)}
			</div>
		</section>
	);
}

/** Sets one category in the cached settings (the page shows the change before the server answers). */
function withCategory(settings: NoticeSettings, category: NoticeCategory, enabled: boolean): NoticeSettings {
	return {
		...settings,
		categories: settings.categories.map((row) => (row.category === category ? { ...row, enabled } : row)),
	};
}

function Switches({ settings }: { settings: NoticeSettings }) {
	const { ft } = useNoticeText();

	const toggle = async (category: NoticeCategory, enabled: boolean) => {
		const current = queryClient.getQueryData<NoticeSettings>(noticeKeys.settings);
		if (current) queryClient.setQueryData(noticeKeys.settings, withCategory(current, category, enabled));
		try {
			const saved = await saveNoticeSetting({ category, enabled });
			// Another switch may have changed meanwhile: keep its pending value, take this one's answer.
			const latest = queryClient.getQueryData<NoticeSettings>(noticeKeys.settings);
			const others = latest?.categories.filter((row) => row.category !== category) ?? [];
			queryClient.setQueryData(noticeKeys.settings, {
				...saved,
				categories: saved.categories.map((row) => others.find((other) => other.category === row.category) ?? row),
			});
		} catch (error) {
			// Only this switch goes back: another one changed meanwhile keeps its own outcome.
			const latest = queryClient.getQueryData<NoticeSettings>(noticeKeys.settings);
			if (latest) queryClient.setQueryData(noticeKeys.settings, withCategory(latest, category, !enabled));
			if (!wasToasted(error)) showToast(errorText(error));
		}
	};

	return (
		<section className="card notices-switches" aria-labelledby="notices-switches-title" data-testid="notices-switches">
			<div className="notices-switches__head">
				<BellIcon className="notices-switches__icon" aria-hidden="true" />
				<h2 className="section__title" id="notices-switches-title">
					{ft("switches.title")}
				</h2>
			</div>
			{settings.reach !== "on" && (
				<p className="field__hint notices-switches__pending" data-testid="notices-pending">
					{ft("switches.pending")}
				</p>
			)}
			<ul className="notices-switches__list">
				{settings.categories.map(({ category, enabled }) => (
					<li key={category}>
						<label className="switch-row notices-switches__row" data-testid={`notice-${category}`}>
							<span className="switch-row__text">
								<span className="notices-switches__name">{ft(`cat.${category}`)}</span>
								<span className="field__hint">{ft(`cat.${category}.hint`)}</span>
							</span>
							<input
								type="checkbox"
								role="switch"
								className="switch"
								aria-checked={enabled}
								checked={enabled}
								onChange={(event) => void toggle(category, event.target.checked)}
								data-testid={`notice-switch-${category}`}
							/>
						</label>
					</li>
				))}
			</ul>
		</section>
	);
}
