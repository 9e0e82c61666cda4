import type {
	PaymentRail,
	PaymentRailsView,
	RailAuditPage,
	RailConnectionResult,
	SaveRailSettingsInput,
} from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../../lib/api-client";

/**
 * The platform operator's payment rails calls (issue 29 part 6, contract payments/rail-settings.ts).
 * The page shows every error itself (a problem under a field, a toast), so nothing here toasts.
 */

export const railKeys = {
	all: ["platform", "payment-rails"] as const,
	list: ["platform", "payment-rails", "list"] as const,
	audit: (rail: PaymentRail) => ["platform", "payment-rails", "audit", rail] as const,
};

const quiet = { toast: false } as const;

export const paymentRailsQuery = queryOptions({
	queryKey: railKeys.list,
	queryFn: ({ signal }) => api.get<PaymentRailsView>("/platform/payment-rails", undefined, { ...quiet, signal }),
});

export const railAuditQuery = (rail: PaymentRail) =>
	queryOptions({
		queryKey: railKeys.audit(rail),
		queryFn: ({ signal }) => api.get<RailAuditPage>("/platform/payment-rails/audit", { rail }, { ...quiet, signal }),
	});

/** A rail's whole settings; an empty secret keeps the stored one. Answers every rail afresh. */
export function saveRailSettings(input: SaveRailSettingsInput): Promise<PaymentRailsView> {
	return api.post<PaymentRailsView>("/platform/payment-rails/save", input, { ...quiet, loading: true });
}

export function switchRail(rail: PaymentRail, on: boolean): Promise<PaymentRailsView> {
	return api.post<PaymentRailsView>(`/platform/payment-rails/${on ? "enable" : "disable"}`, { rail }, quiet);
}

export function removeRailSettings(rail: PaymentRail): Promise<PaymentRailsView> {
	return api.post<PaymentRailsView>("/platform/payment-rails/remove", { rail }, { ...quiet, loading: true });
}

/** A harmless call to the rail with the saved settings; the outcome in the operator's language. */
export function testRailConnection(rail: PaymentRail): Promise<RailConnectionResult> {
	return api.post<RailConnectionResult>("/platform/payment-rails/test", { rail }, quiet);
}
