import type {
	AddStaffInput,
	BusinessAdminInput,
	BusinessAdmins,
	ChangeStaffRoleInput,
	RemoveStaffInput,
	StaffMember,
} from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { queryClient } from "../../lib/query-client";
import { identityKeys } from "../identity/api";

/** The shop's staff (owners only; the server refuses everyone else). */
export const staffKeys = { list: (shopId: number) => ["shop-staff", shopId] as const };

export const staffListQuery = (shopId: number) =>
	queryOptions({
		queryKey: staffKeys.list(shopId),
		queryFn: () => api.get<StaffMember[]>("/merchant/staff/list", { shopId }),
	});

/** Each change answers the list as it now is: it replaces the cached one. */
async function changeStaff(path: string, input: { shopId: number }): Promise<StaffMember[]> {
	const list = await api.post<StaffMember[]>(path, input, { loading: true });
	queryClient.setQueryData(staffKeys.list(input.shopId), list);
	return list;
}

export const addStaff = (input: AddStaffInput) => changeStaff("/merchant/staff/add", input);
export const changeStaffRole = (input: ChangeStaffRoleInput) => changeStaff("/merchant/staff/role", input);
export const removeStaff = (input: RemoveStaffInput) => changeStaff("/merchant/staff/remove", input);

/** The business's administrators and the owners it could be granted to (issue 27): owners read, administrators change. */
export const businessAdminKeys = { list: (shopId: number) => ["business-admins", shopId] as const };

export const businessAdminsQuery = (shopId: number) =>
	queryOptions({
		queryKey: businessAdminKeys.list(shopId),
		queryFn: () => api.get<BusinessAdmins>("/merchant/business-admins", { shopId }),
	});

/** A grant or revocation answers the list as it now is; the reader's own flag (get-info) is read again too. */
async function changeBusinessAdmins(path: string, input: BusinessAdminInput): Promise<BusinessAdmins> {
	const list = await api.post<BusinessAdmins>(path, input, { loading: true });
	queryClient.setQueryData(businessAdminKeys.list(input.shopId), list);
	void queryClient.invalidateQueries({ queryKey: identityKeys.member });
	return list;
}

export const grantBusinessAdmin = (input: BusinessAdminInput) =>
	changeBusinessAdmins("/merchant/business-admins/grant", input);
export const revokeBusinessAdmin = (input: BusinessAdminInput) =>
	changeBusinessAdmins("/merchant/business-admins/revoke", input);
