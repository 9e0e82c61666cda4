import { describe, expect, it } from "vitest";
import { staffOrderLines } from "./staff-order";

describe("staff ordering", () => {
	it("sends each line with the options the staff chose and leaves zero quantities out", () => {
		const lines = staffOrderLines([
			{ itemId: 1, quantity: 2, optionIds: [11, 21] },
			{ itemId: 1, quantity: 1, optionIds: [10, 21] },
			{ itemId: 2, quantity: 0, optionIds: [] },
		]);
		expect(lines).toEqual([
			{ itemId: 1, quantity: 2, optionIds: [11, 21] },
			{ itemId: 1, quantity: 1, optionIds: [10, 21] },
		]);
	});
});
