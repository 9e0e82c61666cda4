import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { MerchantGuard } from "../app/merchant/merchant-guard";
import { isStaffPath } from "../app/merchant/staff-pages";
import { queryClient } from "../lib/query-client";

/**
 * Renders one screen at `path` inside a memory router. Other paths render a marker element
 * (`data-testid="at:<path>"`) so a test can see where the screen navigated to. A staff page's
 * path gets the staff frame (the merchant guard) around the screen, as the app's router puts it.
 */
export function renderScreen(
	element: ReactElement,
	{ path, url = path, otherPaths = [] as string[] }: { path: string; url?: string; otherPaths?: string[] },
) {
	const router = createMemoryRouter(
		[
			{ path, element: isStaffPath(path) ? <MerchantGuard>{() => element}</MerchantGuard> : element },
			...otherPaths.map((other) => ({ path: other, element: <div data-testid={`at:${other}`} /> })),
		],
		{ initialEntries: [url] },
	);
	const utils = render(
		<QueryClientProvider client={queryClient}>
			<RouterProvider router={router} />
		</QueryClientProvider>,
	);
	return { ...utils, router };
}
