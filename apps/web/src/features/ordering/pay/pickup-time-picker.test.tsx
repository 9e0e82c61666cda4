import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { PickupTimePicker, pickupSlots } from "./pickup-time-picker";

beforeAll(async () => {
	await applyLanguage("zh-CN");
});

const PHNOM_PENH = "Asia/Phnom_Penh";
/** 10:07 in Phnom Penh (UTC+7). */
const NOW = new Date("2026-11-24T03:07:00Z");
const HOURS = [{ opensAt: "08:00", closesAt: "11:00" }];

function Harness() {
	const [value, setValue] = useState("asap");
	return (
		<>
			<PickupTimePicker
				value={value}
				onChange={setValue}
				windows={HOURS}
				timeZone={PHNOM_PENH}
				label="取餐时间"
				now={NOW}
			/>
			<output data-testid="value">{value}</output>
		</>
	);
}

describe("pickup times", () => {
	it("offers every quarter hour from the one after next until closing, on the shop's clock", () => {
		expect(pickupSlots(HOURS, PHNOM_PENH, NOW)).toEqual(["10:30", "10:45"]);
		expect(pickupSlots([{ opensAt: "08:00", closesAt: "22:00" }], PHNOM_PENH, NOW)[0]).toBe("10:30");
		expect(pickupSlots(HOURS, PHNOM_PENH, new Date("2026-11-24T04:00:00Z"))).toEqual([]);
	});

	it("picks 'as soon as possible' or a time from the app's own list", () => {
		render(<Harness />);
		expect(screen.getByTestId("pay-pickup").textContent).toBe("尽快");
		fireEvent.click(screen.getByTestId("pay-pickup"));
		expect(screen.getAllByRole("radio").map((radio) => radio.textContent)).toEqual(["尽快", "10:30", "10:45"]);
		fireEvent.click(screen.getByTestId("pay-pickup-option-10:45"));
		expect(screen.getByTestId("value").textContent).toBe("10:45");
		expect(screen.getByTestId("pay-pickup").textContent).toBe("10:45");
	});
});
