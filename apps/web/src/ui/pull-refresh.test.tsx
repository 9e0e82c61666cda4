import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "../lib/i18n";
import { PullRefresh } from "./pull-refresh";

function touch(clientY: number) {
	return { touches: [{ clientY, clientX: 0, identifier: 0 }] };
}

beforeAll(async () => {
	await applyLanguage("zh-CN");
});

afterEach(() => {
	vi.useRealTimers();
});

describe("<PullRefresh>", () => {
	it("refreshes after a long enough pull and restores in 350 ms", async () => {
		vi.useFakeTimers();
		let finish: () => void = () => undefined;
		const onRefresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
		render(
			<PullRefresh onRefresh={onRefresh}>
				<p>content</p>
			</PullRefresh>,
		);
		const root = screen.getByTestId("pull-refresh");

		fireEvent.touchStart(root, touch(100));
		fireEvent.touchMove(root, touch(140));
		expect(root.dataset.status).toBe("pulling");
		expect(screen.getByRole("status").textContent).toContain("下拉刷新");

		fireEvent.touchMove(root, touch(240));
		expect(root.dataset.status).toBe("reached");
		expect(screen.getByRole("status").textContent).toContain("释放立即刷新");

		fireEvent.touchEnd(root);
		expect(root.dataset.status).toBe("refreshing");
		await act(async () => {
			await vi.advanceTimersByTimeAsync(0);
		});
		expect(onRefresh).toHaveBeenCalledTimes(1);

		await act(async () => {
			finish();
			await vi.advanceTimersByTimeAsync(0);
		});
		expect(root.dataset.status).toBe("restoring");

		await act(async () => {
			await vi.advanceTimersByTimeAsync(349);
		});
		expect(root.dataset.status).toBe("restoring");
		await act(async () => {
			await vi.advanceTimersByTimeAsync(1);
		});
		expect(root.dataset.status).toBe("idle");
	});

	it("aborts a short pull without refreshing", async () => {
		vi.useFakeTimers();
		const onRefresh = vi.fn(async () => undefined);
		render(
			<PullRefresh onRefresh={onRefresh}>
				<p>content</p>
			</PullRefresh>,
		);
		const root = screen.getByTestId("pull-refresh");

		fireEvent.touchStart(root, touch(100));
		fireEvent.touchMove(root, touch(150));
		fireEvent.touchEnd(root);
		expect(root.dataset.status).toBe("aborting");

		await act(async () => {
			await vi.advanceTimersByTimeAsync(350);
		});
		expect(root.dataset.status).toBe("idle");
		expect(onRefresh).not.toHaveBeenCalled();
	});

	it("still restores when the refresh fails", async () => {
		vi.useFakeTimers();
		const onRefresh = vi.fn(async () => {
			throw new Error("offline");
		});
		render(
			<PullRefresh onRefresh={onRefresh}>
				<p>content</p>
			</PullRefresh>,
		);
		const root = screen.getByTestId("pull-refresh");

		fireEvent.touchStart(root, touch(0));
		fireEvent.touchMove(root, touch(300));
		fireEvent.touchEnd(root);
		await act(async () => {
			await vi.advanceTimersByTimeAsync(0);
		});
		expect(root.dataset.status).toBe("restoring");
	});
});
