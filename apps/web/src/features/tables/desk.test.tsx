import type { ResolvedTable } from "@bayon/contract";
import { act, renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { appStore } from "../../lib/store";
import { clearDesk, setScannedDesk, useDesk } from "./desk";

const table: ResolvedTable = {
	shopId: 1,
	shopName: "Bayon Tea & Kitchen",
	tableId: 3,
	number: "A3",
	seats: 2,
	area: "Indoor",
	token: "t1-1-3-1.AbCdEfGhIjKlMnOpQrStUv",
};

beforeEach(() => {
	localStorage.clear();
	appStore.reload();
});

describe("the desk", () => {
	it("is empty at first", () => {
		expect(appStore.getState().desk).toBeNull();
		expect(appStore.getState().orderType).toBe("takein");
	});

	it("a scanned table becomes the desk, with its scanned flag, and switches to dine-in at its shop", () => {
		setScannedDesk(table);
		const state = appStore.getState();
		expect(state.desk).toEqual({
			shopId: 1,
			shopName: "Bayon Tea & Kitchen",
			tableId: 3,
			number: "A3",
			seats: 2,
			token: table.token,
			scanned: true,
		});
		expect(state.orderType).toBe("desk");
		expect(state.store).toEqual({ id: 1, name: "Bayon Tea & Kitchen" });
	});

	it("survives a reload (a Telegram WebView restart)", () => {
		setScannedDesk(table);
		appStore.reload();
		expect(appStore.getState().desk?.number).toBe("A3");
		expect(appStore.getState().orderType).toBe("desk");
	});

	it("drops a stored desk it cannot read, and dine-in without a desk falls back to pickup", () => {
		localStorage.setItem("desk", JSON.stringify({ id: 3, name: "A3", shopId: 1, scanned: true }));
		localStorage.setItem("orderType", "desk");
		appStore.reload();
		expect(appStore.getState().desk).toBeNull();
		expect(appStore.getState().orderType).toBe("takein");
	});

	it("clearing the desk leaves dine-in", () => {
		setScannedDesk(table);
		clearDesk();
		expect(appStore.getState().desk).toBeNull();
		expect(appStore.getState().orderType).toBe("takein");
		expect(localStorage.getItem("desk")).toBeNull();
	});

	it("clearing the desk keeps delivery when that was chosen since", () => {
		setScannedDesk(table);
		appStore.setState({ orderType: "takeout" });
		clearDesk();
		expect(appStore.getState().orderType).toBe("takeout");
	});

	it("useDesk follows the store", () => {
		const { result } = renderHook(() => useDesk());
		expect(result.current).toBeNull();
		act(() => {
			setScannedDesk(table);
		});
		expect(result.current?.tableId).toBe(3);
	});
});
