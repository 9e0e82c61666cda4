import { errorText } from "../lib/api-client";
import { ErrorState, LoadingState } from "./states";

/** What a paged list's end needs to know of its infinite query (TanStack Query's names). */
export interface PagedList {
	isFetchingNextPage: boolean;
	isFetchNextPageError: boolean;
	hasNextPage: boolean;
	error: unknown;
	fetchNextPage: () => unknown;
}

/**
 * The end of a paged list: loading the next page, its error with a retry, a "more" button while
 * pages remain, and the end line when none do.
 */
export function ListEnd({
	list,
	moreLabel,
	endLabel,
	className,
	testId,
	moreTestId,
	small = false,
}: {
	list: PagedList;
	moreLabel: string;
	endLabel: string;
	className: string;
	testId: string;
	moreTestId: string;
	/** A small "more" button instead of a full-width one. */
	small?: boolean;
}) {
	const loadMore = () => void list.fetchNextPage();
	return (
		<div className={className} data-testid={testId}>
			{list.isFetchingNextPage ? (
				<LoadingState compact />
			) : list.isFetchNextPageError ? (
				<ErrorState compact message={errorText(list.error)} onRetry={loadMore} />
			) : list.hasNextPage ? (
				<button
					type="button"
					className={`button button--ghost ${small ? "button--small" : "button--block"}`}
					onClick={loadMore}
					data-testid={moreTestId}
				>
					{moreLabel}
				</button>
			) : (
				<span>{endLabel}</span>
			)}
		</div>
	);
}
