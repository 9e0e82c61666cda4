import { z } from "zod";
import { idField, mobileField, queryIdField } from "./common.js";
import { SHOP_ROLES, type ShopRole } from "./shop-roles.js";

/** The people who work at a shop (issue 10): only an owner manages them (permission `staff`). */

const staffRoleField = z.enum(SHOP_ROLES, { error: "staffRoleInvalid" });

/** GET merchant/staff/list?shopId= */
export const StaffListQuery = z.object({ shopId: queryIdField });

/**
 * The owner adds someone by phone. Nobody with that phone yet: the member is created now, so
 * the role applies at their first SMS sign-in (decision 017).
 */
export const AddStaffInput = z.strictObject({ shopId: idField, mobile: mobileField, role: staffRoleField });
export type AddStaffInput = z.infer<typeof AddStaffInput>;

export const ChangeStaffRoleInput = z.strictObject({ shopId: idField, memberId: idField, role: staffRoleField });
export type ChangeStaffRoleInput = z.infer<typeof ChangeStaffRoleInput>;

export const RemoveStaffInput = z.strictObject({ shopId: idField, memberId: idField });
export type RemoveStaffInput = z.infer<typeof RemoveStaffInput>;

export interface StaffMember {
	memberId: number;
	mobile: string;
	nickname: string;
	role: ShopRole;
	addedAt: string;
	/** False for someone added by phone who has not signed in yet. */
	hasSignedIn: boolean;
}
