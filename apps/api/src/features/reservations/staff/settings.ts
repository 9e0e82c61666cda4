import {
	ErrorCode,
	localize,
	type ReservableTableView,
	type ReservationSettings,
	type ReservationSettingsPage,
	type UpdateReservableTableInput,
	type UpdateReservationSettingsInput,
} from "@bayon/contract";
import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { recordShopChange } from "../../shop-changes/record.js";
import { requireShopPermission, requireStaffWithoutOracle } from "../../venues/staff/staff-access.js";
import * as queries from "../booking/queries.js";
import { readReservationSettings } from "../records.js";

type Db = Kysely<DB> | Transaction<DB>;

/** The owner's rules and which tables take bookings: owner and manager (the shop's settings). */
const SETTINGS_PERMISSION = "shop" as const;

export async function getSettingsPage(
	deps: AppDeps,
	ctx: SignedInContext,
	shopId: number,
): Promise<ReservationSettingsPage> {
	await requireShopPermission(deps, ctx, shopId, SETTINGS_PERMISSION);
	const shop = await queries.findShop(deps.db, ctx.tenant.id, shopId);
	if (!shop) throw new BusinessError(ErrorCode.NotFound);
	const [settings, tables] = await Promise.all([
		readReservationSettings(deps.db, shopId),
		deps.db
			.selectFrom("dining_table")
			.select(["id", "number", "seats", "min_seats", "reservable", "area"])
			.where("shop_id", "=", shopId)
			.where("enabled", "=", true)
			.orderBy("sort")
			.orderBy("id")
			.execute(),
	]);
	return {
		settings,
		tables: tables.map((row) => tableView(row, ctx.lang)),
		shopTimeZone: shop.timezone,
	};
}

function tableView(
	row: {
		id: number;
		number: string;
		seats: number;
		min_seats: number;
		reservable: boolean;
		area: Parameters<typeof localize>[0] | null;
	},
	lang: string,
): ReservableTableView {
	return {
		id: row.id,
		number: row.number,
		seats: row.seats,
		minSeats: row.min_seats,
		reservable: row.reservable,
		area: row.area ? localize(row.area, lang) : null,
	};
}

const SETTING_FIELDS = [
	"enabled",
	"slotMinutes",
	"turnTimes",
	"bufferMinutes",
	"minNoticeMinutes",
	"maxDaysAhead",
	"onlinePartyMax",
	"pacingCoversPerSlot",
	"autoConfirmPercent",
	"cancelWindowMinutes",
	"graceMinutes",
	"depositMinParty",
	"depositPerPerson",
	"depositStrikes",
	"strikeWindowDays",
] as const satisfies ReadonlyArray<keyof ReservationSettings>;

/**
 * Saves the owner's rules. The save names the version it was made on; a save on an older
 * version (someone saved in between) is refused with ChangedBySomeoneElse and changes nothing.
 * The first save inserts the row, and two first saves meet on its primary key. The change log
 * gets the fields that changed, in the same transaction.
 */
export async function saveSettings(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof UpdateReservationSettingsInput>,
): Promise<ReservationSettingsPage> {
	await requireShopPermission(deps, ctx, input.shopId, SETTINGS_PERMISSION);
	await deps.db.transaction().execute(async (trx) => {
		const now = deps.clock.now();
		const existing = await trx
			.selectFrom("reservation_settings")
			.select("version")
			.where("shop_id", "=", input.shopId)
			.forUpdate()
			.executeTakeFirst();
		const before = await readReservationSettings(trx, input.shopId);
		if (before.version !== input.version)
			throw new BusinessError(ErrorCode.ChangedBySomeoneElse, {}, { version: before.version });
		const values = {
			enabled: input.enabled,
			slot_minutes: input.slotMinutes,
			turn_times: JSON.stringify(input.turnTimes),
			buffer_minutes: input.bufferMinutes,
			min_notice_minutes: input.minNoticeMinutes,
			max_days_ahead: input.maxDaysAhead,
			online_party_max: input.onlinePartyMax,
			pacing_covers_per_slot: input.pacingCoversPerSlot,
			auto_confirm_percent: input.autoConfirmPercent,
			cancel_window_minutes: input.cancelWindowMinutes,
			grace_minutes: input.graceMinutes,
			deposit_min_party: input.depositMinParty,
			deposit_per_person: input.depositPerPerson,
			deposit_strikes: input.depositStrikes,
			strike_window_days: input.strikeWindowDays,
			version: input.version + 1,
			updated_at: now,
		};
		if (existing) {
			await trx.updateTable("reservation_settings").set(values).where("shop_id", "=", input.shopId).execute();
		} else {
			const inserted = await trx
				.insertInto("reservation_settings")
				.values({ shop_id: input.shopId, ...values })
				.onConflict((oc) => oc.column("shop_id").doNothing())
				.returning("shop_id")
				.executeTakeFirst();
			if (!inserted) throw new BusinessError(ErrorCode.ChangedBySomeoneElse, {}, { version: before.version + 1 });
		}
		const changed = SETTING_FIELDS.filter(
			(field) => JSON.stringify(before[field]) !== JSON.stringify(input[field as keyof typeof input]),
		);
		await recordShopChange(trx, {
			tenantId: ctx.tenant.id,
			shopId: input.shopId,
			memberId: ctx.member.id,
			subject: "reservation_settings",
			subjectId: input.shopId,
			action: "update",
			before: Object.fromEntries(changed.map((field) => [field, before[field]])),
			after: Object.fromEntries(changed.map((field) => [field, input[field as keyof typeof input]])),
		});
	});
	return getSettingsPage(deps, ctx, input.shopId);
}

/** Whether a table takes bookings and the smallest party it is given to (at most its seats). */
export async function updateReservableTable(
	deps: AppDeps,
	ctx: SignedInContext,
	input: UpdateReservableTableInput,
): Promise<ReservableTableView> {
	const table = await findTableOfTenant(deps.db, ctx.tenant.id, input.tableId);
	await requireStaffWithoutOracle(deps, ctx, table?.shop_id);
	if (!table) throw new BusinessError(ErrorCode.NotFound);
	await requireShopPermission(deps, ctx, table.shop_id, SETTINGS_PERMISSION);
	if (input.minSeats > table.seats) throw BusinessError.invalidField("minSeats", "fieldInvalid");
	await deps.db.transaction().execute(async (trx) => {
		await trx
			.updateTable("dining_table")
			.set({ reservable: input.reservable, min_seats: input.minSeats })
			.where("id", "=", table.id)
			.execute();
		await recordShopChange(trx, {
			tenantId: ctx.tenant.id,
			shopId: table.shop_id,
			memberId: ctx.member.id,
			subject: "dining_table",
			subjectId: table.id,
			action: "reservable",
			before: { reservable: table.reservable, minSeats: table.min_seats },
			after: { reservable: input.reservable, minSeats: input.minSeats },
		});
	});
	return tableView({ ...table, reservable: input.reservable, min_seats: input.minSeats }, ctx.lang);
}

function findTableOfTenant(db: Db, tenantId: number, tableId: number) {
	return db
		.selectFrom("dining_table as t")
		.innerJoin("shop as s", "s.id", "t.shop_id")
		.select(["t.id", "t.shop_id", "t.number", "t.seats", "t.min_seats", "t.reservable", "t.area"])
		.where("s.tenant_id", "=", tenantId)
		.where("t.id", "=", tableId)
		.where("t.enabled", "=", true)
		.executeTakeFirst();
}
