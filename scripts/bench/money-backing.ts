import type { Kysely } from "kysely";
import type { DB } from "../../apps/api/src/db/schema.js";
import { moneyBackingBreaches } from "../../apps/api/src/features/wallet/money-backing.js";

/**
 * Decision 027's invariant as a bench check: no tenant's shops may withdraw more than its
 * customers really paid in (less refunds and commission), and recharge bonus is accounted for
 * apart. Every bench section that moves money checks it after its load.
 */
export async function moneyBackingInvariant(db: Kysely<DB>): Promise<{ name: string; holds: boolean; detail: string }> {
	const breaches = await moneyBackingBreaches(db);
	return {
		name: "shops' withdrawable + withdrawn money ≤ money paid in − refunds − commission; bonus apart",
		holds: breaches.length === 0,
		detail: breaches.length === 0 ? "ok" : `${breaches.length} tenant(s), e.g. ${JSON.stringify(breaches[0])}`,
	};
}
