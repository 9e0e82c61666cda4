import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { applyLanguage } from "../lib/i18n";
import { Picker } from "./picker";
import { BottomSheet } from "./sheet";

beforeAll(async () => {
	await applyLanguage("zh-CN");
});

const tables = [
	{ value: 0, label: "不选桌台" },
	{ value: 3, label: "桌号 T3" },
	{ value: 4, label: "桌号 T4", disabled: true },
	{ value: 5, label: "桌号 T5" },
];

function TablePicker({ initial = 0 }: { initial?: number | null }) {
	const [value, setValue] = useState<number | null>(initial);
	return <Picker label="桌台" value={value} options={tables} onChange={setValue} testId="table" />;
}

function PickerInSheet() {
	const [open, setOpen] = useState(true);
	return (
		<BottomSheet open={open} onClose={() => setOpen(false)} title="帮客户下单" testId="outer">
			<TablePicker />
		</BottomSheet>
	);
}

/** Lets the picker's focus step (after the sheet has focused itself) run. */
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

describe("<Picker>", () => {
	it("is a button naming the field and its value; its sheet lists the choices as radios", async () => {
		render(<TablePicker />);
		const button = screen.getByTestId("table");
		expect(button.getAttribute("aria-label")).toBe("桌台: 不选桌台");
		expect(button.getAttribute("aria-haspopup")).toBe("dialog");
		expect(screen.queryByRole("radiogroup")).toBeNull();

		fireEvent.click(button);
		const group = screen.getByRole("radiogroup", { name: "桌台" });
		const radios = within(group).getAllByRole("radio");
		expect(radios.map((radio) => radio.getAttribute("aria-checked"))).toEqual(["true", "false", "false", "false"]);
		expect((radios[2] as HTMLButtonElement).disabled).toBe(true);
		// One Tab stop: the current choice, focused when the sheet opens.
		expect(radios.map((radio) => radio.tabIndex)).toEqual([0, -1, -1, -1]);
		await nextFrame();
		expect(document.activeElement).toBe(radios[0]);
	});

	it("moves with the arrow keys past disabled choices, picks with a tap and closes", async () => {
		render(<TablePicker />);
		fireEvent.click(screen.getByTestId("table"));
		await nextFrame();
		const group = screen.getByRole("radiogroup");
		fireEvent.keyDown(group, { key: "ArrowDown" });
		expect(document.activeElement?.textContent).toBe("桌号 T3");
		fireEvent.keyDown(group, { key: "ArrowDown" });
		expect(document.activeElement?.textContent).toBe("桌号 T5");
		fireEvent.keyDown(group, { key: "ArrowDown" });
		expect(document.activeElement?.textContent).toBe("不选桌台");
		fireEvent.keyDown(group, { key: "ArrowUp" });
		expect(document.activeElement?.textContent).toBe("桌号 T5");

		fireEvent.click(screen.getByTestId("table-option-5"));
		expect(screen.queryByRole("radiogroup")).toBeNull();
		expect(screen.getByTestId("table").getAttribute("aria-label")).toBe("桌台: 桌号 T5");
		expect(screen.getByTestId("table").dataset.value).toBe("5");
	});

	it("shows the placeholder until something is chosen, and then the first choice is the Tab stop", () => {
		render(<TablePicker initial={null} />);
		expect(screen.getByTestId("table").textContent).toBe("桌台");
		fireEvent.click(screen.getByTestId("table"));
		expect(screen.getAllByRole("radio").map((radio) => radio.tabIndex)).toEqual([0, -1, -1, -1]);
	});

	it("inside another sheet, Escape closes the picker alone", () => {
		render(<PickerInSheet />);
		fireEvent.click(screen.getByTestId("table"));
		expect(screen.getByTestId("table-sheet")).toBeTruthy();
		fireEvent.keyDown(document, { key: "Escape" });
		expect(screen.queryByTestId("table-sheet")).toBeNull();
		expect(screen.getByTestId("outer")).toBeTruthy();
		fireEvent.keyDown(document, { key: "Escape" });
		expect(screen.queryByTestId("outer")).toBeNull();
	});
});
