import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { formatDate } from "../../../lib/format";
import { useDateLabels, useI18n } from "../../../lib/i18n";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { newsDetailQuery, toParagraphs } from "../api";
import { Paragraphs } from "../components/paragraphs";

/** mine/news?id= — one news article. */
export default function NewsScreen() {
	const { t, lang } = useI18n();
	const [params] = useSearchParams();
	const dateLabels = useDateLabels();
	const raw = Number(params.get("id"));
	const id = Number.isInteger(raw) && raw > 0 ? raw : null;
	const news = useQuery({ ...newsDetailQuery(id ?? 0, lang), enabled: id !== null });

	if (id === null) return <EmptyState />;
	if (news.isPending) return <LoadingState />;
	if (news.isError) return <ErrorState message={errorText(news.error)} onRetry={() => news.refetch()} />;

	const article = news.data;
	const paragraphs = toParagraphs(article.content);
	return (
		<article className="article" data-testid="news-page">
			<h2 className="article__title">{article.title}</h2>
			<p className="article__meta">
				{t("news.publishedAt", { date: formatDate(article.publishedAt, lang, dateLabels) })}
			</p>
			{article.summary && <p className="article__lead">{article.summary}</p>}
			{paragraphs.length > 0 ? <Paragraphs paragraphs={paragraphs} /> : <EmptyState compact />}
		</article>
	);
}
