import { randomUUID } from "node:crypto";
import {
	ErrorCode,
	formatMessage,
	type Localized,
	localizedFromInput,
	type OrderType,
	type PauseShopInput,
	type PreviewShopRulesInput,
	type SaveShopSettingsInput,
	type SetAcceptingOrdersInput,
	type ShopPauseState,
	type ShopRulesPreview,
	type ShopSettings,
	type ShopSettingsView,
	SUPPORTED_LANGUAGES,
} from "@bayon/contract";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "../../db/schema.js";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import type { SignedInContext } from "../../http/request-context.js";
import { isOwnUpload } from "../files/service.js";
import { evaluateCart } from "../ordering/checkout/pricing.js";
import { recordShopChange } from "../shop-changes/record.js";
import { announceShopChange, draftOrderingTerms, getOrderingTerms } from "../venues/shops/ordering-terms.js";
import { shopLocalDate } from "../venues/shops/shop-pages.js";
import { requireShopPermission } from "../venues/staff/staff-access.js";
import * as queries from "./queries.js";

/** The settings page of a shop: for members whose role allows `shop` (owner, manager). */
export async function getShopSettings(deps: AppDeps, ctx: SignedInContext, shopId: number): Promise<ShopSettingsView> {
	await requireShopPermission(deps, ctx, shopId, "shop");
	return readView(deps, ctx, shopId);
}

async function readView(deps: AppDeps, ctx: SignedInContext, shopId: number): Promise<ShopSettingsView> {
	const { row, settings } = await readSettings(deps.db, deps, ctx, shopId);
	const terms = await getOrderingTerms(deps, ctx, shopId);
	return {
		shopId,
		version: row.version,
		timezone: row.timezone,
		settings,
		pausedUntil: row.paused_until && row.paused_until > deps.clock.now() ? row.paused_until.toISOString() : null,
		openState: terms.openState,
	};
}

const asInput = (text: Localized | null): ShopSettings["name"] => ({
	"zh-CN": text?.["zh-CN"] ?? "",
	en: text?.en ?? "",
	km: text?.km ?? "",
});

/** The saved settings in the shape the page edits and sends back; `lock` locks the shop row. */
async function readSettings(
	db: AppDeps["db"] | Transaction<DB>,
	deps: AppDeps,
	ctx: SignedInContext,
	shopId: number,
	options: { lock?: boolean } = {},
): Promise<{ row: queries.SettingsShopRow; settings: ShopSettings }> {
	const row = await queries.findShopForSettings(db, { tenantId: ctx.tenant.id, shopId, lock: options.lock });
	if (!row) throw new BusinessError(ErrorCode.NotFound);
	const today = shopLocalDate(row.timezone, deps.clock.now());
	const [hours, closures, zones] = await Promise.all([
		queries.listHours(db, shopId),
		queries.listCurrentClosures(db, shopId, today),
		queries.listEnabledZones(db, shopId),
	]);
	const orderTypes: OrderType[] = [];
	if (row.offers_takein) orderTypes.push("takein");
	if (row.offers_takeout) orderTypes.push("takeout");
	if (row.offers_desk) orderTypes.push("desk");
	return {
		row,
		settings: {
			name: asInput(row.name),
			logo: row.logo,
			photos: row.photos,
			notice: asInput(row.notice),
			phone: row.phone,
			address: asInput(row.address),
			latitude: row.latitude,
			longitude: row.longitude,
			orderTypes,
			preparationMinutes: row.preparation_minutes,
			weeklyHours: hours.map((h) => ({
				weekday: h.weekday,
				opensAt: h.opens_at.slice(0, 5),
				closesAt: h.closes_at.slice(0, 5),
			})),
			closures: closures.map((c) => ({
				startsOn: c.starts_on,
				endsOn: c.ends_on,
				// The editor gets every language; customers get theirs (venues' shop detail).
				label: asInput(c.reason),
			})),
			deliveryZones: zones.map((zone) => ({
				points: zone.points.map(([latitude, longitude]) => ({ latitude, longitude })),
				fee: zone.fee,
				minOrder: zone.min_order,
			})),
		},
	};
}

/**
 * Saves the shop's settings as one change: the shop row, its weekly hours, its current and
 * coming closures and its delivery zones. The save names the version it was made on; when
 * someone saved in between, it is refused (ChangedBySomeoneElse) and nothing changes. The
 * change log gets the fields that changed, before and after, in the same transaction.
 */
export async function saveShopSettings(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof SaveShopSettingsInput>,
): Promise<ShopSettingsView> {
	const { shopId, settings } = input;
	await requireShopPermission(deps, ctx, shopId, "shop");
	const saved = await readSettings(deps.db, deps, ctx, shopId);
	await requireOwnNewImages(deps, ctx, saved.settings, settings);

	await deps.db.transaction().execute(async (trx) => {
		const before = await readSettings(trx, deps, ctx, shopId, { lock: true });
		if (before.row.version !== input.version)
			throw new BusinessError(ErrorCode.ChangedBySomeoneElse, {}, { version: before.row.version });
		const changed = changedFields(before.settings, settings);
		if (changed.length === 0) return;

		await trx
			.updateTable("shop")
			.set({
				name: JSON.stringify(localizedFromInput(settings.name)),
				logo: settings.logo,
				photos: JSON.stringify(settings.photos),
				notice: settings.notice["zh-CN"] ? JSON.stringify(localizedFromInput(settings.notice)) : null,
				phone: settings.phone,
				address: JSON.stringify(localizedFromInput(settings.address)),
				latitude: settings.latitude,
				longitude: settings.longitude,
				offers_takein: settings.orderTypes.includes("takein"),
				offers_takeout: settings.orderTypes.includes("takeout"),
				offers_desk: settings.orderTypes.includes("desk"),
				preparation_minutes: settings.preparationMinutes,
				version: before.row.version + 1,
			})
			.where("id", "=", shopId)
			.execute();
		if (changed.includes("weeklyHours")) await replaceHours(trx, shopId, settings);
		if (changed.includes("closures"))
			await replaceClosures(trx, shopId, settings, shopLocalDate(before.row.timezone, deps.clock.now()));
		if (changed.includes("deliveryZones")) await replaceZones(trx, shopId, settings);

		await recordShopChange(trx, {
			tenantId: ctx.tenant.id,
			shopId,
			memberId: ctx.member.id,
			subject: "shop",
			subjectId: shopId,
			action: "update",
			before: Object.fromEntries(changed.map((field) => [field, before.settings[field]])),
			after: Object.fromEntries(changed.map((field) => [field, settings[field]])),
		});
	});
	// A refused save throws before this; one that changed nothing costs the servers one reload.
	await announceShopChange(deps, { tenantId: ctx.tenant.id, shopId });
	return readView(deps, ctx, shopId);
}

function changedFields(before: ShopSettings, after: ShopSettings): Array<keyof ShopSettings> {
	return (Object.keys(after) as Array<keyof ShopSettings>).filter(
		(field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
	);
}

/** A logo or photo not already the shop's must be an image the saving member uploaded. */
async function requireOwnNewImages(deps: AppDeps, ctx: SignedInContext, saved: ShopSettings, draft: ShopSettings) {
	const known = new Set([saved.logo, ...saved.photos]);
	const check = async (url: string | null, field: string) => {
		if (url === null || known.has(url)) return;
		if (!(await isOwnUpload(deps, { tenantId: ctx.tenant.id, memberId: ctx.member.id, url })))
			throw BusinessError.invalidField(field, "fieldInvalid");
	};
	await check(draft.logo, "settings.logo");
	for (const [index, url] of draft.photos.entries()) await check(url, `settings.photos.${index}`);
}

async function replaceHours(trx: Transaction<DB>, shopId: number, settings: ShopSettings) {
	await trx.deleteFrom("shop_opening_hours").where("shop_id", "=", shopId).execute();
	if (settings.weeklyHours.length === 0) return;
	await trx
		.insertInto("shop_opening_hours")
		.values(
			settings.weeklyHours.map((w) => ({
				shop_id: shopId,
				weekday: w.weekday,
				opens_at: w.opensAt,
				closes_at: w.closesAt,
			})),
		)
		.execute();
}

/** Closures over before today stay as they were (history); the current and coming ones are replaced. */
async function replaceClosures(trx: Transaction<DB>, shopId: number, settings: ShopSettings, today: string) {
	await trx.deleteFrom("shop_closure").where("shop_id", "=", shopId).where("ends_on", ">=", today).execute();
	if (settings.closures.length === 0) return;
	await trx
		.insertInto("shop_closure")
		.values(
			settings.closures.map((c) => ({
				shop_id: shopId,
				starts_on: c.startsOn,
				ends_on: c.endsOn,
				// All blank is no label; otherwise zh-CN is there (the contract requires it with en or km).
				reason: c.label["zh-CN"] ? JSON.stringify(localizedFromInput(c.label)) : null,
			})),
		)
		.execute();
}

/**
 * Zones are matched by position: the first saved zone takes the first drawn one (keeping its
 * id, name and colours), new ones are added and the zones left over are switched off, not
 * deleted, so nothing that refers to them breaks.
 */
async function replaceZones(trx: Transaction<DB>, shopId: number, settings: ShopSettings) {
	const existing = await queries.listEnabledZones(trx, shopId);
	for (const [index, zone] of settings.deliveryZones.entries()) {
		const values = {
			points: JSON.stringify(zone.points.map((p) => [p.latitude, p.longitude])),
			fee: zone.fee,
			min_order: zone.minOrder,
			sort: index,
		};
		const current = existing[index];
		if (current) await trx.updateTable("delivery_zone").set(values).where("id", "=", current.id).execute();
		else {
			const name = Object.fromEntries(
				SUPPORTED_LANGUAGES.map((lang) => [lang, formatMessage("deliveryZoneNumbered", lang, { n: index + 1 })]),
			);
			await trx
				.insertInto("delivery_zone")
				.values({ ...values, shop_id: shopId, code: `zone-${randomUUID()}`, name: JSON.stringify(name) })
				.execute();
		}
	}
	const leftOver = existing.slice(settings.deliveryZones.length).map((zone) => zone.id);
	if (leftOver.length)
		await trx.updateTable("delivery_zone").set({ enabled: false }).where("id", "in", leftOver).execute();
}

/**
 * Pauses new orders for a few minutes (a busy kitchen), or takes them again (0). Staff may do
 * it too (permission `board`): it is a call made during service, not a setting, so it does
 * not change the settings' version and never makes an owner's open edit stale.
 */
export async function pauseShop(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof PauseShopInput>,
): Promise<ShopPauseState> {
	await requireShopPermission(deps, ctx, input.shopId, "board");
	const now = deps.clock.now();
	const until = input.minutes === 0 ? null : new Date(now.getTime() + input.minutes * 60_000);
	await deps.db.transaction().execute(async (trx) => {
		const row = await queries.findShopForSettings(trx, { tenantId: ctx.tenant.id, shopId: input.shopId, lock: true });
		if (!row) throw new BusinessError(ErrorCode.NotFound);
		const wasPaused = row.paused_until && row.paused_until > now ? row.paused_until.toISOString() : null;
		await trx.updateTable("shop").set({ paused_until: until }).where("id", "=", input.shopId).execute();
		await recordShopChange(trx, {
			tenantId: ctx.tenant.id,
			shopId: input.shopId,
			memberId: ctx.member.id,
			subject: "shop",
			subjectId: input.shopId,
			action: until ? "pause" : "resume",
			before: { pausedUntil: wasPaused },
			after: { pausedUntil: until?.toISOString() ?? null },
		});
	});
	await announceShopChange(deps, { tenantId: ctx.tenant.id, shopId: input.shopId });
	const terms = await getOrderingTerms(deps, ctx, input.shopId);
	return { shopId: input.shopId, pausedUntil: until?.toISOString() ?? null, openState: terms.openState };
}

/**
 * Opens the shop for orders, or closes it until opened again (`accepting_orders`). Unlike the
 * pause it has no end and is the owner's or a manager's call (permission `shop`): a new branch
 * starts closed and is opened here once its owner has set it up (decision 018). Like the pause
 * it does not change the settings' version, and it is logged (`open_orders` / `close_orders`).
 */
export async function setAcceptingOrders(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof SetAcceptingOrdersInput>,
): Promise<ShopPauseState> {
	await requireShopPermission(deps, ctx, input.shopId, "shop");
	const now = deps.clock.now();
	const until = await deps.db.transaction().execute(async (trx) => {
		const row = await queries.findShopForSettings(trx, { tenantId: ctx.tenant.id, shopId: input.shopId, lock: true });
		if (!row) throw new BusinessError(ErrorCode.NotFound);
		const pausedUntil = row.paused_until && row.paused_until > now ? row.paused_until.toISOString() : null;
		// A second tap changes nothing and logs nothing.
		if (row.accepting_orders === input.accepting) return pausedUntil;
		await trx.updateTable("shop").set({ accepting_orders: input.accepting }).where("id", "=", input.shopId).execute();
		await recordShopChange(trx, {
			tenantId: ctx.tenant.id,
			shopId: input.shopId,
			memberId: ctx.member.id,
			subject: "shop",
			subjectId: input.shopId,
			action: input.accepting ? "open_orders" : "close_orders",
			before: { acceptingOrders: row.accepting_orders },
			after: { acceptingOrders: input.accepting },
		});
		return pausedUntil;
	});
	await announceShopChange(deps, { tenantId: ctx.tenant.id, shopId: input.shopId });
	const terms = await getOrderingTerms(deps, ctx, input.shopId);
	return { shopId: input.shopId, pausedUntil: until, openState: terms.openState };
}

/**
 * What a customer would be told with these unsaved settings, for a sample cart, order type,
 * delivery point and moment: the draft's terms go through the evaluation checkout runs
 * (ordering's evaluateCart and cart rules), so the preview cannot drift from checkout.
 */
export async function previewShopRules(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof PreviewShopRulesInput>,
): Promise<ShopRulesPreview> {
	await requireShopPermission(deps, ctx, input.shopId, "shop");
	const at = new Date(input.at);
	const terms = await draftOrderingTerms(deps, ctx, { shopId: input.shopId, settings: input.settings, instant: at });
	const { priced } = await evaluateCart(
		deps,
		ctx,
		{ shopId: input.shopId, orderType: input.orderType, lines: input.lines, location: input.location },
		{ terms },
	);
	const delivery = input.orderType === "takeout" && input.location ? terms.quoteDelivery(input.location) : null;
	return { at: at.toISOString(), openState: terms.openState, delivery, cart: priced };
}
