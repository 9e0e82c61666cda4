import { beforeEach, describe, expect, it, vi } from "vitest";
import { appStore } from "../store";
import { i18next } from "./index";
import { chooseLanguage, initLanguage } from "./language";

const serverList = [
	{ code: "zh-CN", name: "简体中文" },
	{ code: "en", name: "English" },
	{ code: "km", name: "ខ្មែរ" },
];

let requested: string[] = [];

/** The server's language list endpoint (spec §7). */
function serveLanguages(list: unknown, status = 200) {
	requested = [];
	vi.stubGlobal(
		"fetch",
		vi.fn(async (input: RequestInfo | URL) => {
			requested.push(String(input));
			return new Response(JSON.stringify({ code: 0, msg: "", data: list }), { status });
		}),
	);
}

beforeEach(() => {
	localStorage.clear();
	appStore.reload();
});

describe("language at start (spec §4)", () => {
	it("loads the server list, then uses the device language and sets the manual flag", async () => {
		serveLanguages(serverList);

		const chosen = await initLanguage("en-US");

		expect(requested).toEqual(["/app-api/system/language/page"]);
		expect(chosen).toEqual({ code: "en", name: "English" });
		expect(localStorage.getItem("languageManual")).toBe("1");
		expect(localStorage.getItem("language")).toBe("en");
		expect(localStorage.getItem("languageName")).toBe("English");
		expect(document.documentElement.lang).toBe("en");
		expect(i18next.language).toBe("en");
		expect(i18next.t("tab.home")).toBe("Home");
		expect(appStore.getState().languages).toEqual(serverList);
	});

	it("turns iOS-style underscores into hyphens and any zh code into zh-CN", async () => {
		serveLanguages(serverList);
		await expect(initLanguage("zh_TW")).resolves.toMatchObject({ code: "zh-CN" });
		expect(document.documentElement.lang).toBe("zh-CN");
		expect(i18next.t("tab.home")).toBe("首页");
	});

	it("finds Khmer from the device's km_KH", async () => {
		serveLanguages(serverList);
		await expect(initLanguage("km_KH")).resolves.toEqual({ code: "km", name: "ខ្មែរ" });
		expect(i18next.t("tab.mine")).toBe("ខ្ញុំ");
	});

	it("falls back to zh-CN for a device language the server does not list", async () => {
		serveLanguages(serverList);
		await expect(initLanguage("fr-FR")).resolves.toMatchObject({ code: "zh-CN" });
	});

	it("keeps an earlier choice once the manual flag exists, whatever the device says", async () => {
		localStorage.setItem("language", "km");
		localStorage.setItem("languageManual", "1");
		appStore.reload();
		serveLanguages(serverList);

		await expect(initLanguage("en-US")).resolves.toMatchObject({ code: "km" });
		expect(document.documentElement.lang).toBe("km");
	});

	it("falls back to zh-CN when the stored choice is no longer in the server list", async () => {
		localStorage.setItem("language", "km");
		localStorage.setItem("languageManual", "1");
		appStore.reload();
		serveLanguages(serverList.slice(0, 2));

		await expect(initLanguage("en-US")).resolves.toMatchObject({ code: "zh-CN" });
	});

	it("still starts when the list cannot be loaded, using the languages the app ships", async () => {
		serveLanguages(null, 500);
		await expect(initLanguage("en-GB")).resolves.toMatchObject({ code: "en" });
		expect(appStore.getState().languages.map((item) => item.code)).toEqual(["zh-CN", "en", "km"]);
	});
});

describe("choosing a language", () => {
	it("persists the choice with the manual flag and retranslates", async () => {
		serveLanguages(serverList);
		await initLanguage("zh-CN");

		await chooseLanguage({ code: "km", name: "ខ្មែរ" });

		expect(localStorage.getItem("language")).toBe("km");
		expect(localStorage.getItem("languageManual")).toBe("1");
		expect(i18next.t("tab.home")).toBe("ទំព័រដើម");
		expect(document.documentElement.lang).toBe("km");
	});
});
