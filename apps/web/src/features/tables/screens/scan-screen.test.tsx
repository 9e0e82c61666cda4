import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { Paths } from "../../../lib/paths";
import { appStore } from "../../../lib/store";
import { renderScreen } from "../../../test/render";
import ScanScreen from "./scan-screen";

const token = "t1-1-3-1.AbCdEfGhIjKlMnOpQrStUv";
const ourUrl = () => `${window.location.origin}${Paths.scanOperate}?token=${token}`;

function withCamera(getUserMedia: () => Promise<MediaStream>) {
	vi.stubGlobal("navigator", { ...navigator, mediaDevices: { getUserMedia: vi.fn(getUserMedia) } });
}

const renderScan = () => renderScreen(<ScanScreen />, { path: Paths.scan, otherPaths: [Paths.scanOperate] });

beforeEach(async () => {
	localStorage.clear();
	sessionStorage.clear();
	appStore.reload();
	await applyLanguage("zh-CN");
});

afterEach(() => {
	delete window.Telegram;
});

describe("scan/scan", () => {
	it("says so when camera permission is denied, and still takes a typed code", async () => {
		withCamera(() => Promise.reject(new DOMException("denied", "NotAllowedError")));
		const { router } = renderScan();
		expect((await screen.findByTestId("camera-denied")).textContent).toContain("请在浏览器设置中允许访问相机");

		fireEvent.input(screen.getByTestId("scan-manual-input"), { target: { value: ourUrl() } });
		await act(async () => {
			fireEvent.click(screen.getByTestId("scan-manual-submit"));
		});
		expect(router.state.location.pathname).toBe(Paths.scanOperate);
		expect(router.state.location.search).toBe(`?token=${encodeURIComponent(token)}`);
		expect(router.state.historyAction).toBe("REPLACE");
	});

	it("says so when there is no camera, in the user's language", async () => {
		await applyLanguage("km");
		withCamera(() => Promise.reject(new DOMException("none", "NotFoundError")));
		renderScan();
		expect((await screen.findByTestId("camera-noCamera")).textContent).toBe("រកមិនឃើញកាមេរ៉ាទេ។ សូមបញ្ចូលលេខកូដតុខាងក្រោម");
	});

	it("tries the camera again on request", async () => {
		const getUserMedia = vi.fn(() => Promise.reject(new DOMException("busy", "NotReadableError")));
		vi.stubGlobal("navigator", { ...navigator, mediaDevices: { getUserMedia } });
		renderScan();
		await screen.findByTestId("camera-failed");
		await act(async () => {
			fireEvent.click(screen.getByTestId("camera-retry"));
		});
		await waitFor(() => expect(getUserMedia).toHaveBeenCalledTimes(2));
	});

	it("a code that is not ours is refused with a message", async () => {
		withCamera(() => Promise.reject(new DOMException("none", "NotFoundError")));
		const { router } = renderScan();
		fireEvent.input(screen.getByTestId("scan-manual-input"), {
			target: { value: `https://evil.example${Paths.scanOperate}?token=${token}` },
		});
		fireEvent.click(screen.getByTestId("scan-manual-submit"));
		expect((await screen.findByTestId("not-table-code")).textContent).toBe("这不是本店的桌码，请扫描餐桌上的二维码");
		expect(router.state.location.pathname).toBe(Paths.scan);
	});

	it("inside Telegram, uses Telegram's scanner instead of the camera", async () => {
		const getUserMedia = vi.fn();
		vi.stubGlobal("navigator", { ...navigator, mediaDevices: { getUserMedia } });
		let scanned: ((text: string) => boolean | undefined) | undefined;
		const showScanQrPopup = vi.fn((_params: { text?: string }, callback?: (text: string) => boolean | undefined) => {
			scanned = callback;
		});
		const closeScanQrPopup = vi.fn();
		window.Telegram = {
			WebApp: { initData: "query_id=1", showScanQrPopup, closeScanQrPopup, isVersionAtLeast: () => true } as never,
		};
		const { router } = renderScan();

		await waitFor(() => expect(showScanQrPopup).toHaveBeenCalledTimes(1));
		expect(showScanQrPopup.mock.calls[0]?.[0]).toEqual({ text: "扫描餐桌上的二维码" });
		expect(screen.getByTestId("scan-telegram")).toBeTruthy();
		expect(getUserMedia).not.toHaveBeenCalled();

		let closes: boolean | undefined;
		await act(async () => {
			closes = scanned?.(ourUrl());
		});
		expect(closes).toBe(true);
		expect(closeScanQrPopup).toHaveBeenCalled();
		expect(router.state.location.pathname).toBe(Paths.scanOperate);
	});
});
