import { describe, expect, it } from "vitest";
import { bucketChanges, dateInZone, formatBasisPoints, groupByLocalDay, holdPeriod, lineFigure } from "./wallet-format";
import { statementLine } from "./wallet-testing";

describe("the wallet's figures and days", () => {
	it("reads an instant's date on the shop's clock", () => {
		expect(dateInZone("2026-11-23T18:30:00.000Z", "Asia/Phnom_Penh")).toBe("2026-11-24");
		expect(dateInZone("2026-11-23T18:30:00.000Z", "UTC")).toBe("2026-11-23");
	});

	it("groups lines under their local day, keeping the server's order", () => {
		const lines = [
			statementLine(3, { createdAt: "2026-11-24T01:00:00.000Z" }),
			statementLine(2, { createdAt: "2026-11-23T17:30:00.000Z" }),
			statementLine(1, { createdAt: "2026-11-23T16:30:00.000Z" }),
		];
		expect(
			groupByLocalDay(lines, "Asia/Phnom_Penh").map((day) => [day.date, day.lines.map((line) => line.id)]),
		).toEqual([
			["2026-11-24", [3, 2]],
			["2026-11-23", [1]],
		]);
	});

	it("names what a line moved and its headline figure", () => {
		const settled = statementLine(1, { kind: "settled", amount: 0, availableChange: 900, pendingChange: -900 });
		expect(bucketChanges(settled)).toEqual([
			{ bucket: "available", change: 900 },
			{ bucket: "pending", change: -900 },
		]);
		expect(lineFigure(settled)).toEqual({ amount: 900, tone: "move" });
		expect(lineFigure(statementLine(2, { amount: -300 }))).toEqual({ amount: -300, tone: "out" });
		expect(lineFigure(statementLine(3, { amount: 300 }))).toEqual({ amount: 300, tone: "in" });
	});

	it("reads the platform's terms", () => {
		expect(formatBasisPoints(250)).toBe("2.5%");
		expect(formatBasisPoints(1_000)).toBe("10%");
		expect(formatBasisPoints(1)).toBe("0.01%");
		expect(holdPeriod(0)).toEqual({ unit: "none" });
		expect(holdPeriod(48)).toEqual({ unit: "days", count: 2 });
		expect(holdPeriod(36)).toEqual({ unit: "hours", count: 36 });
	});
});
