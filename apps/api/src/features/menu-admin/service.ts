import { randomUUID } from "node:crypto";
import {
	type AdminMenu,
	type AdminMenuItem,
	type AdminOptionGroup,
	ErrorCode,
	type MoveMenuRowInput,
	type RemoveMenuRowInput,
	type SavedMenuItem,
	type SaveMenuCategoryInput,
	type SaveMenuItemInput,
	type SaveOptionGroupInput,
	type SetSoldOutInput,
	type ShopPermission,
	type SoldOutResult,
} from "@bayon/contract";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import { stockAfterEdit } from "../../lib/stock-edit.js";
import { isOwnUpload } from "../files/service.js";
import { announceMenuChange } from "../menu/service.js";
import { recordShopChange } from "../shop-changes/record.js";
import { requireShopPermission } from "../venues/staff/staff-access.js";
import * as queries from "./queries.js";

interface MerchantContext {
	tenant: { id: number };
	lang: string;
	member: { id: number };
}

/** What a change did, for the change log; `result` is answered to the caller. */
interface MenuChange<T> {
	result: T;
	subject: "menu_category" | "menu_item" | "menu_option_group" | "menu_option";
	subjectId: number;
	action: string;
	before?: unknown;
	after?: unknown;
}

/**
 * Runs one menu change for a shop the caller may change (`permission`): in one transaction
 * that bumps the shop's menu version first, makes the change and records it in the shop's
 * change log; after commit every server's cached menu is dropped.
 */
async function changeMenu<T>(
	deps: AppDeps,
	ctx: MerchantContext,
	shopId: number,
	permission: ShopPermission,
	change: (trx: Transaction<DB>) => Promise<MenuChange<T>>,
): Promise<T> {
	await requireShopPermission(deps, ctx, shopId, permission);
	const { result, version } = await deps.db.transaction().execute(async (trx) => {
		const version = await queries.bumpMenuVersion(trx, shopId);
		const done = await change(trx);
		await recordShopChange(trx, {
			tenantId: ctx.tenant.id,
			shopId,
			memberId: ctx.member.id,
			subject: done.subject,
			subjectId: done.subjectId,
			action: done.action,
			before: done.before,
			after: done.after,
		});
		return { result: done.result, version };
	});
	await announceMenuChange(deps, { tenantId: ctx.tenant.id, shopId, version });
	return result;
}

/** A row that exists (else NotFound) at the version the editor read (else MenuChanged). */
function requireVersion<R extends { version: number }>(row: R | undefined, version: number): R {
	if (!row) throw new BusinessError(ErrorCode.NotFound);
	if (row.version !== version) throw new BusinessError(ErrorCode.MenuChanged);
	return row;
}

/** The whole menu as the merchant's pages edit it; staff read it to mark things sold out. */
export async function getAdminMenu(deps: AppDeps, ctx: MerchantContext, shopId: number): Promise<AdminMenu> {
	await requireShopPermission(deps, ctx, shopId, "soldOut");
	const menuVersion = await deps.db
		.selectFrom("shop_menu_version")
		.select("version")
		.where("shop_id", "=", shopId)
		.executeTakeFirst();
	const rows = await queries.loadAdminMenuRows(deps.db, shopId);
	const groups: AdminOptionGroup[] = rows.groups.map((group) => ({
		id: group.id,
		itemId: group.item_id,
		version: group.version,
		name: group.name,
		minChoices: group.min_choices,
		maxChoices: group.max_choices,
		options: rows.options
			.filter((option) => option.group_id === group.id)
			.map((option) => ({
				id: option.id,
				name: option.name,
				priceDelta: option.price_delta,
				isDefault: option.is_default,
				// As customers see it: none left is sold out whatever the mark.
				soldOut: option.sold_out || option.stock === 0,
				stock: option.stock,
			})),
	}));
	const items: AdminMenuItem[] = rows.items.map((item) => ({
		id: item.id,
		categoryId: item.category_id,
		version: item.version,
		name: item.name,
		description: item.description,
		image: item.image,
		price: item.price,
		originalPrice: item.original_price,
		stock: item.stock,
		soldOut: item.sold_out || item.stock === 0,
		orderTypes: item.order_types,
		optionGroups: groups.filter((group) => group.itemId === item.id),
	}));
	return {
		shopId,
		menuVersion: Number(menuVersion?.version ?? 0),
		categories: rows.categories.map((category) => ({
			id: category.id,
			version: category.version,
			name: category.name,
			visible: category.visible,
			items: items.filter((item) => item.categoryId === category.id),
		})),
	};
}

/** Stable codes (seeds and imports name rows by them); rows made here get a random one. */
const newCode = () => `m-${randomUUID()}`;

export function saveCategory(deps: AppDeps, ctx: MerchantContext, input: z.output<typeof SaveMenuCategoryInput>) {
	return changeMenu(deps, ctx, input.shopId, "menu", async (trx) => {
		const fields = { name: JSON.stringify(input.name), visible: input.visible };
		if (input.id === undefined) {
			const row = await trx
				.insertInto("menu_category")
				.values({
					shop_id: input.shopId,
					code: newCode(),
					sort: await queries.nextSort(trx, "menu_category", "shop_id", input.shopId),
					...fields,
				})
				.returning(["id", "version"])
				.executeTakeFirstOrThrow();
			return {
				result: row,
				subject: "menu_category",
				subjectId: row.id,
				action: "create",
				after: { name: input.name, visible: input.visible },
			};
		}
		const before = requireVersion(await queries.lockCategory(trx, input.shopId, input.id), input.version ?? 0);
		const row = await trx
			.updateTable("menu_category")
			.set((eb) => ({ ...fields, version: eb("version", "+", 1) }))
			.where("id", "=", before.id)
			.returning(["id", "version"])
			.executeTakeFirstOrThrow();
		return {
			result: row,
			subject: "menu_category",
			subjectId: row.id,
			action: "update",
			before: { name: before.name, visible: before.visible },
			after: { name: input.name, visible: input.visible },
		};
	});
}

/** What the change log keeps of an item: what a reader compares. */
function itemRecord(item: {
	category_id: number;
	name: unknown;
	description: unknown;
	image: string | null;
	price: number;
	original_price: number | null;
	stock: number | null;
	order_types: string[];
}) {
	return {
		categoryId: item.category_id,
		name: item.name,
		description: item.description,
		image: item.image,
		price: item.price,
		originalPrice: item.original_price,
		stock: item.stock,
		orderTypes: item.order_types,
	};
}

export async function saveItem(
	deps: AppDeps,
	ctx: MerchantContext,
	input: z.output<typeof SaveMenuItemInput>,
): Promise<SavedMenuItem> {
	// Outside the transaction (rule: only `trx` inside it): whether the photo is this member's upload.
	const ownImage =
		input.image !== null &&
		(await isOwnUpload(deps, { tenantId: ctx.tenant.id, memberId: ctx.member.id, url: input.image }));
	return changeMenu(deps, ctx, input.shopId, "menu", async (trx) => {
		const category = await queries.lockCategory(trx, input.shopId, input.categoryId);
		if (!category) throw BusinessError.invalidField("categoryId", "fieldInvalid");
		const values = {
			category_id: input.categoryId,
			name: JSON.stringify(input.name),
			description: JSON.stringify(input.description),
			image: input.image,
			price: input.price,
			original_price: input.originalPrice,
			stock: input.stock,
			order_types: input.orderTypes,
		};
		const after = itemRecord({ ...values, name: input.name, description: input.description });
		if (input.id === undefined) {
			if (input.image !== null && !ownImage) throw BusinessError.invalidField("image", "menuImageNotUploaded");
			const row = await trx
				.insertInto("menu_item")
				.values({
					shop_id: input.shopId,
					code: newCode(),
					sort: await queries.nextSort(trx, "menu_item", "category_id", input.categoryId),
					...values,
				})
				.returning(["id", "version", "stock"])
				.executeTakeFirstOrThrow();
			return { result: row, subject: "menu_item", subjectId: row.id, action: "create", after };
		}
		const before = requireVersion(await queries.lockItem(trx, input.shopId, input.id), input.version ?? 0);
		// A photo someone else uploaded stays allowed once it is the item's photo.
		if (input.image !== null && input.image !== before.image && !ownImage)
			throw BusinessError.invalidField("image", "menuImageNotUploaded");
		// An item moved to another category goes to its end.
		const sort =
			before.category_id === input.categoryId
				? before.sort
				: await queries.nextSort(trx, "menu_item", "category_id", input.categoryId);
		// Orders do not move the version, so the stock is edited relatively: what orders took
		// since the editor read it stays taken (the row is locked: no order slips in now).
		const stock = stockAfterEdit({ now: before.stock, read: input.stockRead ?? null, typed: input.stock });
		const row = await trx
			.updateTable("menu_item")
			.set((eb) => ({ ...values, stock, sort, version: eb("version", "+", 1) }))
			.where("id", "=", before.id)
			.returning(["id", "version", "stock"])
			.executeTakeFirstOrThrow();
		return {
			result: row,
			subject: "menu_item",
			subjectId: row.id,
			action: "update",
			before: itemRecord(before),
			after: { ...after, stock },
		};
	});
}

export function removeItem(deps: AppDeps, ctx: MerchantContext, input: z.output<typeof RemoveMenuRowInput>) {
	return changeMenu(deps, ctx, input.shopId, "menu", async (trx) => {
		const before = requireVersion(await queries.lockItem(trx, input.shopId, input.id), input.version);
		// Kept as a row (orders name it), only taken off the menu.
		await trx.updateTable("menu_item").set({ enabled: false }).where("id", "=", before.id).execute();
		return {
			result: { id: before.id },
			subject: "menu_item",
			subjectId: before.id,
			action: "delete",
			before: itemRecord(before),
		};
	});
}

export function saveOptionGroup(deps: AppDeps, ctx: MerchantContext, input: z.output<typeof SaveOptionGroupInput>) {
	return changeMenu(deps, ctx, input.shopId, "menu", async (trx) => {
		const fields = {
			name: JSON.stringify(input.name),
			min_choices: input.minChoices,
			max_choices: input.maxChoices,
		};
		let groupId: number;
		let before: unknown;
		let version: number;
		if (input.id === undefined) {
			const item = await queries.lockItem(trx, input.shopId, input.itemId);
			if (!item) throw new BusinessError(ErrorCode.NotFound);
			const row = await trx
				.insertInto("menu_option_group")
				.values({
					item_id: item.id,
					code: newCode(),
					sort: await queries.nextSort(trx, "menu_option_group", "item_id", item.id),
					...fields,
				})
				.returning(["id", "version"])
				.executeTakeFirstOrThrow();
			groupId = row.id;
			version = row.version;
		} else {
			const group = requireVersion(await queries.lockGroup(trx, input.shopId, input.id), input.version ?? 0);
			if (group.item_id !== input.itemId) throw new BusinessError(ErrorCode.NotFound);
			before = {
				name: group.name,
				minChoices: group.min_choices,
				maxChoices: group.max_choices,
				options: await queries.optionsOfGroup(trx, group.id),
			};
			const row = await trx
				.updateTable("menu_option_group")
				.set((eb) => ({ ...fields, version: eb("version", "+", 1) }))
				.where("id", "=", group.id)
				.returning(["id", "version"])
				.executeTakeFirstOrThrow();
			groupId = row.id;
			version = row.version;
		}
		await replaceOptions(trx, groupId, input.options);
		return {
			result: { id: groupId, version },
			subject: "menu_option_group",
			subjectId: groupId,
			action: input.id === undefined ? "create" : "update",
			before,
			after: { name: input.name, minChoices: input.minChoices, maxChoices: input.maxChoices, options: input.options },
		};
	});
}

/**
 * The group's options become the list sent, in its order: options named by id are updated
 * (keeping their sold-out mark and stock), new ones added, the others removed. Orders keep
 * their own copy of the options chosen, so removing one changes no order.
 */
async function replaceOptions(
	trx: Transaction<DB>,
	groupId: number,
	options: z.output<typeof SaveOptionGroupInput>["options"],
) {
	const existing = new Set((await queries.optionsOfGroup(trx, groupId)).map((option) => option.id));
	const kept = new Set<number>();
	for (const option of options) {
		if (option.id === undefined) continue;
		if (!existing.has(option.id) || kept.has(option.id)) throw BusinessError.invalidField("options", "fieldInvalid");
		kept.add(option.id);
	}
	const removed = [...existing].filter((id) => !kept.has(id));
	if (removed.length) await trx.deleteFrom("menu_option").where("id", "in", removed).execute();
	for (const [sort, option] of options.entries()) {
		const values = {
			name: JSON.stringify(option.name),
			price_delta: option.priceDelta,
			is_default: option.isDefault,
			sort,
		};
		if (option.id === undefined)
			await trx
				.insertInto("menu_option")
				.values({ group_id: groupId, code: newCode(), ...values })
				.execute();
		else await trx.updateTable("menu_option").set(values).where("id", "=", option.id).execute();
	}
}

export function removeOptionGroup(deps: AppDeps, ctx: MerchantContext, input: z.output<typeof RemoveMenuRowInput>) {
	return changeMenu(deps, ctx, input.shopId, "menu", async (trx) => {
		const group = requireVersion(await queries.lockGroup(trx, input.shopId, input.id), input.version);
		const options = await queries.optionsOfGroup(trx, group.id);
		await trx.deleteFrom("menu_option").where("group_id", "=", group.id).execute();
		await trx.deleteFrom("menu_option_group").where("id", "=", group.id).execute();
		return {
			result: { id: group.id },
			subject: "menu_option_group",
			subjectId: group.id,
			action: "delete",
			before: { name: group.name, minChoices: group.min_choices, maxChoices: group.max_choices, options },
		};
	});
}

/**
 * Moves a category (among the shop's) or an item (within its category) one place. The
 * siblings are locked and numbered 0, 1, 2, … again, so ties from older data sort out too.
 * Order is not content: no version is needed or changed, so an open editor is not disturbed.
 */
export function moveRow(
	deps: AppDeps,
	ctx: MerchantContext,
	kind: "category" | "item",
	input: z.output<typeof MoveMenuRowInput>,
) {
	return changeMenu(deps, ctx, input.shopId, "menu", async (trx) => {
		let siblings: number[];
		if (kind === "category") {
			siblings = (
				await trx
					.selectFrom("menu_category")
					.select("id")
					.where("shop_id", "=", input.shopId)
					.orderBy("sort")
					.orderBy("id")
					.forUpdate()
					.execute()
			).map((row) => row.id);
		} else {
			const item = await queries.lockItem(trx, input.shopId, input.id);
			if (!item) throw new BusinessError(ErrorCode.NotFound);
			siblings = (
				await trx
					.selectFrom("menu_item")
					.select("id")
					.where("category_id", "=", item.category_id)
					.where("enabled", "=", true)
					.orderBy("sort")
					.orderBy("id")
					.forUpdate()
					.execute()
			).map((row) => row.id);
		}
		const from = siblings.indexOf(input.id);
		if (from < 0) throw new BusinessError(ErrorCode.NotFound);
		const to = input.direction === "up" ? Math.max(0, from - 1) : Math.min(siblings.length - 1, from + 1);
		const order = [...siblings];
		order.splice(from, 1);
		order.splice(to, 0, input.id);
		const table = kind === "category" ? "menu_category" : "menu_item";
		for (const [sort, id] of order.entries()) {
			if (siblings[sort] !== id) await trx.updateTable(table).set({ sort }).where("id", "=", id).execute();
		}
		return {
			result: { order },
			subject: kind === "category" ? "menu_category" : "menu_item",
			subjectId: input.id,
			action: "move",
			before: { position: from },
			after: { position: to },
		};
	});
}

/**
 * One tap during service (staff may): an item or an option sold out, or back in stock. A row
 * that counts its stock and has none left stays sold out for customers whatever its mark, so
 * "back in stock" then needs `addStock` (how many came back, added to what is left: a
 * cancellation returning one meanwhile is kept) and is otherwise refused with RestockNeeded,
 * which the switch answers by asking for the number. Staff may add it: a tray out of the
 * kitchen is the counter's news, and adding never overwrites a count.
 */
export function setSoldOut(
	deps: AppDeps,
	ctx: MerchantContext,
	input: z.output<typeof SetSoldOutInput>,
): Promise<SoldOutResult> {
	return changeMenu(deps, ctx, input.shopId, "soldOut", async (trx) => {
		const row =
			input.kind === "item"
				? await queries.lockItem(trx, input.shopId, input.id)
				: await queries.lockOption(trx, input.shopId, input.id);
		if (!row) throw new BusinessError(ErrorCode.NotFound);
		const added = input.soldOut || row.stock === null ? 0 : (input.addStock ?? 0);
		if (!input.soldOut && row.stock === 0 && added === 0)
			throw new BusinessError(ErrorCode.RestockNeeded, {}, { stock: row.stock });
		const stock = row.stock === null ? null : row.stock + added;
		await trx
			.updateTable(input.kind === "item" ? "menu_item" : "menu_option")
			.set({ sold_out: input.soldOut, stock })
			.where("id", "=", input.id)
			.execute();
		return {
			result: { id: input.id, soldOut: input.soldOut, stock },
			subject: input.kind === "item" ? "menu_item" : "menu_option",
			subjectId: input.id,
			action: input.soldOut ? "sold_out" : "back_in_stock",
			before: { soldOut: row.sold_out, stock: row.stock },
			after: { soldOut: input.soldOut, stock },
		};
	});
}
