import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "../../lib/query-client";
import { fakeWebSockets } from "../../test/fake-live-server";
import { shopFeedUrl, useLiveShop } from "./live-shop";

afterEach(() => {
	vi.unstubAllGlobals();
	vi.restoreAllMocks();
});

const until = async (condition: () => boolean) => {
	for (let i = 0; i < 50 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
	expect(condition()).toBe(true);
};

describe("the shop's public feed (issue 27)", () => {
	it("opens without signing in and refetches the menu, the shop and the cart's prices on the shop's changes only", async () => {
		const sockets = fakeWebSockets();
		const invalidate = vi.spyOn(queryClient, "invalidateQueries").mockResolvedValue();
		const { unmount } = renderHook(() => useLiveShop(7));
		await until(() => sockets.length === 1);
		const socket = sockets[0];
		if (!socket) throw new Error("no socket");
		expect(socket.url).toBe(shopFeedUrl(7));
		socket.receive({ type: "ready", data: { shopId: 7 } });
		// The first "ready" follows the screen's own fetch: nothing to refetch yet.
		expect(invalidate).not.toHaveBeenCalled();

		socket.receive({ type: "menu.changed", data: { shopId: 7, version: 3 } });
		const keys = () => invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
		expect(keys()).toEqual(['["menu","shop",7]', '["menu","item"]', '["ordering","price"]']);

		invalidate.mockClear();
		socket.receive({ type: "shop.changed", data: { shopId: 7 } });
		expect(keys()).toEqual(['["venues"]', '["ordering","price"]']);

		invalidate.mockClear();
		socket.receive({ type: "menu.changed", data: { shopId: 8, version: 1 } });
		expect(invalidate).not.toHaveBeenCalled();

		unmount();
		expect(socket.closed).toBe(true);
	});
});
