import { BILL_DIRECTIONS, type BillDirection, type BillEntry } from "@bayon/contract";

/** The bill's tab from `?direction=`: anything unknown reads as all. */
export function directionFromQuery(value: string | null): BillDirection {
	return (BILL_DIRECTIONS as readonly string[]).includes(value ?? "") ? (value as BillDirection) : "all";
}

/**
 * Entries of every loaded page, newest first, each once: a page fetched again after a live
 * change may overlap the next one by an entry or two.
 */
export function uniqueEntries(pages: readonly { list: readonly BillEntry[] }[]): BillEntry[] {
	const seen = new Set<number>();
	const entries: BillEntry[] = [];
	for (const page of pages)
		for (const entry of page.list) {
			if (seen.has(entry.id)) continue;
			seen.add(entry.id);
			entries.push(entry);
		}
	return entries;
}
