import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";

export function listLanguages(db: Kysely<DB>) {
	return db
		.selectFrom("language")
		.select(["code", "name"])
		.where("enabled", "=", true)
		.orderBy("sort")
		.orderBy("code")
		.execute();
}

export function listServicePages(db: Kysely<DB>, tenantId: number) {
	return db
		.selectFrom("service_page")
		.select(["id", "slug", "icon", "name"])
		.where("tenant_id", "=", tenantId)
		.where("enabled", "=", true)
		.orderBy("sort")
		.orderBy("id")
		.execute();
}

export function findServicePage(
	db: Kysely<DB>,
	tenantId: number,
	by: { id?: number | undefined; slug?: string | undefined },
) {
	let query = db
		.selectFrom("service_page")
		.select(["id", "slug", "name", "content", "updated_at"])
		.where("tenant_id", "=", tenantId)
		.where("enabled", "=", true);
	if (by.id !== undefined) query = query.where("id", "=", by.id);
	if (by.slug !== undefined) query = query.where("slug", "=", by.slug);
	return query.executeTakeFirst();
}

export async function listNews(db: Kysely<DB>, args: { tenantId: number; now: Date; offset: number; limit: number }) {
	const visible = db
		.selectFrom("news")
		.where("tenant_id", "=", args.tenantId)
		.where("enabled", "=", true)
		.where("published_at", "<=", args.now);
	const [rows, total] = await Promise.all([
		visible
			.select(["id", "title", "summary", "published_at"])
			.orderBy("published_at", "desc")
			.orderBy("id", "desc")
			.offset(args.offset)
			.limit(args.limit)
			.execute(),
		visible.select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow(),
	]);
	return { rows, total: Number(total.count) };
}

export function findNews(db: Kysely<DB>, args: { tenantId: number; id: number; now: Date }) {
	return db
		.selectFrom("news")
		.select(["id", "title", "summary", "content", "published_at"])
		.where("tenant_id", "=", args.tenantId)
		.where("id", "=", args.id)
		.where("enabled", "=", true)
		.where("published_at", "<=", args.now)
		.executeTakeFirst();
}
