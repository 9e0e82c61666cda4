import { Outlet, ScrollRestoration } from "react-router";
import { FeedbackHost } from "../../ui/feedback-host";

/** Wraps every page: scroll restoration, the toast and the loading indicator. */
export function RootLayout() {
	return (
		<>
			<Outlet />
			<FeedbackHost />
			<ScrollRestoration />
		</>
	);
}
