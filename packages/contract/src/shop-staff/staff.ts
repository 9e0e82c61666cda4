import { z } from "zod";
import { idField, mobileField, queryIdField } from "../common.js";
import { SHOP_ROLES, type ShopRole } from "./roles.js";

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

/**
 * The business's administrators (issue 27, migration 0026): the owners who define what every
 * shop of the tenant shares and that touches money (recharge packages, the stored-value
 * agreement, VIP card types, coupon templates, the points rule and mall, the second currency's
 * rate). A shop's owners read the list; an administrator grants it to another owner of one of
 * the business's shops and takes it back; the last one stays.
 */

/** GET merchant/business-admins?shopId= */
export const BusinessAdminsQuery = z.object({ shopId: queryIdField });

/** POST merchant/business-admins/grant and merchant/business-admins/revoke: the shop is where the caller works. */
export const BusinessAdminInput = z.strictObject({ shopId: idField, memberId: idField });
export type BusinessAdminInput = z.infer<typeof BusinessAdminInput>;

export interface BusinessAdminPerson {
	memberId: number;
	mobile: string;
	nickname: string;
	/** The business's shops this person owns, in the reader's language. */
	ownedShops: string[];
}

export interface BusinessAdmins {
	admins: BusinessAdminPerson[];
	/** Owners of the business's shops who are not administrators: the only people it can be granted to. */
	candidates: BusinessAdminPerson[];
	/** Whether the reader is an administrator, so may grant and revoke. */
	readerIsAdmin: boolean;
}
