import type { OpeningWindow } from "@bayon/contract";
import type { ReactNode } from "react";
import { useI18n } from "../../../lib/i18n";
import { Picker, type PickerOption } from "../../../ui/picker";
import { shopLocalNow, withinWindows } from "./pickup-time";

/** Minutes between two offered pickup times. */
export const PICKUP_SLOT_MINUTES = 15;

const clock = (minutes: number) =>
	`${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * The pickup (or delivery) times offered today: every quarter hour after the next one, on the
 * shop's clock, inside today's opening windows. "HH:MM" strings; checkPickupTime (and then the
 * server) still decide, so a slot that passes while the page is open is refused with a message.
 */
export function pickupSlots(
	windows: readonly OpeningWindow[],
	timeZone: string,
	now: Date = new Date(),
	step: number = PICKUP_SLOT_MINUTES,
): string[] {
	const { minutes: nowMinutes } = shopLocalNow(timeZone, now);
	const first = (Math.floor(nowMinutes / step) + 2) * step;
	const slots: string[] = [];
	for (let minutes = first; minutes < 24 * 60; minutes += step) {
		if (withinWindows(minutes, windows)) slots.push(clock(minutes));
	}
	return slots;
}

/**
 * Our pickup time field (in place of a <select> plus <input type="time">): one Picker offering
 * "as soon as possible" and today's times. `value` is "asap" or "HH:MM", as in the checkout draft.
 */
export function PickupTimePicker({
	value,
	onChange,
	windows,
	timeZone,
	label,
	now,
	testId = "pay-pickup",
	children,
}: {
	value: string;
	onChange: (value: string) => void;
	windows: readonly OpeningWindow[];
	timeZone: string;
	label: string;
	now?: Date;
	testId?: string;
	/** Shown in the sheet above the times (e.g. today's opening hours). */
	children?: ReactNode;
}) {
	const { t } = useI18n();
	const slots = pickupSlots(windows, timeZone, now);
	// A time chosen earlier that has since passed stays shown (the check then says why it is refused).
	if (value !== "asap" && value !== "" && !slots.includes(value)) slots.unshift(value);
	const options: PickerOption<string>[] = [
		{ value: "asap", label: t("pay.asap") },
		...slots.map((slot) => ({ value: slot, label: slot })),
	];
	return (
		<Picker
			compact
			label={label}
			value={value === "" ? null : value}
			placeholder={t("pay.chooseTime")}
			options={options}
			onChange={onChange}
			testId={testId}
		>
			{children}
		</Picker>
	);
}
