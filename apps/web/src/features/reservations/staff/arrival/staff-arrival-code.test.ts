import { describe, expect, it } from "vitest";
import { extractArrivalCode, normalizeTypedCode } from "./staff-arrival-code";

describe("arrival codes read by the camera or typed", () => {
	it("accepts the six characters, in any case, with spaces or a dash", () => {
		expect(extractArrivalCode("K7M2QX")).toBe("K7M2QX");
		expect(extractArrivalCode(" k7m-2qx ")).toBe("K7M2QX");
		expect(normalizeTypedCode("ab c-23")).toBe("ABC23");
	});
	it("reads a code parameter of a link", () => {
		expect(extractArrivalCode("https://example.com/due/detail?code=k7m2qx")).toBe("K7M2QX");
	});
	it("refuses other codes: look-alike characters, other lengths, a table's QR link", () => {
		expect(extractArrivalCode("K7M2Q0")).toBeNull();
		expect(extractArrivalCode("K7M2QXY")).toBeNull();
		expect(extractArrivalCode("https://example.com/pages/scan?token=abc")).toBeNull();
	});
});
