import { beforeEach, describe, expect, it, vi } from "vitest";

/** The module reads storage once when loaded: each test loads a fresh copy, like a reload. */
async function reload() {
	vi.resetModules();
	return import("./checkout-draft");
}

describe("checkout draft across a reload", () => {
	beforeEach(() => localStorage.clear());

	it("keeps what the customer filled in and the attempt's key, and forgets them once reset", async () => {
		const first = await reload();
		first.updateDraft({ remark: "less ice", payMethod: "sandbox", diners: 3 });
		const key = first.attemptKey({ shopId: 1 }, () => "key-1");
		first.markAttemptUnanswered(true);

		const second = await reload();
		expect(second.readDraft()).toMatchObject({ remark: "less ice", payMethod: "sandbox", diners: 3 });
		expect(second.readDraft().attempt).toEqual({ key, body: '{"shopId":1}', unanswered: true });
		expect(second.attemptKey({ shopId: 1 }, () => "key-2")).toBe("key-1");

		second.resetDraft();
		const third = await reload();
		expect(third.readDraft().remark).toBe("");
		expect(third.attemptKey({ shopId: 1 }, () => "key-3")).toBe("key-3");
	});

	it("is forgotten on signing out, in memory and in storage", async () => {
		const draft = await reload();
		draft.updateDraft({ remark: "less ice", contactPhone: "13800138000" });
		const { forgetPersonalData } = await import("../../../lib/session");
		forgetPersonalData();
		expect(draft.readDraft().remark).toBe("");
		expect(draft.readDraft().contactPhone).toBeNull();
		expect((await reload()).readDraft().remark).toBe("");
	});

	it("drops a dead attempt so the next try is a new order", async () => {
		const draft = await reload();
		draft.attemptKey({ shopId: 1 }, () => "key-1");
		draft.dropAttempt();
		expect((await reload()).attemptKey({ shopId: 1 }, () => "key-2")).toBe("key-2");
	});

	it("reads a stored draft of another shape field by field", async () => {
		localStorage.setItem(
			"checkoutDraft",
			JSON.stringify({ remark: 5, pickup: "12:30", diners: -1, payMethod: "cash", attempt: { key: 1 } }),
		);
		expect((await reload()).readDraft()).toEqual({
			remark: "",
			pickup: "12:30",
			diners: null,
			contactPhone: null,
			payMethod: "balance",
			couponId: null,
			couponChosen: false,
			attempt: null,
		});
		localStorage.setItem("checkoutDraft", "{not json");
		expect((await reload()).readDraft().attempt).toBeNull();
	});
});
