import { describe, expect, it } from "vitest";
import { roleAllows, SHOP_PERMISSIONS } from "./roles.js";

describe("shop roles", () => {
	it("lets the owner do everything", () => {
		for (const permission of SHOP_PERMISSIONS) expect(roleAllows("owner", permission)).toBe(true);
	});
	it("keeps staff and money settings from managers", () => {
		expect(roleAllows("manager", "menu")).toBe(true);
		expect(roleAllows("manager", "shop")).toBe(true);
		expect(roleAllows("manager", "staff")).toBe(false);
		expect(roleAllows("manager", "money")).toBe(false);
		// Members' full phone numbers are the owner's alone (issue 27): the list masks them for everyone else.
		expect(roleAllows("manager", "memberContact")).toBe(false);
		expect(roleAllows("manager", "sales")).toBe(true);
		expect(roleAllows("manager", "members")).toBe(true);
		expect(roleAllows("staff", "members")).toBe(false);
		expect(roleAllows("manager", "promotions")).toBe(true);
		expect(roleAllows("staff", "promotions")).toBe(false);
	});
	it("gives staff the board, tables, sold-out toggles, the counter and handing over rewards only", () => {
		const allowed = SHOP_PERMISSIONS.filter((permission) => roleAllows("staff", permission));
		expect(allowed).toEqual(["board", "tables", "soldOut", "counter", "redemptions"]);
	});
});
