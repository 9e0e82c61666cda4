import { afterEach, describe, expect, it } from "vitest";
import { appStore, selectMerchantShop, setMember } from "../../lib/store";
import { testMember } from "../../test/member-fixtures";
import { changeStrings } from "../shop-changes/strings";
import { statsStrings } from "../shop-stats/strings";
import { staffStrings } from "./strings";

describe("texts of the staff, change log and merchant home pages", () => {
	for (const [name, strings] of [
		["staff", staffStrings],
		["change log", changeStrings],
		["merchant home", statsStrings],
	] as const) {
		const source = Object.keys(strings.catalog["zh-CN"]).sort();
		it.each(["en", "km"] as const)(`${name}: %s has exactly the keys of zh-CN, none empty`, (lang) => {
			const catalog: Record<string, string> = strings.catalog[lang];
			expect(Object.keys(catalog).sort()).toEqual(source);
			for (const text of Object.values(catalog)) expect(text.trim()).not.toBe("");
		});
	}
	it("fills placeholders, and reads an unknown language in Chinese", () => {
		expect(staffStrings.text("en", "staff.added", { mobile: "13900000001" })).toBe("13900000001 added");
		expect(staffStrings.text("xx", "role.manager")).toBe("店长");
	});
});

describe("the merchant area's current shop", () => {
	afterEach(() => {
		localStorage.clear();
		setMember(null);
	});
	const member = testMember({
		isMerchant: true,
		merchantShops: [
			{ shopId: 1, shopName: "Riverside", role: "staff" },
			{ shopId: 2, shopName: "Angkor", role: "owner" },
		],
	});

	it("is the first shop until the member switches, and the chosen one after, across visits", () => {
		setMember(member);
		expect(appStore.getState().merchantShop?.shopId).toBe(1);

		selectMerchantShop(2);
		expect(appStore.getState().merchantShop).toMatchObject({ shopId: 2, role: "owner" });
		setMember({ ...member });
		expect(appStore.getState().merchantShop?.shopId).toBe(2);
		appStore.reload();
		expect(appStore.getState().merchantShop?.shopId).toBe(2);
	});

	it("falls back to a shop the member still works at when removed from the chosen one", () => {
		setMember(member);
		selectMerchantShop(2);
		setMember({ ...member, merchantShops: [{ shopId: 1, shopName: "Riverside", role: "staff" }] });
		expect(appStore.getState().merchantShop?.shopId).toBe(1);
		selectMerchantShop(99);
		expect(appStore.getState().merchantShop?.shopId).toBe(1);
	});
});
