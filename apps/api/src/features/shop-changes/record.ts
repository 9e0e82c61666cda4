import type { Transaction } from "kysely";
import type { DB } from "../../db/schema.js";

/** One change made in a shop's merchant area, as the owner reads it later. */
export interface ShopChangeEntry {
	tenantId: number;
	shopId: number;
	/** The member who made the change. */
	memberId: number;
	/** What was changed: `menu_item`, `menu_category`, `shop`, `opening_hours`, `dining_table`, `shop_staff`, … */
	subject: string;
	subjectId?: string | number | null;
	/** `create`, `update`, `delete`, or a named action (`sold_out`, `rotate_qr`, `pause`, …). */
	action: string;
	/** The subject as it was and as it became (only the fields that matter to a reader). */
	before?: unknown;
	after?: unknown;
}

/**
 * Records a change in the same transaction that makes it, so the record never says
 * something happened that was rolled back, nor misses something that committed.
 */
export async function recordShopChange(trx: Transaction<DB>, entry: ShopChangeEntry): Promise<void> {
	await trx
		.insertInto("shop_change")
		.values({
			tenant_id: entry.tenantId,
			shop_id: entry.shopId,
			member_id: entry.memberId,
			subject: entry.subject,
			subject_id: entry.subjectId == null ? null : String(entry.subjectId),
			action: entry.action,
			before: entry.before === undefined ? null : JSON.stringify(entry.before),
			after: entry.after === undefined ? null : JSON.stringify(entry.after),
		})
		.execute();
}
