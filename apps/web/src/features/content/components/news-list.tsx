import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { errorText } from "../../../lib/api-client";
import { formatRelativeTime } from "../../../lib/format";
import { useDateLabels, useI18n } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { newsListQuery } from "../api";

/** The latest news on the mine page: each opens the news detail page. */
export function NewsList() {
	const { t, lang } = useI18n();
	const news = useQuery(newsListQuery(lang));
	const dateLabels = useDateLabels();

	let body: ReactNode;
	if (news.isPending) body = <LoadingState compact />;
	else if (news.isError) body = <ErrorState compact message={errorText(news.error)} onRetry={() => news.refetch()} />;
	else if (news.data.list.length === 0) body = <EmptyState compact title={t("mine.noNews")} />;
	else
		body = (
			<ul className="news-list" data-testid="news-list">
				{news.data.list.map((item) => (
					<li key={item.id}>
						<Link
							className="news-list__item"
							to={withQuery(Paths.mineNews, { id: item.id })}
							data-testid={`news-${item.id}`}
						>
							<span className="news-list__title">{item.title}</span>
							{item.summary && <span className="news-list__summary">{item.summary}</span>}
							<time className="news-list__time" dateTime={item.publishedAt}>
								{formatRelativeTime(item.publishedAt, lang, dateLabels)}
							</time>
						</Link>
					</li>
				))}
			</ul>
		);

	return (
		<section className="card section" aria-labelledby="mine-news">
			<h2 className="section__title" id="mine-news">
				{t("mine.news")}
			</h2>
			{body}
		</section>
	);
}
