import type { AppDeps } from "../../http/deps.js";
import { accountBalance } from "./ledger.js";

/** The member's stored-value balance in minor units. */
export function getWalletBalance(deps: AppDeps, args: { tenantId: number; memberId: number }): Promise<number> {
	return accountBalance(deps.db, { kind: "member_wallet", tenantId: args.tenantId, memberId: args.memberId });
}
