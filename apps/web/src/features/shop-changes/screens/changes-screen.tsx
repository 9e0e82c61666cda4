import { type MerchantShopRef, roleAllows } from "@bayon/contract";
import { useInfiniteQuery } from "@tanstack/react-query";
import { formatDateTime } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { useAppState } from "../../../lib/store";
import { StaffShop } from "../../../ui/staff/staff-shop";
import { EmptyState, ErrorState, LoadingState, NotAllowedState } from "../../../ui/states";
import { shopChangesQuery } from "../api";
import { describeValue } from "../describe";
import { changeWord, useChangeText } from "../strings";
import "../shop-changes.css";

/** Who changed what in the merchant area, newest first (owners and managers). */
export default function ChangesScreen() {
	return <StaffShop>{(shop) => <Changes shop={shop} />}</StaffShop>;
}

function Changes({ shop }: { shop: MerchantShopRef }) {
	const { ft } = useChangeText();
	if (!roleAllows(shop.role, "changeLog"))
		return <NotAllowedState message={ft("noAccess")} testId="changes-no-access" />;
	return <ChangeList shopId={shop.shopId} />;
}

function ChangeList({ shopId }: { shopId: number }) {
	const { ft, lang } = useChangeText();
	const labels = useDateLabels();
	const currency = useAppState((s) => s.currency);
	const changes = useInfiniteQuery(shopChangesQuery(shopId, lang));

	if (changes.isPending) return <LoadingState />;
	if (changes.isError) return <ErrorState onRetry={() => void changes.refetch()} />;
	const entries = changes.data.pages.flatMap((page) => page.list);
	const total = changes.data.pages[0]?.total ?? 0;
	if (entries.length === 0) return <EmptyState title={ft("empty")} />;

	return (
		<div className="merchant page-pad shop-changes" data-testid="changes-page">
			<p className="shop-changes__total">{ft("total", { count: total })}</p>
			<ol className="shop-changes__list" data-testid="changes-list">
				{entries.map((change) => (
					<li key={change.id} className="card shop-changes__entry" data-testid="change-entry">
						<p className="shop-changes__what">
							<span className="merchant-tag">{changeWord(lang, "subject", change.subject)}</span>
							<strong>{change.label ?? (change.subjectId ? `#${change.subjectId}` : "")}</strong>
							<span>{changeWord(lang, "action", change.action)}</span>
						</p>
						{change.fields.length > 0 && (
							<dl className="shop-changes__fields">
								{change.fields.map((field) => (
									<div key={field.field} className="shop-changes__field">
										<dt>{changeWord(lang, "field", field.field)}</dt>
										<dd>
											{change.action === "delete" ? (
												describeValue(field.field, field.before, lang, currency)
											) : (
												<>
													{change.action !== "create" && (
														<>
															<s className="shop-changes__before">
																{describeValue(field.field, field.before, lang, currency)}
															</s>
															<span aria-hidden="true"> → </span>
														</>
													)}
													<span className="shop-changes__after">
														{describeValue(field.field, field.after, lang, currency)}
													</span>
												</>
											)}
										</dd>
									</div>
								))}
							</dl>
						)}
						<p className="shop-changes__who">
							{ft("by", { name: change.by.nickname, mobile: change.by.mobile })} ·{" "}
							<time dateTime={change.at}>{formatDateTime(change.at, lang, labels)}</time>
						</p>
					</li>
				))}
			</ol>
			{changes.hasNextPage && (
				<button
					type="button"
					className="button button--ghost button--block"
					disabled={changes.isFetchingNextPage}
					onClick={() => void changes.fetchNextPage()}
					data-testid="changes-more"
				>
					{ft("more")}
				</button>
			)}
		</div>
	);
}
