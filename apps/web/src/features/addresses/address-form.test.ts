import type { Address } from "@bayon/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { loadMessages } from "../../lib/i18n/messages";
import {
	type AddressDraft,
	draftFromAddress,
	emptyDraft,
	problemText,
	serverIssues,
	validateAddress,
} from "./address-form";

// The app loads a language's messages with its locale; these checks read en and km directly.
beforeAll(() => Promise.all([loadMessages("en"), loadMessages("km")]));

const complete: AddressDraft = {
	recipient: " Sokha ",
	phone: "13812345678",
	address: "Street 178, Daun Penh",
	houseNumber: "12B",
	isDefault: false,
	latitude: 11.5686,
	longitude: 104.931,
};

function messagesIn(lang: string, draft: AddressDraft) {
	const result = validateAddress(draft);
	if (result.ok) throw new Error("expected problems");
	return Object.fromEntries(
		Object.entries(result.problems).map(([field, problem]) => [
			field,
			problem.key === "pickPoint" ? "pickPoint" : problemText(problem, lang, field),
		]),
	);
}

describe("address form validation (the contract's SaveAddressInput)", () => {
	it("accepts a complete address, trimmed, with its point", () => {
		const result = validateAddress(complete);
		expect(result).toEqual({
			ok: true,
			input: {
				recipient: "Sokha",
				phone: "13812345678",
				address: "Street 178, Daun Penh",
				houseNumber: "12B",
				latitude: 11.5686,
				longitude: 104.931,
				isDefault: false,
			},
		});
	});

	it.each([
		[
			"zh-CN",
			{
				recipient: "请填写收货人和地址",
				phone: "手机号格式错误",
				address: "请填写收货人和地址",
				point: "pickPoint",
			},
		],
		[
			"en",
			{
				recipient: "Please enter the recipient and address",
				phone: "Phone number format is wrong",
				address: "Please enter the recipient and address",
				point: "pickPoint",
			},
		],
		[
			"km",
			{
				recipient: "សូមបញ្ចូលឈ្មោះអ្នកទទួល និងអាសយដ្ឋាន",
				phone: "ទម្រង់លេខទូរស័ព្ទមិនត្រឹមត្រូវ",
				address: "សូមបញ្ចូលឈ្មោះអ្នកទទួល និងអាសយដ្ឋាន",
				point: "pickPoint",
			},
		],
	])("names every broken rule with the spec's message in %s", (lang, expected) => {
		const draft = { ...emptyDraft(), recipient: "  ", phone: "12345678901" };
		expect(messagesIn(lang, draft)).toEqual(expected);
	});

	it("an empty phone asks for one; a phone starting 12 is the wrong format (spec §5)", () => {
		expect(messagesIn("en", { ...complete, phone: "" })).toEqual({ phone: "Please fill in your phone number" });
		expect(messagesIn("en", { ...complete, phone: "12812345678" })).toEqual({ phone: "Phone number format is wrong" });
		expect(messagesIn("en", { ...complete, phone: "1381234567" })).toEqual({ phone: "Phone number format is wrong" });
	});

	it("names a field that is too long", () => {
		expect(messagesIn("en", { ...complete, recipient: "x".repeat(31) })).toEqual({
			recipient: "Invalid value: recipient",
		});
	});

	it("on an edit sends the id, and the default flag only when it is turned on", () => {
		const off = validateAddress(complete, 7);
		expect(off.ok && off.input).toMatchObject({ id: 7 });
		expect(off.ok && "isDefault" in off.input).toBe(false);
		const on = validateAddress({ ...complete, isDefault: true }, 7);
		expect(on.ok && on.input.isDefault).toBe(true);
	});

	it("starts an edit from the saved address", () => {
		const saved: Address = {
			id: 7,
			...complete,
			recipient: "Sokha",
			isDefault: true,
			deliverable: null,
			latitude: 11.5686,
			longitude: 104.931,
		};
		expect(draftFromAddress(saved)).toEqual({ ...complete, recipient: "Sokha", isDefault: true });
	});

	it("reads the server's validation issues by field", () => {
		expect(
			serverIssues({
				issues: [
					{ field: "phone", rule: "phoneFormat", message: "手机号格式错误" },
					{ field: "latitude", rule: "fieldInvalid", message: "参数不正确：latitude" },
					{ field: "other", rule: "x", message: "y" },
				],
			}),
		).toEqual({ phone: "手机号格式错误", point: "参数不正确：latitude" });
		expect(serverIssues(null)).toEqual({});
	});
});
