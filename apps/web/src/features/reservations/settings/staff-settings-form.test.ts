import { DEFAULT_RESERVATION_SETTINGS, type ReservationSettings } from "@bayon/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { loadStaffMessages } from "../../../lib/i18n/messages";
import {
	addBand,
	bandRanges,
	draftOf,
	minorUnits,
	removeBand,
	type SettingsDraft,
	serverFieldErrors,
	validateSettings,
} from "./staff-settings-form";

const saved: ReservationSettings = { ...DEFAULT_RESERVATION_SETTINGS, shopId: 3, version: 4 };
const DECIMALS = 2;

function check(patch: (draft: SettingsDraft) => SettingsDraft) {
	return validateSettings(patch(draftOf(saved, DECIMALS)), 3, 4, DECIMALS);
}

// The settings are a merchant page: MerchantGuard has loaded the staff messages.
beforeAll(() => loadStaffMessages("zh-CN"));

describe("the owner's booking settings form", () => {
	it("turns the saved settings into text fields and back into the same input", () => {
		const draft = draftOf(saved, DECIMALS);
		expect(draft.numbers.bufferMinutes).toBe("10");
		expect(draft.optional.pacingCoversPerSlot).toBe("");
		expect(draft.depositPerPerson).toBe("0.00");
		const { errors, input } = validateSettings(draft, 3, 4, DECIMALS);
		expect(errors.size).toBe(0);
		expect(input).toEqual({ ...DEFAULT_RESERVATION_SETTINGS, shopId: 3, version: 4 });
	});

	it("says the range of a number out of bounds or not a whole number, per field", () => {
		const { errors, input } = check((d) => ({
			...d,
			numbers: { ...d.numbers, graceMinutes: "300", autoConfirmPercent: "8.5", maxDaysAhead: "" },
		}));
		expect(input).toBeNull();
		expect(errors.get("graceMinutes")).toEqual({ kind: "range", min: 0, max: 240 });
		expect(errors.get("autoConfirmPercent")).toEqual({ kind: "range", min: 0, max: 100 });
		expect(errors.get("maxDaysAhead")).toEqual({ kind: "range", min: 0, max: 365 });
	});

	it("reads an empty optional field as no limit, and refuses a zero pacing", () => {
		expect(
			check((d) => ({ ...d, optional: { ...d.optional, pacingCoversPerSlot: "" } })).input?.pacingCoversPerSlot,
		).toBeNull();
		expect(
			check((d) => ({ ...d, optional: { ...d.optional, pacingCoversPerSlot: "24" } })).input?.pacingCoversPerSlot,
		).toBe(24);
		expect(
			check((d) => ({ ...d, optional: { ...d.optional, pacingCoversPerSlot: "0" } })).errors.get("pacingCoversPerSlot"),
		).toEqual({
			kind: "range",
			min: 1,
			max: 1000,
		});
	});

	it("asks for turn-time bands in ascending party sizes and minutes in range", () => {
		const unordered = check((d) => ({
			...d,
			turnTimes: [
				{ upToParty: "4", minutes: "90" },
				{ upToParty: "2", minutes: "120" },
			],
		}));
		expect(unordered.errors.get("turnTimes")).toEqual({ kind: "message", key: "turnTimesOrder" });
		const tooShort = check((d) => ({ ...d, turnTimes: [{ upToParty: "2", minutes: "10" }] }));
		expect(tooShort.errors.get("turnTimes.0.minutes")).toEqual({ kind: "range", min: 15, max: 600 });
		const partyTooLarge = check((d) => ({ ...d, turnTimes: [{ upToParty: "99", minutes: "90" }] }));
		expect(partyTooLarge.errors.get("turnTimes.0.upToParty")).toEqual({ kind: "range", min: 1, max: 50 });
	});

	it("asks for the amount when a deposit rule is set, and reads money typed in major units", () => {
		const noAmount = check((d) => ({ ...d, optional: { ...d.optional, depositMinParty: "8" } }));
		expect(noAmount.errors.get("depositPerPerson")).toEqual({ kind: "message", key: "depositAmountRequired" });
		const withAmount = check((d) => ({
			...d,
			optional: { ...d.optional, depositMinParty: "8" },
			depositPerPerson: "2.50",
		}));
		expect(withAmount.input).toMatchObject({ depositMinParty: 8, depositPerPerson: 250, depositStrikes: null });
		expect(check((d) => ({ ...d, depositPerPerson: "2.505" })).errors.get("depositPerPerson")).toEqual({
			kind: "amount",
		});
		expect(minorUnits("", 2)).toBe(0);
		expect(minorUnits("12", 0)).toBe(12);
		expect(minorUnits("1.5", 0)).toBeNaN();
	});

	it("adds bands after the last and keeps at least one", () => {
		const one = [{ upToParty: "2", minutes: "90" }];
		expect(addBand(one)).toEqual([...one, { upToParty: "4", minutes: "105" }]);
		expect(removeBand(one, 0)).toEqual(one);
		expect(removeBand(addBand(one), 0)).toEqual([{ upToParty: "4", minutes: "105" }]);
		expect(bandRanges([{ upToParty: 2 }, { upToParty: 4 }, { upToParty: 50 }])).toEqual([
			{ from: 1, to: 2 },
			{ from: 3, to: 4 },
			{ from: 5, to: 50 },
		]);
	});

	it("keeps the server's per-field messages by field", () => {
		const errors = serverFieldErrors([
			{ field: "graceMinutes", rule: "fieldInvalid", message: "Invalid value: graceMinutes" },
			{ field: "graceMinutes", rule: "fieldInvalid", message: "second" },
		]);
		expect([...errors]).toEqual([["graceMinutes", "Invalid value: graceMinutes"]]);
		expect(serverFieldErrors(null).size).toBe(0);
	});
});
