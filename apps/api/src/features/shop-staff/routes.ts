import {
	AddStaffInput,
	BusinessAdminInput,
	BusinessAdminsQuery,
	ChangeStaffRoleInput,
	RemoveStaffInput,
	StaffListQuery,
} from "@bayon/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../http/deps.js";
import { ok } from "../../http/envelope.js";
import { signedIn } from "../../http/request-context.js";
import * as businessAdmins from "./business-admins.js";
import * as staff from "./service.js";

/** The shop's staff: owners only (permission `staff`). Changes answer the staff list as it now is. */
export async function shopStaffRoutes(app: FastifyInstance, deps: AppDeps) {
	const r = app.withTypeProvider<ZodTypeProvider>();
	r.get("/merchant/staff/list", { schema: { querystring: StaffListQuery } }, async (request) =>
		ok(await staff.listStaff(deps, signedIn(request), request.query.shopId)),
	);
	r.post("/merchant/staff/add", { schema: { body: AddStaffInput } }, async (request) =>
		ok(await staff.addStaff(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/staff/role", { schema: { body: ChangeStaffRoleInput } }, async (request) =>
		ok(await staff.changeStaffRole(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/staff/remove", { schema: { body: RemoveStaffInput } }, async (request) =>
		ok(await staff.removeStaff(deps, signedIn(request), request.body)),
	);

	// The business's administrators (issue 27): owners read the list, administrators change it.
	r.get("/merchant/business-admins", { schema: { querystring: BusinessAdminsQuery } }, async (request) =>
		ok(await businessAdmins.listBusinessAdmins(deps, signedIn(request), request.query.shopId)),
	);
	r.post("/merchant/business-admins/grant", { schema: { body: BusinessAdminInput } }, async (request) =>
		ok(await businessAdmins.grantBusinessAdmin(deps, signedIn(request), request.body)),
	);
	r.post("/merchant/business-admins/revoke", { schema: { body: BusinessAdminInput } }, async (request) =>
		ok(await businessAdmins.revokeBusinessAdmin(deps, signedIn(request), request.body)),
	);
}
