import { formatMoney as contractFormatMoney } from "@bayon/contract";
import { describe, expect, it } from "vitest";
import {
	type DateLabels,
	formatCalendarDay,
	formatDate,
	formatDateTime,
	formatList,
	formatMoney,
	formatMonth,
	formatPoints,
	formatPrice,
	formatRelativeTime,
	maskPhone,
} from "./format";

const usd = { code: "USD", symbol: "$", decimals: 2, rate: 1, symbolPosition: "before" as const };
const khr = { code: "KHR", symbol: "៛", decimals: 0, rate: 4100, symbolPosition: "after" as const };

const english: DateLabels = {
	months: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
	datePattern: "{month} {day}, {year}",
	justNow: "just now",
	minutesAgo: "{n} min ago",
	hoursAgo: "{n} h ago",
	daysAgo: "{n} d ago",
	weekdays: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
	dayPattern: "{month} {day}",
};
const khmer: DateLabels = {
	months: ["មករា", "កុម្ភៈ", "មីនា", "មេសា", "ឧសភា", "មិថុនា", "កក្កដា", "សីហា", "កញ្ញា", "តុលា", "វិច្ឆិកា", "ធ្នូ"],
	datePattern: "{day} {month} {year}",
	justNow: "អម្បាញ់មិញ",
	minutesAgo: "{n} នាទីមុន",
	hoursAgo: "{n} ម៉ោងមុន",
	daysAgo: "{n} ថ្ងៃមុន",
	weekdays: ["អាទិត្យ", "ច័ន្ទ", "អង្គារ", "ពុធ", "ព្រហស្បតិ៍", "សុក្រ", "សៅរ៍"],
	dayPattern: "{day} {month}",
};

describe("formatMoney", () => {
	it("shows minor units with the currency's decimals and the symbol before", () => {
		expect(formatMoney(1250, usd)).toBe("$12.50");
		expect(formatMoney(0, usd)).toBe("$0.00");
		expect(formatMoney(5, usd)).toBe("$0.05");
	});

	it("multiplies by the rate and puts the symbol after when asked", () => {
		// 12.50 USD at 41 riel per cent-less unit, shown without decimals
		expect(formatMoney(1250, { ...khr, decimals: 0, rate: 41 })).toBe("51,250៛");
	});

	it("puts the minus sign in front of the symbol", () => {
		expect(formatMoney(-250, usd)).toBe("-$2.50");
	});

	it("is the contract's formatter, so pages and server messages agree", () => {
		for (const [amount, currency] of [
			[123456, usd],
			[333, { ...usd, rate: 1.5 }],
			[1234, { ...usd, symbol: "KD ", decimals: 3 }],
			[99, khr],
		] as const) {
			expect(formatMoney(amount, currency)).toBe(contractFormatMoney(amount, currency));
		}
	});
});

describe("other formats", () => {
	it("groups points", () => {
		expect(formatPoints(12345)).toBe("12,345");
	});

	it("masks the middle of a phone number", () => {
		expect(maskPhone("13800000001")).toBe("138****0001");
		expect(maskPhone("")).toBe("");
		expect(maskPhone("85512345678901")).toBe("**********8901");
	});

	it("formats a date in the language's style", () => {
		expect(formatDate("2026-03-05T08:00:00Z", "en", english)).toBe("Mar 5, 2026");
		expect(formatDate("2026-03-05T08:00:00Z", "zh-CN", english)).toBe("2026年3月5日");
		expect(formatDate("not a date", "en", english)).toBe("");
	});

	it("uses the translated words for a language the browser's Intl does not know", () => {
		// Chromium has no Khmer date data; "tlh" plays that part here, since Node knows km.
		expect(formatDate("2026-11-05T08:00:00Z", "tlh", khmer)).toBe("5 វិច្ឆិកា 2026");
	});

	it("names a day chip's day the same way for customers and staff, in the language's style (issue 27)", () => {
		expect(formatCalendarDay("2026-12-09", "zh-CN", english)).toEqual({ weekday: "周三", day: "12月9日" });
		expect(formatCalendarDay("2026-12-09", "en", english)).toEqual({ weekday: "Wed", day: "Dec 9" });
		// Chromium has no Khmer dates: the translated words, in the same order a Khmer reader expects.
		expect(formatCalendarDay("2026-12-09", "tlh", khmer)).toEqual({ weekday: "ពុធ", day: "9 ធ្នូ" });
		expect(formatCalendarDay("not-a-date", "en", english)).toEqual({ weekday: "", day: "" });
	});

	it("names a month in the language's style, with the translated words where Intl lacks the language", () => {
		expect(formatMonth("2026-11", "zh-CN", english)).toBe("2026年11月");
		expect(formatMonth("2026-11", "en", english)).toBe("November 2026");
		expect(formatMonth("2026-11", "tlh", khmer)).toBe("វិច្ឆិកា 2026");
		expect(formatMonth("2026-13", "en", english)).toBe("2026-13");
	});

	it("formats a moment with its time of day, in the language's style and the given zone", () => {
		const at = "2026-11-05T05:07:00Z";
		expect(formatDateTime(at, "zh-CN", english, "Asia/Phnom_Penh")).toBe("2026年11月5日 12:07");
		expect(formatDateTime(at, "en", english, "Asia/Phnom_Penh")).toBe("Nov 5, 2026, 12:07");
		expect(formatDateTime(at, "tlh", khmer, "Asia/Phnom_Penh")).toBe("5 វិច្ឆិកា 2026 12:07");
		expect(formatDateTime("not a date", "en", english)).toBe("");
	});

	it("reads recent moments relatively, up to 30 days (spec §9)", () => {
		const now = Date.parse("2026-03-31T12:00:00Z");
		const ago = (ms: number) => new Date(now - ms).toISOString();
		expect(formatRelativeTime(ago(4 * 60_000), "en", english, now)).toBe("just now");
		expect(formatRelativeTime(ago(5 * 60_000), "en", english, now)).toBe("5 minutes ago");
		expect(formatRelativeTime(ago(3 * 3_600_000), "en", english, now)).toBe("3 hours ago");
		expect(formatRelativeTime(ago(2 * 86_400_000), "en", english, now)).toBe("2 days ago");
		expect(formatRelativeTime(ago(29 * 86_400_000), "zh-CN", english, now)).toBe("29天前");
		expect(formatRelativeTime(ago(30 * 86_400_000), "en", english, now)).toBe("Mar 1, 2026");
	});

	it("falls back to the translated patterns when Intl lacks the language", () => {
		const now = Date.parse("2026-03-31T12:00:00Z");
		const ago = (ms: number) => new Date(now - ms).toISOString();
		expect(formatRelativeTime(ago(60_000), "tlh", khmer, now)).toBe("អម្បាញ់មិញ");
		expect(formatRelativeTime(ago(7 * 60_000), "tlh", khmer, now)).toBe("7 នាទីមុន");
		expect(formatRelativeTime(ago(5 * 3_600_000), "tlh", khmer, now)).toBe("5 ម៉ោងមុន");
		expect(formatRelativeTime(ago(3 * 86_400_000), "tlh", khmer, now)).toBe("3 ថ្ងៃមុន");
	});
});

describe("prices with a second display currency", () => {
	const riel = { code: "KHR", symbol: "៛", rate: 4100, roundTo: 100, symbolPosition: "after" as const };

	it("shows riel beside dollars, rounded to 100, the way Phnom Penh shops price", () => {
		expect(formatPrice(250, { ...usd, second: riel })).toBe("$2.50 · 10,300៛");
		expect(formatPrice(1250, { ...usd, second: riel })).toBe("$12.50 · 51,300៛");
	});

	it("shows the shop's currency alone when the owner set no second one", () => {
		expect(formatPrice(250, usd)).toBe("$2.50");
		expect(formatPrice(250, { ...usd, second: null })).toBe("$2.50");
	});
});

describe("lists", () => {
	it("are joined in the language's own style", () => {
		expect(formatList(["Coconut", "Amok", "Tea"], "en", ", ")).toBe("Coconut, Amok, Tea");
		expect(formatList(["椰子", "阿莫克鱼", "茶"], "zh-CN", "、")).toBe("椰子、阿莫克鱼、茶");
		expect(formatList(["ដូង"], "en", ", ")).toBe("ដូង");
	});

	it("use the language's own separator where the browser has no list data", () => {
		// Chromium has no Khmer list data; "tlh" plays that part here, since Node knows km.
		expect(formatList(["ដូង", "អាម៉ុក"], "tlh", ", ")).toBe("ដូង, អាម៉ុក");
	});
});
