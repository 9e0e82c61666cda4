import {
	type AppConfig,
	ErrorCode,
	formatMessage,
	type NewsDetail,
	type NewsSummary,
	type PageResult,
	type ServiceContent,
	type ServiceItem,
	SUPPORTED_LANGUAGES,
} from "@bayon/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(async () => {
	await server?.close();
});

describe("language list", () => {
	it("comes from the database as code and name, Chinese first", async () => {
		const answer = await server.call("GET", "/app-api/system/language/page");

		expect(answer).toEqual({
			code: 0,
			msg: "",
			data: [
				{ code: "zh-CN", name: "简体中文" },
				{ code: "en", name: "English" },
				{ code: "km", name: "ខ្មែរ" },
			],
		});
	});
});

describe("app config", () => {
	it("tells the app how to show money", async () => {
		const answer = await server.call<AppConfig>("GET", "/app-api/system/config");

		expect(answer.data).toMatchObject({
			tenantId: 1,
			currency: {
				code: "USD",
				symbol: "$",
				decimals: 2,
				rate: 1,
				symbolPosition: "before",
				second: { code: "KHR", symbol: "៛", rate: 4100, roundTo: 100, symbolPosition: "after" },
			},
			telegramLoginEnabled: true,
		});
	});
});

describe("services and their content", () => {
	it("lists the services in the caller's language", async () => {
		const [zh, en, km] = await Promise.all(
			SUPPORTED_LANGUAGES.map((lang) => server.call<ServiceItem[]>("GET", "/app-api/service/list", { lang })),
		);

		expect(zh?.data.map((s) => s.slug)).toEqual(
			expect.arrayContaining(["about-us", "user-agreement", "privacy-policy", "stored-value-agreement"]),
		);
		expect(zh?.data.map((s) => s.slug)).toEqual(en?.data.map((s) => s.slug));
		const agreement = (list: ServiceItem[] | undefined) => list?.find((s) => s.slug === "user-agreement")?.name;
		expect(new Set([agreement(zh?.data), agreement(en?.data), agreement(km?.data)]).size).toBe(3);
		expect(agreement(zh?.data)).toMatch(/[\u4e00-\u9fff]/);
		expect(agreement(km?.data)).toMatch(/[\u1780-\u17ff]/);
	});

	it("shows a page's content in the caller's language", async () => {
		const list = await server.call<ServiceItem[]>("GET", "/app-api/service/list");
		const storedValue = list.data.find((s) => s.slug === "stored-value-agreement");

		const en = await server.call<ServiceContent>("GET", `/app-api/service/content?id=${storedValue?.id}`, {
			lang: "en",
		});

		expect(en.code).toBe(0);
		expect(en.data).toMatchObject({ id: storedValue?.id, slug: "stored-value-agreement" });
		expect(en.data.content.length).toBeGreaterThan(100);
		expect(en.data.content).toMatch(/refund/i);
	});

	it.each(SUPPORTED_LANGUAGES)(
		"answers not-found for an unknown page and a clear message for a bad id, in %s",
		async (lang) => {
			const missing = await server.call("GET", "/app-api/service/content?id=999999", { lang });
			const bad = await server.call("GET", "/app-api/service/content?id=abc", { lang });
			const absent = await server.call("GET", "/app-api/service/content", { lang });

			expect(missing).toEqual({ code: ErrorCode.NotFound, msg: formatMessage("notFound", lang), data: null });
			for (const answer of [bad, absent]) {
				expect(answer).toMatchObject({
					code: ErrorCode.BadRequest,
					msg: formatMessage("fieldInvalid", lang, { field: "id" }),
				});
			}
		},
	);
});

describe("news", () => {
	it("pages through the published news, newest first", async () => {
		const first = await server.call<PageResult<NewsSummary>>("GET", "/app-api/news/list?page=1&pageSize=1", {
			lang: "en",
		});
		const second = await server.call<PageResult<NewsSummary>>("GET", "/app-api/news/list?page=2&pageSize=1", {
			lang: "en",
		});

		expect(first.data.total).toBe(2);
		expect(first.data.list).toHaveLength(1);
		expect(second.data.list).toHaveLength(1);
		const [newer, older] = [first.data.list[0], second.data.list[0]];
		expect(new Date(String(newer?.publishedAt)).getTime()).toBeGreaterThan(
			new Date(String(older?.publishedAt)).getTime(),
		);
	});

	it("shows one item in full", async () => {
		const list = await server.call<PageResult<NewsSummary>>("GET", "/app-api/news/list", { lang: "km" });
		const id = list.data.list[0]?.id;

		const detail = await server.call<NewsDetail>("GET", `/app-api/news/detail/${id}`, { lang: "km" });

		expect(detail.data).toMatchObject({ id, title: list.data.list[0]?.title });
		expect(detail.data.content).toMatch(/[\u1780-\u17ff]/);
	});

	it("refuses a page size over the limit and answers not-found for unknown news", async () => {
		expect((await server.call("GET", "/app-api/news/list?pageSize=500")).code).toBe(ErrorCode.BadRequest);
		expect((await server.call("GET", "/app-api/news/detail/987654")).code).toBe(ErrorCode.NotFound);
	});
});
