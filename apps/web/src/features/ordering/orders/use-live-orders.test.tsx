import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeLiveServer } from "../../../test/fake-live-server";
import { orderKeys } from "./api";
import { useLiveOrders } from "./use-live-orders";

afterEach(() => localStorage.clear());

function OrderList({ load }: { load: () => Promise<string[]> }) {
	useLiveOrders();
	useQuery({ queryKey: orderKeys.list(1, "en"), queryFn: load });
	return null;
}

describe("the customer's live orders after the server's event bus was down", () => {
	it("are refetched on the server's resync, as on a reconnection", async () => {
		const { sockets } = fakeLiveServer();
		const load = vi.fn(async () => ["order"]);
		const queryClient = new QueryClient();
		render(
			<QueryClientProvider client={queryClient}>
				<OrderList load={load} />
			</QueryClientProvider>,
		);
		await waitFor(() => expect(sockets).toHaveLength(1));
		await waitFor(() => expect(load).toHaveBeenCalledTimes(1));

		sockets[0]?.receive({ type: "ready", data: {} });
		await waitFor(() => expect(load).toHaveBeenCalledTimes(2));

		sockets[0]?.receive({ type: "resync", data: {} });
		await waitFor(() => expect(load).toHaveBeenCalledTimes(3));
		expect(sockets).toHaveLength(1);
	});
});
