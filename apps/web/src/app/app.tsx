import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { RouterProvider } from "react-router";
import { queryClient } from "../lib/query-client";
import type { AppRouter } from "./router";

export function App({ router }: { router: AppRouter }) {
	return (
		<StrictMode>
			<QueryClientProvider client={queryClient}>
				<RouterProvider router={router} />
			</QueryClientProvider>
		</StrictMode>
	);
}
