import type { CreatedBranch } from "@bayon/contract";
import { useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../../lib/api-client";
import { Paths } from "../../../lib/paths";
import { showToast } from "../../../lib/toast";
import { setAcceptingOrders } from "../../shop-settings/api";
import { useBranchText } from "../strings";

/**
 * What the new branch is now, said plainly (issue 27): it takes no order until its owner opens
 * it, and what the source counts stock of is at 0 there; the owner may open it from here, or
 * later from its shop settings.
 */
export function Created({ branch, onAnother }: { branch: CreatedBranch; onAnother: () => void }) {
	const { bt } = useBranchText();
	const { copied } = branch;
	const [accepting, setAccepting] = useState(branch.acceptingOrders);
	const [opening, setOpening] = useState(false);
	const open = async () => {
		setOpening(true);
		try {
			setAccepting((await setAcceptingOrders(branch.shopId, true)).openState.acceptingOrders);
		} catch (error) {
			showToast(errorText(error));
		} finally {
			setOpening(false);
		}
	};
	return (
		<section className="card branch-done" data-testid="branch-created">
			<h2 className="branch-done__title">{bt("done.title", { name: branch.name })}</h2>
			<p>
				{bt("done.copied", {
					categories: copied.categories,
					items: copied.items,
					options: copied.options,
					hours: copied.openingHours,
				})}
			</p>
			<p
				className={`branch-done__state${accepting ? " branch-done__state--open" : ""}`}
				role="status"
				data-testid="branch-state"
			>
				{bt(accepting ? "done.accepting" : "done.closed")}
			</p>
			{!accepting && copied.stockToSet > 0 && (
				<p data-testid="branch-stock-to-set">{bt("done.stockToSet", { count: copied.stockToSet })}</p>
			)}
			<p>{bt(accepting ? "done.nextOpen" : "done.next")}</p>
			<div className="branch-done__actions">
				{!accepting && (
					<button
						type="button"
						className="button button--primary"
						disabled={opening}
						onClick={() => void open()}
						data-testid="branch-open-orders"
					>
						{bt("done.open")}
					</button>
				)}
				<Link
					to={Paths.merchantMy}
					className={`button ${accepting ? "button--primary" : "button--ghost"}`}
					data-testid="branch-to-my"
				>
					{bt("done.toMy")}
				</Link>
				<button type="button" className="button button--ghost" onClick={onAnother} data-testid="branch-another">
					{bt("done.another")}
				</button>
			</div>
		</section>
	);
}
