import type { ShopRole } from "@bayon/contract";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";

/** What an open websocket may hear, as the database says now. */
export interface SocketRights {
	/** The member is active and the session the socket was opened with has not ended. */
	live: boolean;
	/** Why not live: shown as the close reason. */
	endedBecause: "member disabled" | "session ended" | null;
	/** The member's role in each shop of the tenant whose staff they are on. */
	roles: Map<number, ShopRole>;
	/** Listed in platform_operator: hears every shop's wallet.changed. */
	platformOperator: boolean;
}

export interface SocketOwner {
	tenantId: number;
	memberId: number;
	sessionFamilyId: string;
}

/**
 * Reads the rights of several sockets' owners in four queries per tenant, whatever their
 * number: at connection, when the bus says a member's rights changed, after a bus outage and
 * on the periodic re-check. Answers one entry per socket owner, in the order given.
 */
export async function loadSocketRights(db: Kysely<DB>, owners: SocketOwner[]): Promise<SocketRights[]> {
	const byTenant = new Map<number, SocketOwner[]>();
	for (const owner of owners) byTenant.set(owner.tenantId, [...(byTenant.get(owner.tenantId) ?? []), owner]);
	const answers = new Map<SocketOwner, SocketRights>();
	await Promise.all(
		[...byTenant].map(async ([tenantId, group]) => {
			const memberIds = [...new Set(group.map((owner) => owner.memberId))];
			const families = [...new Set(group.map((owner) => owner.sessionFamilyId))];
			const [members, staff, operators, liveFamilies] = await Promise.all([
				db
					.selectFrom("member")
					.select(["id", "status"])
					.where("tenant_id", "=", tenantId)
					.where("id", "in", memberIds)
					.execute(),
				db
					.selectFrom("shop_staff as st")
					.innerJoin("shop as s", "s.id", "st.shop_id")
					.select(["st.member_id", "st.shop_id", "st.role"])
					.where("s.tenant_id", "=", tenantId)
					.where("st.member_id", "in", memberIds)
					.execute(),
				db
					.selectFrom("platform_operator")
					.select("member_id")
					.where("tenant_id", "=", tenantId)
					.where("member_id", "in", memberIds)
					.execute(),
				db
					.selectFrom("auth_session")
					.select("family_id")
					.distinct()
					.where("tenant_id", "=", tenantId)
					.where("family_id", "in", families)
					.where("revoked_at", "is", null)
					.execute(),
			]);
			const active = new Set(members.filter((row) => row.status === "active").map((row) => row.id));
			const operatorIds = new Set(operators.map((row) => row.member_id));
			const live = new Set(liveFamilies.map((row) => row.family_id));
			for (const owner of group) {
				const endedBecause = !active.has(owner.memberId)
					? "member disabled"
					: !live.has(owner.sessionFamilyId)
						? "session ended"
						: null;
				answers.set(owner, {
					live: endedBecause === null,
					endedBecause,
					roles: new Map(staff.filter((row) => row.member_id === owner.memberId).map((row) => [row.shop_id, row.role])),
					platformOperator: operatorIds.has(owner.memberId),
				});
			}
		}),
	);
	return owners.map((owner) => answers.get(owner) as SocketRights);
}
