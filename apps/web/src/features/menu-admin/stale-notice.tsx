import { useMenuAdminText } from "./strings";

/** "Changed by someone else": nothing was saved; reloading shows their version to start from. */
export function StaleNotice({ onReload }: { onReload: () => void }) {
	const { at, m } = useMenuAdminText();
	return (
		<div className="menu-admin__stale" role="alert" data-testid="menu-stale">
			<p>{m("menuChanged")}</p>
			<button
				type="button"
				className="button button--small button--primary"
				onClick={onReload}
				data-testid="menu-reload"
			>
				{at("stale.reload")}
			</button>
		</div>
	);
}
