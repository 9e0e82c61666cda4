import { describe, expect, it } from "vitest";
import { checkPhone } from "./phone";

describe("the phone rule", () => {
	it("checks a customer's or a new staff member's phone with the spec rule", () => {
		expect(checkPhone("")).toBe("fillPhone");
		expect(checkPhone("12800000003")).toBe("phoneFormat");
		expect(checkPhone("1380000000")).toBe("phoneFormat");
		expect(checkPhone("13800000003")).toBeNull();
	});
});
