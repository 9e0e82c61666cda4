import { afterEach, describe, expect, it, vi } from "vitest";
import { cameraProblem, openBackCamera } from "./camera";

afterEach(() => {
	vi.unstubAllGlobals();
});

describe("camera problems", () => {
	it.each([
		["NotAllowedError", "denied"],
		["PermissionDeniedError", "denied"],
		["SecurityError", "denied"],
		["NotFoundError", "noCamera"],
		["DevicesNotFoundError", "noCamera"],
		["OverconstrainedError", "noCamera"],
		["NotSupportedError", "noCamera"],
		["NotReadableError", "failed"],
		["AbortError", "failed"],
	])("%s means %s", (name, problem) => {
		expect(cameraProblem(new DOMException("x", name))).toBe(problem);
	});

	it("anything else is a failure", () => {
		expect(cameraProblem(new Error("boom"))).toBe("failed");
		expect(cameraProblem(undefined)).toBe("failed");
	});

	it("no camera API at all (old browser, plain HTTP) reads as no camera", async () => {
		vi.stubGlobal("navigator", { ...navigator, mediaDevices: undefined });
		const error = await openBackCamera().catch((e: unknown) => e);
		expect(cameraProblem(error)).toBe("noCamera");
	});

	it("asks for the back camera, video only", async () => {
		const getUserMedia = vi.fn(async () => ({ getTracks: () => [] }) as unknown as MediaStream);
		vi.stubGlobal("navigator", { ...navigator, mediaDevices: { getUserMedia } });
		await openBackCamera();
		expect(getUserMedia).toHaveBeenCalledWith({ audio: false, video: { facingMode: { ideal: "environment" } } });
	});
});
