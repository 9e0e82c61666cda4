import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths, TabPaths, withQuery } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { currentToast, hideToast } from "../../../lib/toast";
import { renderScreen } from "../../../test/render";
import { fakeServer, inside, outside, signIn } from "../testing";
import AddressListScreen from "./address-list-screen";

const renderList = () =>
	renderScreen(<AddressListScreen />, {
		path: Paths.address,
		otherPaths: [Paths.login, Paths.addressAdd, TabPaths.home, TabPaths.menu],
	});

function card(id: number): HTMLElement {
	const found = screen.getAllByTestId("address-card").find((el) => el.dataset.addressId === String(id));
	if (!found) throw new Error(`no card ${id}`);
	return found;
}

beforeEach(async () => {
	localStorage.clear();
	appStore.reload();
	queryClient.clear();
	hideToast();
	await applyLanguage("zh-CN");
});

describe("address/address", () => {
	it("sends a visitor to the login page, which brings them back", async () => {
		fakeServer();
		const { router } = renderList();
		await waitFor(() => expect(router.state.location.pathname).toBe(Paths.login));
		expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(Paths.address)}`);
		expect(router.state.historyAction).toBe("REPLACE");
	});

	it("lists the member's addresses, default first, with the default marked", async () => {
		signIn();
		fakeServer();
		renderList();
		const cards = await screen.findAllByTestId("address-card");
		expect(cards.map((el) => el.dataset.addressId)).toEqual(["11", "12"]);
		expect(within(card(11)).getByTestId("address-default").textContent).toBe("默认");
		expect(within(card(12)).queryByTestId("address-default")).toBeNull();
		expect(card(11).textContent).toContain("138****0005");
		expect(card(11).textContent).toContain("Street 178 12B");
		expect(appStore.getState().addresses).toHaveLength(2);
	});

	it("shows an empty state with a way to add one", async () => {
		signIn();
		fakeServer({}, []);
		renderList();
		expect((await screen.findByTestId("state-empty")).textContent).toContain("还没有收货地址");
		expect(screen.getByTestId("address-add").getAttribute("href")).toBe(Paths.addressAdd);
	});

	it("refuses an address outside the delivery range with the spec's message", async () => {
		signIn();
		const calls = fakeServer();
		renderList();
		await screen.findAllByTestId("address-card");
		await act(async () => {
			fireEvent.click(within(card(outside.id)).getByTestId("address-choose"));
		});
		expect((await within(card(outside.id)).findByTestId("address-out-of-range")).textContent).toBe(
			"地址不在配送范围内",
		);
		expect(currentToast()?.text).toBe("地址不在配送范围内");
		expect(appStore.getState().address).toBeNull();
		const check = calls.find((c) => c.path === "/store/delivery-check");
		expect(Object.fromEntries(check?.query ?? [])).toEqual({ shopId: "1", lat: "13.3671", lng: "103.8448" });
	});

	it("chooses an address inside the range and, opened on its own, goes on to the menu", async () => {
		signIn();
		fakeServer();
		const { router } = renderList();
		await screen.findAllByTestId("address-card");
		await act(async () => {
			fireEvent.click(within(card(inside.id)).getByTestId("address-choose"));
		});
		await waitFor(() => expect(router.state.location.pathname).toBe(TabPaths.menu));
		expect(appStore.getState().address).toMatchObject({ shopId: 1, address: { id: inside.id } });
		expect(currentToast()?.text).toBe("已选择该地址，配送费 $1.00");
	});

	it("deletes only after the spec's confirmation", async () => {
		signIn();
		const calls = fakeServer();
		renderList();
		await screen.findAllByTestId("address-card");

		fireEvent.click(within(card(outside.id)).getByTestId("address-delete"));
		const dialog = await screen.findByTestId("confirm-dialog");
		expect(dialog.textContent).toContain("确定删除吗？");
		fireEvent.click(within(dialog).getByTestId("confirm-cancel"));
		expect(calls.some((c) => c.path.startsWith("/address/del/"))).toBe(false);

		fireEvent.click(within(card(outside.id)).getByTestId("address-delete"));
		await act(async () => {
			fireEvent.click(within(await screen.findByTestId("confirm-dialog")).getByTestId("confirm-ok"));
		});
		await waitFor(() =>
			expect(calls.some((c) => c.method === "POST" && c.path === `/address/del/${outside.id}`)).toBe(true),
		);
		await waitFor(() => expect(currentToast()?.text).toBe("已删除"));
	});

	it("makes another address the default", async () => {
		signIn();
		const calls = fakeServer();
		renderList();
		await screen.findAllByTestId("address-card");
		await act(async () => {
			fireEvent.click(within(card(outside.id)).getByTestId("address-set-default"));
		});
		await waitFor(() =>
			expect(calls.some((c) => c.method === "POST" && c.path === `/address/default/set/${outside.id}`)).toBe(true),
		);
	});

	it("links each address to its edit page", async () => {
		signIn();
		fakeServer();
		renderList();
		await screen.findAllByTestId("address-card");
		expect(within(card(inside.id)).getByTestId("address-edit").getAttribute("href")).toBe(
			withQuery(Paths.addressAdd, { id: inside.id }),
		);
	});

	it("offers a retry when the list cannot be loaded", async () => {
		signIn();
		fakeServer({ "/address/list": { code: 500, msg: "系统繁忙，请稍后再试", data: null } });
		renderList();
		expect((await screen.findByTestId("state-error")).textContent).toContain("系统繁忙，请稍后再试");
		expect(screen.getByTestId("retry")).toBeTruthy();
	});
});
