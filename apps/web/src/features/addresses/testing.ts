import type { Address, DeliveryCheck, MemberInfo, ShopDetail } from "@bayon/contract";
import { vi } from "vitest";
import { appStore } from "../../lib/store";
import { testMember } from "../../test/member-fixtures";

/** Fixtures and a fake server for the address screens' tests (never imported by the app). */

export const member: MemberInfo = testMember({ id: 5, nickname: "Sokha", mobile: "13800000005" });

export const shop: ShopDetail = {
	id: 1,
	name: "Bayon Tea & Kitchen",
	logo: null,
	address: "No. 123, Preah Sisowath Quay, Phnom Penh",
	phone: "+855 23 123 456",
	latitude: 11.5686,
	longitude: 104.931,
	distanceMeters: null,
	notice: null,
	preparationMinutes: 15,
	deskPayAfterMeal: false,
	orderTypes: ["takein", "takeout", "desk"],
	openState: {
		isOpen: true,
		acceptingOrders: true,
		todayHours: [],
		closedToday: false,
		nextOpenAt: null,
		pausedUntil: null,
	},
	delivery: { offered: true, minFee: 100, minOrder: 500 },
	photos: [],
	timezone: "Asia/Phnom_Penh",
	weeklyHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
		weekday,
		windows:
			weekday === 1
				? []
				: weekday === 5
					? [{ opensAt: "18:00", closesAt: "02:00" }]
					: [{ opensAt: "08:00", closesAt: "22:00" }],
	})),
	closures: [],
	zones: [
		{
			id: 1,
			name: "Riverside (near)",
			fee: 100,
			minOrder: 500,
			polygon: {
				points: [
					{ latitude: 11.5835, longitude: 104.9205 },
					{ latitude: 11.5835, longitude: 104.9325 },
					{ latitude: 11.56, longitude: 104.9345 },
					{ latitude: 11.556, longitude: 104.9215 },
				],
				strokeWidth: 2,
				strokeColor: "#d4a900",
				fillColor: "#fae35855",
				dashArray: "",
				zIndex: 2,
			},
		},
	],
	deliveryRadius: null,
};

export const inside: Address = {
	id: 11,
	recipient: "Sokha",
	phone: "13800000005",
	address: "Street 178",
	houseNumber: "12B",
	latitude: 11.57,
	longitude: 104.928,
	isDefault: true,
	deliverable: null,
};

export const outside: Address = {
	id: 12,
	recipient: "Dara",
	phone: "13800000006",
	address: "Siem Reap",
	houseNumber: "",
	latitude: 13.3671,
	longitude: 103.8448,
	isDefault: false,
	deliverable: null,
};

/** Inside the near zone's box: good enough for a fake. */
export function fakeCheck(latitude: number, longitude: number): DeliveryCheck {
	const inRange = latitude > 11.556 && latitude < 11.5835 && longitude > 104.9205 && longitude < 104.9345;
	return {
		inRange,
		zoneId: inRange ? 1 : null,
		fee: inRange ? 100 : null,
		minOrder: inRange ? 500 : null,
		distanceMeters: 500,
	};
}

export interface Call {
	method: string;
	path: string;
	query: URLSearchParams;
	body: unknown;
}

type Answer = unknown | ((call: Call) => unknown);

/**
 * Answers `{code: 0, data}` by path (without /app-api); `answers` may override a path with a
 * whole envelope (an object with `code`) or a function of the call.
 */
export function fakeServer(answers: Record<string, Answer> = {}, addresses: Address[] = [inside, outside]) {
	const calls: Call[] = [];
	vi.stubGlobal(
		"fetch",
		vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
			const url = new URL(String(input), "http://localhost");
			const path = url.pathname.replace(/^\/app-api/, "");
			const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
			const call = { method: init.method ?? "GET", path, query: url.searchParams, body };
			calls.push(call);
			const override = answers[path];
			if (override !== undefined) {
				const value = typeof override === "function" ? override(call) : override;
				return new Response(JSON.stringify(value));
			}
			let data: unknown = null;
			if (path === "/store/getShop" || path === "/store/nearby") data = shop;
			else if (path === "/store/list") data = [shop];
			else if (path === "/store/delivery-check")
				data = fakeCheck(Number(url.searchParams.get("lat")), Number(url.searchParams.get("lng")));
			else if (path === "/address/list") data = addresses;
			else if (path.startsWith("/address/detail/"))
				data = addresses.find((a) => a.id === Number(path.split("/").pop())) ?? null;
			else if (path === "/address/addAndEdit")
				data = { id: 99, isDefault: false, houseNumber: "", ...(body as object) };
			else if (path === "/member/user/get-info") data = member;
			else data = true;
			return new Response(JSON.stringify({ code: 0, msg: "", data }));
		}),
	);
	return calls;
}

export function signIn(): void {
	localStorage.setItem("accessToken", "token");
	localStorage.setItem("userinfo", JSON.stringify(member));
	appStore.reload();
	appStore.setState({ store: { id: shop.id, name: shop.name } });
}
