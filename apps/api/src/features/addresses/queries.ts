import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB> | Transaction<DB>;
const columns = ["id", "recipient", "phone", "address", "house_number", "latitude", "longitude", "is_default"] as const;

export function listAddresses(db: Db, args: { tenantId: number; memberId: number }) {
	return db
		.selectFrom("member_address")
		.select(columns)
		.where("tenant_id", "=", args.tenantId)
		.where("member_id", "=", args.memberId)
		.orderBy("is_default", "desc")
		.orderBy("updated_at", "desc")
		.orderBy("id", "desc")
		.execute();
}

export function findAddress(db: Db, args: { tenantId: number; memberId: number; id: number }) {
	return db
		.selectFrom("member_address")
		.select(columns)
		.where("tenant_id", "=", args.tenantId)
		.where("member_id", "=", args.memberId)
		.where("id", "=", args.id)
		.executeTakeFirst();
}

export type AddressRow = NonNullable<Awaited<ReturnType<typeof findAddress>>>;

/** Locks the member row so that concurrent saves count and switch defaults one at a time. */
export async function lockMember(db: Transaction<DB>, memberId: number) {
	await db.selectFrom("member").select("id").where("id", "=", memberId).forUpdate().execute();
}

export async function countAddresses(db: Db, memberId: number): Promise<number> {
	const row = await db
		.selectFrom("member_address")
		.select((eb) => eb.fn.countAll<string>().as("n"))
		.where("member_id", "=", memberId)
		.executeTakeFirstOrThrow();
	return Number(row.n);
}

/** Whether the member has a default address (none: every address is outside the shop they asked about). */
export async function hasDefault(db: Db, memberId: number): Promise<boolean> {
	const row = await db
		.selectFrom("member_address")
		.select("id")
		.where("member_id", "=", memberId)
		.where("is_default", "=", true)
		.executeTakeFirst();
	return row !== undefined;
}

export async function clearDefault(db: Db, memberId: number) {
	await db
		.updateTable("member_address")
		.set({ is_default: false })
		.where("member_id", "=", memberId)
		.where("is_default", "=", true)
		.execute();
}

export interface AddressValues {
	recipient: string;
	phone: string;
	address: string;
	house_number: string;
	latitude: number;
	longitude: number;
	is_default: boolean;
	updated_at: Date;
}

export function insertAddress(db: Db, args: { tenantId: number; memberId: number; values: AddressValues }) {
	return db
		.insertInto("member_address")
		.values({ tenant_id: args.tenantId, member_id: args.memberId, ...args.values })
		.returning("id")
		.executeTakeFirstOrThrow();
}

export function updateAddress(db: Db, args: { tenantId: number; memberId: number; id: number; values: AddressValues }) {
	return db
		.updateTable("member_address")
		.set(args.values)
		.where("tenant_id", "=", args.tenantId)
		.where("member_id", "=", args.memberId)
		.where("id", "=", args.id)
		.execute();
}

export function deleteAddress(db: Db, args: { tenantId: number; memberId: number; id: number }) {
	return db
		.deleteFrom("member_address")
		.where("tenant_id", "=", args.tenantId)
		.where("member_id", "=", args.memberId)
		.where("id", "=", args.id)
		.returning("is_default")
		.executeTakeFirst();
}

export async function makeDefault(db: Db, args: { memberId: number; id: number }) {
	await db
		.updateTable("member_address")
		.set({ is_default: true })
		.where("member_id", "=", args.memberId)
		.where("id", "=", args.id)
		.execute();
}

/** The most recently used address, to become the default when the default is deleted. */
export function latestAddressId(db: Db, memberId: number) {
	return db
		.selectFrom("member_address")
		.select("id")
		.where("member_id", "=", memberId)
		.orderBy("updated_at", "desc")
		.orderBy("id", "desc")
		.limit(1)
		.executeTakeFirst();
}
