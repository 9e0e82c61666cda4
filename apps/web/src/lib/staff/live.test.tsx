import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeLiveServer } from "../../test/fake-live-server";
import { useShopOrderEvents } from "./live";

afterEach(() => localStorage.clear());

function Board({ load }: { load: () => Promise<string[]> }) {
	const queryClient = useQueryClient();
	const board = () => void queryClient.invalidateQueries({ queryKey: ["merchant", "board"] });
	useShopOrderEvents(1, board, board);
	useQuery({ queryKey: ["merchant", "board"], queryFn: load });
	return null;
}

describe("the merchant board after the server's event bus was down", () => {
	it("is refetched on the server's resync, as on a reconnection", async () => {
		const { sockets } = fakeLiveServer({ isMerchant: true });
		const load = vi.fn(async () => ["order"]);
		const queryClient = new QueryClient();
		render(
			<QueryClientProvider client={queryClient}>
				<Board load={load} />
			</QueryClientProvider>,
		);
		await waitFor(() => expect(sockets).toHaveLength(1));
		sockets[0]?.receive({ type: "ready", data: {} });
		await waitFor(() => expect(load).toHaveBeenCalledTimes(2));

		sockets[0]?.receive({ type: "resync", data: {} });
		await waitFor(() => expect(load).toHaveBeenCalledTimes(3));
	});
});
