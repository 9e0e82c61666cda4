import { describe, expect, it } from "vitest";
import { describeValue } from "./describe";
import { changeWord } from "./strings";

const dollars = { code: "USD", symbol: "$", decimals: 2, rate: 1, symbolPosition: "before" as const };

describe("the change log in words", () => {
	it("formats money fields, translates yes/no, roles and nothing, and keeps other values as recorded", () => {
		expect(describeValue("price", 1250, "en", dollars)).toBe("$12.50");
		expect(describeValue("stock", 12, "en", dollars)).toBe("12");
		expect(describeValue("soldOut", true, "km", dollars)).toBe("បាទ/ចាស");
		expect(describeValue("visible", false, "zh-CN", dollars)).toBe("否");
		expect(describeValue("role", "manager", "en", dollars)).toBe("Manager");
		expect(describeValue("role", null, "en", dollars)).toBe("none");
		expect(describeValue("name", "Coconut", "en", dollars)).toBe("Coconut");
		expect(describeValue("windows", [{ opensAt: "08:00" }], "en", dollars)).toBe('[{"opensAt":"08:00"}]');
	});

	it("names coupons, VIP card types and points items and their fields, names in the reader's language, closed days as dates (issue 27)", () => {
		expect(changeWord("zh-CN", "subject", "coupon_template")).toBe("优惠券");
		expect(changeWord("en", "subject", "vip_card_type")).toBe("VIP card type");
		expect(changeWord("km", "subject", "points_item")).toBe("ទំនិញផ្សារពិន្ទុ");
		expect(changeWord("en", "field", "pointsPrice")).toBe("Points price");
		expect(changeWord("zh-CN", "field", "closures")).toBe("休息日");
		expect(describeValue("threshold", 2000, "en", dollars)).toBe("$20.00");
		expect(describeValue("name", { "zh-CN": "金卡", en: "Gold card" }, "en", dollars)).toBe("Gold card");
		expect(describeValue("name", { "zh-CN": "金卡", en: "" }, "km", dollars)).toBe("金卡");
		expect(
			describeValue(
				"closures",
				[
					{ startsOn: "2026-12-24", endsOn: "2026-12-26", label: "Christmas" },
					{ startsOn: "2027-01-01", endsOn: "2027-01-01", label: "" },
				],
				"en",
				dollars,
			),
		).toBe("2026-12-24 – 2026-12-26 Christmas; 2027-01-01");
		expect(describeValue("closures", [], "zh-CN", dollars)).toBe("无");
	});

	it("names every subject, action and field the server records in all three languages", () => {
		const recorded = {
			subject: [
				"coupon_template",
				"vip_card_type",
				"points_item",
				"points_rule",
				"recharge_package",
				"stored_value_agreement",
				"reservation_settings",
				"shop",
				"dining_table",
				"business_admin",
			],
			action: ["create", "update", "reservable", "open_branch", "pause", "resume", "open_orders", "close_orders"],
			field: [
				// coupon templates
				"title",
				"kind",
				"amountOff",
				"percentOff",
				"maxDiscount",
				"threshold",
				"useType",
				"shopIds",
				"validFrom",
				"validUntil",
				"validDays",
				"totalQuantity",
				"perMemberLimit",
				"exchangeCode",
				"listed",
				"enabled",
				// VIP card types
				"name",
				"price",
				"validityDays",
				"discountPercent",
				"discountCap",
				"freeDelivery",
				"pointsPercent",
				"onSale",
				// points items and rule
				"image",
				"pointsPrice",
				"stock",
				"allowPickup",
				"allowDelivery",
				"onShelf",
				"pointsPerUnit",
				// recharge packages
				"payAmount",
				"bonusAmount",
				"sort",
				// shop settings
				"logo",
				"photos",
				"notice",
				"phone",
				"address",
				"latitude",
				"longitude",
				"orderTypes",
				"preparationMinutes",
				"weeklyHours",
				"closures",
				"deliveryZones",
				"pausedUntil",
				"acceptingOrders",
			],
		} as const;
		for (const lang of ["zh-CN", "en", "km"])
			for (const [prefix, words] of Object.entries(recorded) as Array<
				["subject" | "action" | "field", readonly string[]]
			>)
				for (const word of words) expect(changeWord(lang, prefix, word), `${lang} ${prefix}.${word}`).not.toBe(word);
	});

	it("names known subjects, actions and fields, and shows an unknown one as recorded", () => {
		expect(changeWord("km", "subject", "shop_staff")).toBe("បុគ្គលិក");
		expect(changeWord("en", "action", "rotate_qr")).toBe("new QR code");
		expect(changeWord("zh-CN", "field", "originalPrice")).toBe("原价");
		expect(changeWord("en", "field", "spiceLevel")).toBe("spiceLevel");
	});
});
