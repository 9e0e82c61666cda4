import type { AddStaffInput, ChangeStaffRoleInput, RemoveStaffInput, StaffMember } from "@bayon/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { queryClient } from "../../lib/query-client";

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
