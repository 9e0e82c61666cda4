import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useDebouncedSubmit } from "./use-debounced-submit";

function Button({ action }: { action: () => Promise<unknown> }) {
	const [run, pending] = useDebouncedSubmit(action);
	return (
		<button type="button" onClick={() => run()} data-pending={pending}>
			go
		</button>
	);
}

afterEach(() => {
	vi.useRealTimers();
});

describe("useDebouncedSubmit (spec §9: 500 ms)", () => {
	it("runs the first tap and ignores taps within 500 ms or while pending", async () => {
		vi.useFakeTimers();
		let finish: () => void = () => undefined;
		const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
		render(<Button action={action} />);
		const button = screen.getByRole("button");

		fireEvent.click(button);
		fireEvent.click(button);
		await act(async () => {
			await vi.advanceTimersByTimeAsync(0);
		});
		expect(action).toHaveBeenCalledTimes(1);
		expect(button.dataset.pending).toBe("true");

		await act(async () => {
			await vi.advanceTimersByTimeAsync(600);
		});
		fireEvent.click(button); // still pending: ignored
		await act(async () => {
			finish();
			await vi.advanceTimersByTimeAsync(0);
		});
		expect(action).toHaveBeenCalledTimes(1);
		expect(button.dataset.pending).toBe("false");

		fireEvent.click(button);
		await act(async () => {
			await vi.advanceTimersByTimeAsync(0);
		});
		expect(action).toHaveBeenCalledTimes(2);
	});

	it("ignores a second tap 499 ms after a quick action, accepts one at 500 ms", async () => {
		vi.useFakeTimers();
		const action = vi.fn(async () => undefined);
		render(<Button action={action} />);
		const button = screen.getByRole("button");

		fireEvent.click(button);
		await act(async () => {
			await vi.advanceTimersByTimeAsync(499);
		});
		fireEvent.click(button);
		await act(async () => {
			await vi.advanceTimersByTimeAsync(1);
		});
		fireEvent.click(button);
		await act(async () => {
			await vi.advanceTimersByTimeAsync(0);
		});

		expect(action).toHaveBeenCalledTimes(2);
	});
});
