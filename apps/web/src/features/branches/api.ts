import type { CreateBranchInput, CreatedBranch } from "@bayon/contract";
import { api } from "../../lib/api-client";

/**
 * Owner only: a new branch with a copy of the source's menu and hours (decision 018). `key` is
 * the form's Idempotency-Key: a double tap, or a retry after a lost answer, opens one branch.
 */
export function createBranch(input: CreateBranchInput, key: string): Promise<CreatedBranch> {
	return api.post<CreatedBranch>("/merchant/branch/create", input, { headers: { "idempotency-key": key } });
}
