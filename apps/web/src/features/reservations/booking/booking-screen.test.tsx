import { ErrorCode, IDEMPOTENCY_HEADER } from "@bayon/contract";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { appStore } from "../../../lib/store";
import { testMember } from "../../../test/member-fixtures";
import { menu, shop, usdConfig } from "../../../test/ordering-fixtures";
import { renderScreen } from "../../../test/render";
import { availabilityView, guestServer, reservationView, signInGuest, startAsGuest } from "../guest-testing";
import BookingScreen from "./booking-screen";

const url = withQuery(Paths.dueIndex, { shopId: 1 });
const detailOf = (id: number) => withQuery(Paths.dueDetail, { id });

function renderBooking() {
	return renderScreen(<BookingScreen />, { path: Paths.dueIndex, url, otherPaths: [Paths.dueDetail, Paths.login] });
}

const fill = (testId: string, value: string) => fireEvent.input(screen.getByTestId(testId), { target: { value } });
const chip = (testId: string) => {
	const input = screen.getByTestId(testId).querySelector("input");
	if (!input) throw new Error(`no input in ${testId}`);
	fireEvent.click(input);
};
const submit = async () => {
	await act(async () => {
		fireEvent.click(screen.getByTestId("booking-submit"));
	});
};

const common = {
	"/system/config": { code: 0, data: usdConfig },
	"/store/list": () => [shop()],
	"/product/products": () => menu,
};

beforeEach(async () => {
	await startAsGuest();
	appStore.setState({ store: { id: 1, name: "Bayon 河畔店" } });
});

/** Chooses 2 diners, the 19:30 slot and ticks the terms. */
async function fillForm() {
	await screen.findByTestId("booking-days");
	fireEvent.click(screen.getByTestId("booking-party-choose"));
	await screen.findByTestId("booking-slot-19:30");
	chip("booking-slot-19:30");
	fireEvent.click(screen.getByTestId("booking-agree"));
}

describe("due/index", () => {
	it("says the slots could not be loaded, and loads them again on retry", async () => {
		const answers: Parameters<typeof guestServer>[0] = {
			...common,
			"/reservation/availability": { code: ErrorCode.InternalError, msg: "服务繁忙" },
		};
		const server = guestServer(answers);
		renderBooking();
		fireEvent.click(await screen.findByTestId("booking-party-choose"));
		const retry = await screen.findByRole("button", { name: "重试" });
		expect(screen.queryByTestId("booking-slot-19:30")).toBeNull();
		answers["/reservation/availability"] = () => availabilityView();
		fireEvent.click(retry);
		await screen.findByTestId("booking-slot-19:30");
		expect(server.to("/reservation/availability").length).toBeGreaterThan(1);
	});

	it.each([
		[
			"zh-CN",
			"请选择预约时间",
			"请选择就餐人数",
			"请填写姓名",
			"请填写手机号",
			"请先阅读并勾选用户协议",
			"手机号格式错误",
		],
		[
			"km",
			"សូមជ្រើសរើសពេលវេលាកក់",
			"សូមជ្រើសរើសចំនួនភ្ញៀវ",
			"សូមបំពេញឈ្មោះ",
			"សូមបំពេញលេខទូរស័ព្ទ",
			"សូមអាន និងធីកយល់ព្រមលើកិច្ចព្រមព្រៀង",
			"ទម្រង់លេខទូរស័ព្ទមិនត្រឹមត្រូវ",
		],
	])(
		"in %s shows each spec message at its own field and books nothing",
		async (lang, time, diners, name, phone, agreement, phoneFormat) => {
			await applyLanguage(lang);
			const server = guestServer({ ...common, "/reservation/availability": () => availabilityView() });
			renderBooking();
			await screen.findByTestId("booking-days");
			fill("booking-name", "");
			fill("booking-phone", "");
			await submit();
			expect(screen.getByTestId("booking-error-startsAt").textContent).toBe(time);
			expect(screen.getByTestId("booking-error-party").textContent).toBe(diners);
			expect(screen.getByTestId("booking-error-name").textContent).toBe(name);
			expect(screen.getByTestId("booking-error-phone").textContent).toBe(phone);
			expect(screen.getByTestId("booking-error-agreed").textContent).toBe(agreement);
			expect(screen.getByTestId("booking-name").getAttribute("aria-invalid")).toBe("true");

			// A message goes as soon as its field is put right; a wrong number says so.
			fill("booking-name", "Dara");
			expect(screen.queryByTestId("booking-error-name")).toBeNull();
			fill("booking-phone", "12345");
			await act(async () => {
				await new Promise((resolve) => setTimeout(resolve, 600)); // the submit debounce
			});
			await submit();
			expect(screen.getByTestId("booking-error-phone").textContent).toBe(phoneFormat);
			expect(server.to("/reservation/create")).toHaveLength(0);
		},
	);

	it("prefills the member's name and phone, asks the server for the day's slots, and books once on a double tap", async () => {
		const server = guestServer({
			...common,
			"/reservation/availability": () => availabilityView(),
			"/reservation/create": () => reservationView({ id: 31, status: "confirmed" }),
		});
		const { router } = renderBooking();
		await fillForm();
		expect((screen.getByTestId("booking-name") as HTMLInputElement).value).toBe("Dara");
		expect((screen.getByTestId("booking-phone") as HTMLInputElement).value).toBe("13800000002");
		const asked = server.to("/reservation/availability").at(-1);
		expect(asked?.query.get("shopId")).toBe("1");
		expect(asked?.query.get("party")).toBe("2");
		// The policy, before booking: cancel window and grace in words.
		const policy = screen.getByTestId("booking-policy").textContent ?? "";
		expect(policy).toContain("到店时间前 2 小时可在线免费取消");
		expect(policy).toContain("超过预约时间 15 分钟未到店");
		chip("booking-occasion-birthday");
		chip("booking-area-terrace");

		await act(async () => {
			fireEvent.click(screen.getByTestId("booking-submit"));
			fireEvent.click(screen.getByTestId("booking-submit"));
		});
		await waitFor(() => expect(router.state.location.pathname).toBe(Paths.dueDetail));
		expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(detailOf(31));
		const created = server.to("/reservation/create");
		expect(created).toHaveLength(1);
		expect(created[0]?.headers[IDEMPOTENCY_HEADER]).toMatch(/.{8,}/);
		expect(created[0]?.body).toEqual({
			shopId: 1,
			startsAt: "2026-11-24T12:30:00.000Z",
			party: 2,
			name: "Dara",
			phone: "13800000002",
			occasion: "birthday",
			areaPreference: "terrace",
			otherAreaAccepted: false,
			note: "",
			preorder: null,
			agreed: true,
		});
		expect(screen.queryByTestId("booking-area-unavailable")).toBeNull();
	});

	it("says before booking that the preferred area has no free table at the chosen time, and books elsewhere only once accepted (issue 27)", async () => {
		const server = guestServer({
			...common,
			"/reservation/availability": () => availabilityView(),
			"/reservation/create": () => reservationView({ id: 32, status: "confirmed" }),
		});
		renderBooking();
		await fillForm();
		chip("booking-area-terrace");
		expect(screen.queryByTestId("booking-area-unavailable")).toBeNull();
		chip("booking-slot-18:15");
		const notice = await screen.findByTestId("booking-area-unavailable");
		expect(notice.textContent).toContain("这个时间露台没有空桌了");
		fireEvent.click(screen.getByTestId("booking-accept-other-area"));
		await act(async () => {
			fireEvent.click(screen.getByTestId("booking-submit"));
		});
		await waitFor(() => expect(server.to("/reservation/create")).toHaveLength(1));
		expect(server.to("/reservation/create")[0]?.body).toMatchObject({
			startsAt: "2026-11-24T11:15:00.000Z",
			areaPreference: "terrace",
			otherAreaAccepted: true,
		});
	});

	it("when the slot was just taken, says so at the time, refreshes the slots and unchooses it", async () => {
		let free = availabilityView();
		const server = guestServer({
			...common,
			"/reservation/availability": () => free,
			"/reservation/create": { code: ErrorCode.ReservationSlotTaken, msg: "这个时间刚刚被订满了，请选择其他时间" },
		});
		renderBooking();
		await fillForm();
		const asked = server.to("/reservation/availability").length;
		free = availabilityView({ slots: availabilityView().slots.slice(0, 2) });
		await submit();
		expect((await screen.findByTestId("booking-error-startsAt")).textContent).toBe(
			"这个时间刚刚被订满了，已为您刷新空位，请重新选择",
		);
		await waitFor(() => expect(server.to("/reservation/availability").length).toBeGreaterThan(asked));
		await waitFor(() => expect(screen.queryByTestId("booking-slot-19:30")).toBeNull());
		expect(screen.getByTestId("booking-slot-18:00").className).not.toContain("is-selected");
	});

	it("shows the server's per-field answers at their fields", async () => {
		guestServer({
			...common,
			"/reservation/availability": () => availabilityView(),
			"/reservation/create": {
				code: 400,
				msg: "请填写姓名",
				data: {
					issues: [
						{ field: "name", rule: "fillName", message: "请填写姓名" },
						{ field: "preorder.lines.0.itemId", rule: "fieldInvalid", message: "内容不正确" },
					],
				},
			},
		});
		renderBooking();
		await fillForm();
		await submit();
		expect((await screen.findByTestId("booking-error-name")).textContent).toBe("请填写姓名");
		expect(screen.getByTestId("booking-error-preorder").textContent).toBe("内容不正确");
	});

	it("says why a day has no slots and what to do", async () => {
		guestServer({
			...common,
			"/reservation/availability": () => availabilityView({ slots: [], noSlotsReason: "closedDay" }),
		});
		renderBooking();
		await screen.findByTestId("booking-days");
		fireEvent.click(screen.getByTestId("booking-party-choose"));
		expect((await screen.findByTestId("booking-no-slots")).textContent).toBe("门店当天休息，请换一天。");
	});

	it("shows the deposit before booking, then the pay sheet; paying opens the booking", async () => {
		const deposit = { amount: 2000, perPerson: 1000, reason: "partySize" as const };
		const awaiting = reservationView({
			id: 32,
			status: "awaiting_payment",
			amountDue: 2000,
			payDeadline: "2026-11-24T05:15:00.000Z",
			payments: [{ kind: "deposit", amount: 2000, status: "due", payMethod: null }],
			actions: ["pay", "cancel"],
		});
		signInGuest({ balance: 5000 });
		const server = guestServer({
			...common,
			"/member/user/get-info": () => testMember({ balance: 5000 }),
			"/reservation/availability": () => availabilityView({ terms: { ...availabilityView().terms, deposit } }),
			"/reservation/create": () => awaiting,
			"/reservation/pay": () => ({ reservation: { ...awaiting, status: "confirmed", amountDue: 0 }, balance: 3000 }),
		});
		const { router } = renderBooking();
		await fillForm();
		expect(screen.getByTestId("booking-policy").textContent).toContain("需支付定金 $20.00（每人 $10.00）");
		expect(screen.getByTestId("booking-deposit").textContent).toBe("$20.00");
		await submit();
		const sheet = await screen.findByTestId("reservation-pay-sheet");
		expect(within(sheet).getByTestId("reservation-pay-amount").textContent).toBe("$20.00");
		await act(async () => {
			fireEvent.click(within(sheet).getByTestId("reservation-pay-submit"));
		});
		await waitFor(() => expect(router.state.location.search).toBe("?id=32"));
		expect(server.to("/reservation/pay")[0]?.body).toEqual({ reservationId: 32, payMethod: "balance" });
	});

	it("takes a pre-order from the menu with its pay mode", async () => {
		const server = guestServer({
			...common,
			"/reservation/availability": () => availabilityView(),
			"/reservation/create": () => reservationView({ id: 33 }),
		});
		renderBooking();
		await fillForm();
		fireEvent.click(screen.getByTestId("booking-preorder"));
		const sheet = await screen.findByTestId("preorder-sheet");
		const coconut = await within(sheet).findByTestId("preorder-qty-10");
		fireEvent.click(within(coconut).getByTestId("stepper-plus"));
		fireEvent.click(within(coconut).getByTestId("stepper-plus"));
		fireEvent.click(within(sheet).getByTestId("preorder-done"));
		expect(screen.getByTestId("booking-preorder").textContent).toContain("已选 2 件");
		chip("booking-preorder-pay-now");
		await submit();
		await waitFor(() => expect(server.to("/reservation/create")).toHaveLength(1));
		expect(server.to("/reservation/create")[0]?.body).toMatchObject({
			preorder: {
				lines: [{ itemId: 10, quantity: 2, optionIds: [], seenUnitPrice: 200 }],
				pay: "now",
			},
		});
	});
});
