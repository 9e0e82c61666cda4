import { SHOP_ROLES } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import en from "../../lib/i18n/locales/en";
import km from "../../lib/i18n/locales/km";
import zhCN from "../../lib/i18n/locales/zh-CN";
import { type PathName, Paths } from "../../lib/paths";
import { merchantPagesFor } from "./merchant-pages";

/** Merchant pages reached from another page, never from the menu: they need an id or a context. */
const REACHED_FROM_A_PAGE: PathName[] = [
	"merchantOrderDetail",
	"merchantMenuItem",
	"merchantAddCard",
	"merchantCashAccount",
	"merchantMy",
];

describe("merchant pages by role (issue 27)", () => {
	it("lists every merchant page to an owner, all but staff and money to a manager, the floor and the counter to staff", () => {
		const everyMerchantPage = (Object.keys(Paths) as PathName[]).filter(
			(name) => name.startsWith("merchant") && !REACHED_FROM_A_PAGE.includes(name),
		);
		expect(new Set(merchantPagesFor("owner").map((page) => page.name))).toEqual(new Set(everyMerchantPage));
		expect(merchantPagesFor("manager").map((page) => page.name)).toEqual([
			"merchantIndex",
			"merchantOrder",
			"merchantBell",
			"merchantReservations",
			"merchantTill",
			"merchantCounter",
			"merchantRedemptions",
			"merchantMenu",
			"merchantReservationSettings",
			"merchantShopInfo",
			"merchantMembers",
			"merchantStoredValue",
			"merchantVipCards",
			"merchantCoupons",
			"merchantPointsMall",
			"merchantChanges",
		]);
		expect(merchantPagesFor("staff").map((page) => page.name)).toEqual([
			"merchantIndex",
			"merchantOrder",
			"merchantBell",
			"merchantReservations",
			"merchantTill",
			"merchantCounter",
			"merchantRedemptions",
		]);
		expect(merchantPagesFor("owner").find((page) => page.name === "merchantWallet")?.path).toBe(Paths.merchantWallet);
	});

	it("titles each page in every language", () => {
		for (const role of SHOP_ROLES)
			for (const page of merchantPagesFor(role))
				for (const catalog of [zhCN, en, km] as Array<Record<string, string>>)
					expect(catalog[page.title]?.trim(), `${page.name}`).toBeTruthy();
	});
});
