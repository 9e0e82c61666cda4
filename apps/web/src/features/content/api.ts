import type { NewsDetail, NewsSummary, PageResult, ServiceContent, ServiceItem } from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/** Content is translated by the server, so every key carries the language. */
export const contentKeys = {
	services: (lang: string) => ["content", "services", lang] as const,
	service: (id: number, lang: string) => ["content", "service", id, lang] as const,
	newsList: (lang: string) => ["content", "news", "list", lang] as const,
	news: (id: number, lang: string) => ["content", "news", id, lang] as const,
};

export const NEWS_PAGE_SIZE = 10;

export const serviceListQuery = (lang: string) =>
	queryOptions({
		queryKey: contentKeys.services(lang),
		queryFn: async () => {
			const list = await api.get<ServiceItem[] | null>("/service/list", undefined, { login: false });
			return Array.isArray(list) ? list : [];
		},
	});

export const serviceContentQuery = (id: number, lang: string) =>
	queryOptions({
		queryKey: contentKeys.service(id, lang),
		queryFn: () => api.get<ServiceContent>("/service/content", { id }, { login: false }),
	});

export const newsListQuery = (lang: string) =>
	queryOptions({
		queryKey: contentKeys.newsList(lang),
		queryFn: async (): Promise<PageResult<NewsSummary>> => {
			const page = await api.get<PageResult<NewsSummary> | null>(
				"/news/list",
				{ page: 1, pageSize: NEWS_PAGE_SIZE },
				{ login: false },
			);
			return { list: Array.isArray(page?.list) ? page.list : [], total: page?.total ?? 0 };
		},
	});

export const newsDetailQuery = (id: number, lang: string) =>
	queryOptions({
		queryKey: contentKeys.news(id, lang),
		queryFn: () => api.get<NewsDetail>(`/news/detail/${id}`, undefined, { login: false }),
	});

/** Slugs of the service pages the login screen links to (user agreement, privacy policy). */
export const AGREEMENT_SLUGS = {
	userAgreement: ["user-agreement", "agreement", "terms"],
	privacyPolicy: ["privacy-policy", "privacy"],
} as const;

/** Paragraphs of a plain-text content body: blank lines separate them. */
export function toParagraphs(content: string): string[] {
	return content
		.replace(/\r\n?/g, "\n")
		.split(/\n\s*\n/)
		.map((paragraph) => paragraph.trim())
		.filter((paragraph) => paragraph.length > 0);
}
