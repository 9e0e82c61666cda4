import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths, TabPaths, withQuery } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { hideToast } from "../../../lib/toast";
import { renderScreen } from "../../../test/render";
import { fakeServer, inside, member, signIn } from "../testing";
import AddressEditScreen from "./address-edit-screen";

vi.mock("../../maps/map-view", async () => ({ MapView: (await import("./fake-map")).FakeMapView }));

function geolocation(answer: { latitude: number; longitude: number } | { code: number }) {
	vi.stubGlobal("navigator", {
		...navigator,
		geolocation: {
			getCurrentPosition: (
				success: (p: { coords: { latitude: number; longitude: number } }) => void,
				failure: (e: { code: number }) => void,
			) => queueMicrotask(() => ("code" in answer ? failure(answer) : success({ coords: answer }))),
		},
	});
}

const renderForm = (url: string = Paths.addressAdd) =>
	renderScreen(<AddressEditScreen />, { path: Paths.addressAdd, url, otherPaths: [Paths.login, TabPaths.home] });

const fill = (testId: string, value: string) => fireEvent.input(screen.getByTestId(testId), { target: { value } });

beforeEach(async () => {
	localStorage.clear();
	appStore.reload();
	queryClient.clear();
	hideToast();
	signIn();
	await applyLanguage("zh-CN");
});

describe("address/add", () => {
	it("sends a visitor to the login page", async () => {
		localStorage.clear();
		appStore.reload();
		fakeServer();
		geolocation({ code: 1 });
		const { router } = renderForm();
		await waitFor(() => expect(router.state.location.pathname).toBe(Paths.login));
	});

	it.each([
		["zh-CN", "请填写收货人和地址", "手机号格式错误", "请在地图上标出送货位置"],
		[
			"en",
			"Please enter the recipient and address",
			"Phone number format is wrong",
			"Mark the delivery location on the map",
		],
		["km", "សូមបញ្ចូលឈ្មោះអ្នកទទួល និងអាសយដ្ឋាន", "ទម្រង់លេខទូរស័ព្ទមិនត្រឹមត្រូវ", "សូមសម្គាល់ទីតាំងដឹកជញ្ជូនលើផែនទី"],
	])("shows the spec's messages inline in %s and sends nothing", async (lang, missing, phone, point) => {
		await applyLanguage(lang);
		const calls = fakeServer();
		geolocation({ code: 1 });
		renderForm();
		await screen.findByTestId("address-map");
		fill("phone-input", "12345678901");
		await act(async () => {
			fireEvent.click(screen.getByTestId("address-save"));
		});
		expect(screen.getByTestId("recipient-error").textContent).toBe(missing);
		expect(screen.getByTestId("address-error").textContent).toBe(missing);
		expect(screen.getByTestId("phone-error").textContent).toBe(phone);
		expect(screen.getByTestId("point-error").textContent).toBe(point);
		expect(screen.getByTestId("phone-input").getAttribute("aria-invalid")).toBe("true");
		expect(calls.some((c) => c.path === "/address/addAndEdit")).toBe(false);
	});

	it("starts the map at the shop when location is refused, and a tap sets the point", async () => {
		const calls = fakeServer();
		geolocation({ code: 1 });
		const { router } = renderForm();
		const map = await screen.findByTestId("address-map");
		expect(map.dataset.center).toBe("11.5686,104.931");
		expect(map.dataset.zones).toBe("1");
		expect(map.dataset.point).toBe("");
		expect((screen.getByTestId("phone-input") as HTMLInputElement).value).toBe(member.mobile);

		fireEvent.click(screen.getByTestId("fake-map-tap"));
		expect(screen.getByTestId("address-map").dataset.point).toBe("11.57,104.928");
		expect((await screen.findByTestId("point-in-range")).textContent).toBe("在配送范围内，配送费 $1.00");

		fill("recipient-input", "Sokha");
		fill("address-input", "Street 178");
		fill("houseNumber-input", "12B");
		await act(async () => {
			fireEvent.click(screen.getByTestId("address-save"));
		});
		await waitFor(() => expect(router.state.location.pathname).toBe(TabPaths.home));
		const saved = calls.find((c) => c.path === "/address/addAndEdit");
		expect(saved?.body).toEqual({
			recipient: "Sokha",
			phone: member.mobile,
			address: "Street 178",
			houseNumber: "12B",
			latitude: 11.57,
			longitude: 104.928,
			isDefault: false,
			// The shop ordered from: an address it cannot deliver to is not made the default (issue 27).
			shopId: 1,
		});
	});

	it("starts at the user's position when the device tells it", async () => {
		fakeServer();
		geolocation({ latitude: 11.575, longitude: 104.925 });
		renderForm();
		await waitFor(() => expect(screen.getByTestId("address-map").dataset.point).toBe("11.575,104.925"));
		expect(screen.getByTestId("address-map").dataset.user).toBe("11.575,104.925");
	});

	it("a member's first address is the default, and the form says so", async () => {
		fakeServer({}, []);
		geolocation({ code: 1 });
		queryClient.setQueryData(["addresses", member.id, "list"], []);
		renderForm();
		const toggle = (await screen.findByTestId("default-switch")) as HTMLInputElement;
		expect(toggle.checked).toBe(true);
		expect(toggle.disabled).toBe(true);
		expect(screen.getByText("第一个地址会自动设为默认地址")).toBeTruthy();
	});

	it("says an outside point is outside the delivery range (saving is still allowed)", async () => {
		fakeServer();
		geolocation({ latitude: 13.3671, longitude: 103.8448 });
		renderForm();
		expect((await screen.findByTestId("point-out-of-range")).textContent).toBe("地址不在配送范围内");
	});

	it("edits an address: loads it, keeps the default flag locked on, sends its id", async () => {
		const calls = fakeServer();
		geolocation({ code: 1 });
		renderForm(withQuery(Paths.addressAdd, { id: inside.id }));
		expect(((await screen.findByTestId("recipient-input")) as HTMLInputElement).value).toBe("Sokha");
		expect(screen.getByTestId("address-map").dataset.center).toBe("11.57,104.928");
		const toggle = screen.getByTestId("default-switch") as HTMLInputElement;
		expect(toggle.checked).toBe(true);
		expect(toggle.disabled).toBe(true);

		fill("houseNumber-input", "14");
		await act(async () => {
			fireEvent.click(screen.getByTestId("address-save"));
		});
		await waitFor(() => expect(calls.some((c) => c.path === "/address/addAndEdit")).toBe(true));
		expect(calls.find((c) => c.path === "/address/addAndEdit")?.body).toMatchObject({
			id: inside.id,
			houseNumber: "14",
			isDefault: true,
		});
	});

	it("shows the server's validation message next to its field", async () => {
		fakeServer({
			"/address/addAndEdit": {
				code: 400,
				msg: "手机号格式错误",
				data: { issues: [{ field: "phone", rule: "phoneFormat", message: "手机号格式错误" }] },
			},
		});
		geolocation({ latitude: 11.575, longitude: 104.925 });
		renderForm();
		await waitFor(() => expect(screen.getByTestId("address-map").dataset.point).not.toBe(""));
		fill("recipient-input", "Sokha");
		fill("address-input", "Street 178");
		await act(async () => {
			fireEvent.click(screen.getByTestId("address-save"));
		});
		expect((await screen.findByTestId("phone-error")).textContent).toBe("手机号格式错误");
	});

	it("shows any other server error as returned", async () => {
		fakeServer({
			"/address/addAndEdit": { code: 1004006000, msg: "最多保存 20 个地址，请先删除不用的地址", data: { max: 20 } },
		});
		geolocation({ latitude: 11.575, longitude: 104.925 });
		renderForm();
		await waitFor(() => expect(screen.getByTestId("address-map").dataset.point).not.toBe(""));
		fill("recipient-input", "Sokha");
		fill("address-input", "Street 178");
		await act(async () => {
			fireEvent.click(screen.getByTestId("address-save"));
		});
		expect((await screen.findByTestId("form-error")).textContent).toBe("最多保存 20 个地址，请先删除不用的地址");
	});

	it("'my location' refused shows the spec's message", async () => {
		fakeServer();
		geolocation({ code: 1 });
		renderForm();
		await screen.findByTestId("address-map");
		await act(async () => {
			fireEvent.click(screen.getByTestId("locate-me"));
		});
		expect((await screen.findByTestId("location-failed")).textContent).toBe("获取位置失败，请检查定位权限");
	});
});
