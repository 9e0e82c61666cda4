import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { queryClient } from "../../lib/query-client";
import { appStore, setMember } from "../../lib/store";
import { hideToast } from "../../lib/toast";
import {
	chooseDeliveryAddress,
	chooseDeliveryPoint,
	forgetDeliveryAddress,
	refreshDeliveryAddress,
	useDeliveryTarget,
} from "./delivery-target";
import { fakeServer, inside, member, outside, signIn } from "./testing";

const wrapper = ({ children }: { children: ReactNode }) => (
	<QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

beforeEach(() => {
	localStorage.clear();
	appStore.reload();
	queryClient.clear();
	hideToast();
	signIn();
});

describe("choosing where to deliver", () => {
	it("an address inside a zone becomes the target, with the server's fee and minimum", async () => {
		const calls = fakeServer();
		const result = await chooseDeliveryAddress(1, inside);
		expect(result.accepted).toBe(true);
		expect(calls[0]?.path).toBe("/store/delivery-check");
		expect(Object.fromEntries(calls[0]?.query ?? [])).toEqual({ shopId: "1", lat: "11.57", lng: "104.928" });
		expect(appStore.getState().address).toEqual({
			shopId: 1,
			memberId: member.id,
			address: inside,
			latitude: 11.57,
			longitude: 104.928,
			check: { inRange: true, zoneId: 1, fee: 100, minOrder: 500, distanceMeters: 500 },
		});
		appStore.reload();
		expect(appStore.getState().address?.address?.id).toBe(inside.id);
	});

	it("an address outside every zone is not chosen and leaves the previous choice alone", async () => {
		fakeServer();
		await chooseDeliveryAddress(1, inside);
		const result = await chooseDeliveryAddress(1, outside);
		expect(result).toEqual({ accepted: false, check: expect.objectContaining({ inRange: false }) });
		expect(appStore.getState().address?.address?.id).toBe(inside.id);
	});

	it("a visitor may choose a bare point", async () => {
		fakeServer();
		setMember(null);
		const result = await chooseDeliveryPoint(1, { latitude: 11.57, longitude: 104.928 });
		expect(result.accepted).toBe(true);
		expect(appStore.getState().address).toMatchObject({ memberId: null, address: null });
	});

	it("deleting the chosen address forgets it; editing it checks it again", async () => {
		fakeServer();
		await chooseDeliveryAddress(1, inside);
		await refreshDeliveryAddress({ ...inside, address: "Street 19" });
		expect(appStore.getState().address?.address?.address).toBe("Street 19");
		await refreshDeliveryAddress({ ...inside, latitude: outside.latitude, longitude: outside.longitude });
		expect(appStore.getState().address).toBeNull();

		await chooseDeliveryAddress(1, inside);
		forgetDeliveryAddress(outside.id);
		expect(appStore.getState().address).not.toBeNull();
		forgetDeliveryAddress(inside.id);
		expect(appStore.getState().address).toBeNull();
	});
});

describe("useDeliveryTarget", () => {
	it("gives the target and its check, without asking again for the same shop", async () => {
		const calls = fakeServer();
		await chooseDeliveryAddress(1, inside);
		const { result } = renderHook(() => useDeliveryTarget(), { wrapper });
		expect(result.current.target?.address?.id).toBe(inside.id);
		expect(result.current.check?.fee).toBe(100);
		expect(calls).toHaveLength(1);
	});

	it("asks again when the customer orders from another shop", async () => {
		const calls = fakeServer();
		await chooseDeliveryAddress(1, inside);
		appStore.setState({ store: { id: 2, name: "Other" } });
		const { result } = renderHook(() => useDeliveryTarget(), { wrapper });
		await waitFor(() => expect(calls).toHaveLength(2));
		expect(calls[1]?.query.get("shopId")).toBe("2");
		await waitFor(() => expect(result.current.check?.inRange).toBe(true));
	});

	it("a saved address does not count after signing out", async () => {
		fakeServer();
		await chooseDeliveryAddress(1, inside);
		setMember(null);
		const { result } = renderHook(() => useDeliveryTarget(), { wrapper });
		expect(result.current.target).toBeNull();
		expect(result.current.check).toBeNull();
		expect(appStore.getState().address).toBeNull();
		expect(localStorage.getItem("deliveryAddress")).toBeNull();
	});
});
