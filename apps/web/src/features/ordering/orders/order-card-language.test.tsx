import type { OrderView } from "@bayon/contract";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { applyLanguage } from "../../../lib/i18n";
import { queryClient } from "../../../lib/query-client";
import { appStore } from "../../../lib/store";
import { orderView, usdConfig } from "../../../test/ordering-fixtures";
import { renderScreen } from "../../../test/render";
import { OrderCard } from "./order-card";

const line = (itemId: number, name: string, quantity: number) => ({
	itemId,
	name,
	options: [],
	unitPrice: 250,
	quantity,
	lineTotal: 250 * quantity,
});

function order(lines: OrderView["lines"], extra: Partial<OrderView> = {}): OrderView {
	return orderView({ id: 7, pickupNumber: "A007", createdAt: "2026-11-24T03:00:00Z", lines, ...extra });
}

const riel = { code: "KHR", symbol: "៛", rate: 4100, roundTo: 100, symbolPosition: "after" as const };

function renderCard(view: OrderView, prominent = false) {
	renderScreen(
		<ul>
			<OrderCard order={view} prominent={prominent} />
		</ul>,
		{ path: "/" },
	);
	return screen.getByTestId(`order-card-${view.id}`);
}

beforeEach(() => {
	localStorage.clear();
	appStore.reload();
	queryClient.clear();
	queryClient.setQueryData(["system", "config"], { ...usdConfig, currency: { ...usdConfig.currency, second: riel } });
	appStore.setState({ currency: { ...usdConfig.currency, second: riel } });
});

describe("an order in the list follows the chosen language", () => {
	it("in English: 1 item, 1 order ahead, English list commas and an English date", async () => {
		await applyLanguage("en");
		const card = renderCard(order([line(1, "Coconut", 1)], { ordersAhead: 1 }), true);

		expect(card.querySelector(".order-card__total")?.textContent).toBe("1 item $2.50 · 10,300៛");
		expect(screen.getByTestId("order-card-ahead").textContent).toBe("1 order ahead of you");
		expect(card.querySelector(".order-card__meta")?.textContent).toContain("Nov 24, 2026");
	});

	it("in English, several: 3 items and a comma list with no Chinese comma", async () => {
		await applyLanguage("en");
		const card = renderCard(order([line(1, "Coconut", 1), line(2, "Amok", 2)], { ordersAhead: 2 }), true);

		expect(card.querySelector(".order-card__items")?.textContent).toBe("Coconut, Amok");
		expect(card.querySelector(".order-card__total")?.textContent).toBe("3 items $7.50 · 30,800៛");
		expect(screen.getByTestId("order-card-ahead").textContent).toBe("2 orders ahead of you");
	});

	it("in Chinese: the Chinese list comma and a Chinese date", async () => {
		await applyLanguage("zh-CN");
		const card = renderCard(order([line(1, "椰子", 1), line(2, "阿莫克鱼", 2)]));

		expect(card.querySelector(".order-card__items")?.textContent).toBe("椰子、阿莫克鱼");
		expect(card.querySelector(".order-card__total")?.textContent).toBe("共3件 $7.50 · 30,800៛");
		expect(card.querySelector(".order-card__meta")?.textContent).toContain("2026年11月24日");
	});

	it("in Khmer: a Khmer date, never the browser's language", async () => {
		await applyLanguage("km");
		const card = renderCard(order([line(1, "ដូង", 1), line(2, "អាម៉ុក", 1)]));

		expect(card.querySelector(".order-card__items")?.textContent).toBe("ដូង, អាម៉ុក");
		expect(card.querySelector(".order-card__total")?.textContent).toBe("2 មុខ $5.00 · 20,500៛");
		const meta = card.querySelector(".order-card__meta")?.textContent ?? "";
		expect(meta).toMatch(/24 វិច្ឆិកា 2026|24 វិច្ឆិកា, 2026/);
		expect(meta).not.toMatch(/年|Nov/);
	});
});
