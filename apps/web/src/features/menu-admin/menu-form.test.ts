import { formatMessage } from "@bayon/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { loadMessages, loadStaffMessages } from "../../lib/i18n/messages";
import { checkGroup, checkItem, groupDraft, itemDraft, moneyText, parseMoney, serverProblems } from "./menu-form";
import { menuAdminStrings, menuAdminText } from "./strings";

describe("money typed in the major unit", () => {
	it.each([
		["2.50", 2, 250],
		["2.5", 2, 250],
		["2,5", 2, 250],
		["3", 2, 300],
		["0.05", 2, 5],
		["4100", 0, 4100],
		["", 2, null],
		["2.505", 2, "invalid"],
		["abc", 2, "invalid"],
		["1e3", 2, "invalid"],
		["-1", 2, -1],
	] as const)("reads %j with %i decimals as %j", (text, decimals, expected) => {
		expect(parseMoney(text, decimals)).toBe(expected);
	});

	it("takes a sign only where one belongs (an option that costs less)", () => {
		expect(parseMoney("-0.50", 2, true)).toBe(-50);
		expect(moneyText(-50, 2)).toBe("-0.50");
		expect(moneyText(250, 2)).toBe("2.50");
		expect(moneyText(null, 2)).toBe("");
	});
});

describe("the item form", () => {
	// The app loads a language's messages with its locale; these checks read en and km directly.
	// The forms run on merchant pages, where MerchantGuard has loaded the staff messages.
	beforeAll(() =>
		Promise.all([loadMessages("en"), loadMessages("km"), loadStaffMessages("en"), loadStaffMessages("km")]),
	);

	const at = { shopId: 1, decimals: 2, lang: "en" };
	const draft = { ...itemDraft(undefined, 3, 2), name: { "zh-CN": "拿铁", en: "Latte", km: "" }, price: "2.50" };

	it("turns a filled form into the request the server takes", () => {
		const checked = checkItem({ ...draft, originalPrice: "3", unlimited: false, stock: "12" }, at);
		expect(checked.problems).toBeNull();
		expect(checked.input).toMatchObject({
			shopId: 1,
			categoryId: 3,
			name: { "zh-CN": "拿铁", en: "Latte", km: "" },
			price: 250,
			originalPrice: 300,
			stock: 12,
			orderTypes: ["takein", "takeout", "desk"],
		});
	});

	it("names each broken field with the contract's message", () => {
		const checked = checkItem(
			{ ...draft, name: { "zh-CN": " ", en: "x", km: "" }, price: "-1", stock: "", unlimited: false, orderTypes: [] },
			{ ...at, lang: "km" },
		);
		expect(checked.input).toBeNull();
		expect(checked.problems).toEqual({
			"name.zh-CN": formatMessage("menuItemNameRequired", "km"),
			price: formatMessage("menuPriceNegative", "km"),
			stock: formatMessage("menuStockInvalid", "km"),
			orderTypes: formatMessage("menuOrderTypesRequired", "km"),
		});
		expect(checkItem({ ...draft, price: "" }, at).problems).toEqual({ price: formatMessage("menuPriceWhole", "en") });
	});
});

describe("the option group form", () => {
	const at = { shopId: 1, itemId: 2, decimals: 2, lang: "zh-CN" };
	it("refuses at least above at most, and a price that is not an amount", () => {
		const draft = groupDraft(undefined, 2);
		draft.name["zh-CN"] = "杯型";
		draft.options[0] = { name: { "zh-CN": "大杯", en: "", km: "" }, priceDelta: "x", isDefault: false };
		draft.minChoices = 2;
		expect(checkGroup(draft, at).problems).toMatchObject({
			minChoices: formatMessage("menuMinAboveMax", "zh-CN"),
			"options.0.priceDelta": formatMessage("menuPriceWhole", "zh-CN"),
		});
		draft.minChoices = 1;
		draft.options[0].priceDelta = "-0.5";
		expect(checkGroup(draft, at).input?.options).toEqual([
			{ name: { "zh-CN": "大杯", en: "", km: "" }, priceDelta: -50, isDefault: false },
		]);
	});

	it("reads the server's per-field answer", () => {
		expect(serverProblems({ issues: [{ field: "price", rule: "r", message: "bad" }] })).toEqual({ price: "bad" });
		expect(serverProblems(null)).toBeNull();
	});
});

describe("menu page texts", () => {
	const source = Object.keys(menuAdminStrings["zh-CN"] ?? {}).sort();
	it.each(["en", "km"])("%s has exactly the keys of zh-CN, none empty", (lang) => {
		const strings: Record<string, string> = menuAdminStrings[lang] ?? {};
		expect(Object.keys(strings).sort()).toEqual(source);
		for (const text of Object.values(strings)) expect(text.trim()).not.toBe("");
	});
	it("fills placeholders", () => {
		expect(menuAdminText("en", "group.rule", { min: 0, max: 3 })).toBe("Choose 0–3");
	});
});
