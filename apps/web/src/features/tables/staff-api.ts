import type {
	CreateTableInput,
	MerchantTable,
	TableGridEntry,
	TableMoveDirection,
	UpdateTableInput,
} from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/** The staff's table calls (merchant/bell). The server checks the role for every one. */

export const tableStaffKeys = {
	all: ["tables", "staff"] as const,
	grid: (shopId: number) => ["tables", "staff", "grid", shopId] as const,
	hidden: (shopId: number) => ["tables", "staff", "hidden", shopId] as const,
};

/** Every table with what is happening at it and its unanswered calls. */
export const tableGridQuery = (shopId: number) =>
	queryOptions({
		queryKey: tableStaffKeys.grid(shopId),
		queryFn: () => api.get<TableGridEntry[]>("/merchant/bell/tables", { shopId }),
	});

/** Owner or manager: the shop's disabled tables, to enable one again. */
export const hiddenTablesQuery = (shopId: number) =>
	queryOptions({
		queryKey: tableStaffKeys.hidden(shopId),
		queryFn: () => api.get<MerchantTable[]>("/merchant/table/hidden", { shopId }),
	});

/** Someone is going round the room: every call of the shop stops ringing on every screen. */
export function answerAllCalls(shopId: number): Promise<{ answered: number }> {
	return api.post("/merchant/bell/answer-all", { shopId });
}

/** Owner or manager: disable a table (its codes refused) or enable it again. */
export function setTableEnabled(tableId: number, enabled: boolean): Promise<MerchantTable> {
	return api.post("/merchant/table/enable", { tableId, enabled }, { loading: true });
}

/** Owner or manager: one place up or down the grid and the QR sheet. */
export function moveTable(tableId: number, direction: TableMoveDirection): Promise<{ tableIds: number[] }> {
	return api.post("/merchant/table/move", { tableId, direction });
}

/** Someone is going to the table: its calls stop ringing on every screen. */
export function answerCalls(tableId: number): Promise<{ answered: number }> {
	return api.post("/merchant/bell/answer", { tableId });
}

/** Owner or manager. Refusals (number taken, a bad field) come back as ApiError for the form to show. */
export function createTable(input: CreateTableInput): Promise<MerchantTable> {
	return api.post("/merchant/table/create", input, { toast: false, loading: true });
}

export function updateTable(input: UpdateTableInput): Promise<MerchantTable> {
	return api.post("/merchant/table/update", input, { toast: false, loading: true });
}

/** A new QR code for the table: the old one stops working at once. */
export function reprintTableCode(tableId: number): Promise<MerchantTable> {
	return api.post("/merchant/table/reprint", { tableId }, { loading: true });
}

/** Downloads the PDF sheet of every table's QR code. */
export async function downloadQrSheet(shopId: number): Promise<void> {
	const pdf = await api.get<Blob>("/merchant/table/qr-sheet", { shopId }, { file: true, loading: true });
	const url = URL.createObjectURL(pdf);
	const link = document.createElement("a");
	link.href = url;
	link.download = `table-codes-${shopId}.pdf`;
	document.body.append(link);
	link.click();
	link.remove();
	// Give the browser time to start the download before the URL goes.
	setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
