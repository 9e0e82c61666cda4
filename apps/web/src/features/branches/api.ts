import type { CreateBranchInput, CreatedBranch } from "@bayon/contract";
import { api } from "../../lib/api-client";

/** Owner only: a new branch with a copy of the source's menu and hours (decision 018). */
export function createBranch(input: CreateBranchInput): Promise<CreatedBranch> {
	return api.post<CreatedBranch>("/merchant/branch/create", input);
}
