import { Outlet } from "react-router";
import { useRouteTitle } from "../route-title";
import { TabBar } from "../tab-bar";

/** The four tab pages: content above a fixed bottom tab bar. */
export function TabLayout() {
	useRouteTitle();
	return (
		<div className="shell shell--tabs">
			<main className="shell__main" id="main">
				<Outlet />
			</main>
			<TabBar />
		</div>
	);
}
