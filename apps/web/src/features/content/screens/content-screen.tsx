import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { errorText } from "../../../lib/api-client";
import { formatDate } from "../../../lib/format";
import { useDateLabels, useI18n } from "../../../lib/i18n";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { serviceContentQuery, serviceListQuery, toParagraphs } from "../api";
import { Paragraphs } from "../components/paragraphs";

function parseId(raw: string | null): number | null {
	const id = raw === null ? Number.NaN : Number(raw);
	return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * mine/content?id= — a service page (help, about us, user agreement, privacy policy).
 * `?slug=` is also accepted: the id is then looked up in the service list.
 */
export default function ContentScreen() {
	const { t, lang } = useI18n();
	const [params] = useSearchParams();
	const dateLabels = useDateLabels();
	const idParam = parseId(params.get("id"));
	const slugs = (params.get("slug") ?? "").split(",").filter(Boolean);

	const list = useQuery({ ...serviceListQuery(lang), enabled: idParam === null && slugs.length > 0 });
	const slugId = list.data?.find((item) => slugs.includes(item.slug))?.id ?? null;
	const id = idParam ?? slugId;

	const content = useQuery({ ...serviceContentQuery(id ?? 0, lang), enabled: id !== null });

	if (id === null) {
		if (list.isPending && list.fetchStatus !== "idle") return <LoadingState />;
		if (list.isError) return <ErrorState message={errorText(list.error)} onRetry={() => list.refetch()} />;
		return <EmptyState />;
	}
	if (content.isPending) return <LoadingState />;
	if (content.isError) {
		return <ErrorState message={errorText(content.error)} onRetry={() => content.refetch()} />;
	}
	const page = content.data;
	const paragraphs = toParagraphs(page.content);
	return (
		<article className="article" data-testid="content-page">
			<h2 className="article__title">{page.name}</h2>
			{page.updatedAt && (
				<p className="article__meta">
					{t("content.updatedAt", { date: formatDate(page.updatedAt, lang, dateLabels) })}
				</p>
			)}
			{paragraphs.length > 0 ? <Paragraphs paragraphs={paragraphs} /> : <EmptyState compact />}
		</article>
	);
}
