import {
	type DayTotal,
	ErrorCode,
	localize,
	WALLET_CHART_DAYS,
	type WalletDailyEarnings,
	type WalletSummary,
	WITHDRAWAL_ARRIVAL_WORKING_DAYS,
} from "@bayon/contract";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { CallerContext } from "../../identity/service.js";
import { addDays, fromLocalMoment, toLocalMoment } from "../../venues/hours.js";
import * as venueQueries from "../../venues/queries.js";
import { requireShopPermission } from "../../venues/staff/staff-access.js";
import { requirePlatformOperator } from "../platform/operator.js";
import { findShopAccounts, netPerLocalDay, type ShopAccounts } from "./ledger-lines.js";

type SignedIn = CallerContext & { member: { id: number } };

/** The shop a wallet call is about, as every wallet read needs it. */
export interface WalletShop {
	tenantId: number;
	id: number;
	name: string;
	timezone: string;
}

/**
 * The shop's owner (the `money` permission: managers and staff are refused, decision 023).
 * A customer, or a shop of another tenant, is answered like requireShopPermission answers.
 */
export async function ownerShop(deps: AppDeps, ctx: SignedIn, shopId: number): Promise<WalletShop> {
	await requireShopPermission(deps, ctx, shopId, "money");
	return loadWalletShop(deps, ctx, shopId);
}

/**
 * A platform operator looking at one of their tenant's shops. Anyone else is refused before the
 * shop is looked up; a shop of another tenant is NotFound, exactly like one that does not exist.
 */
export async function operatorShop(deps: AppDeps, ctx: SignedIn, shopId: number): Promise<WalletShop> {
	await requirePlatformOperator(deps, ctx);
	return loadWalletShop(deps, ctx, shopId);
}

async function loadWalletShop(deps: AppDeps, ctx: CallerContext, shopId: number): Promise<WalletShop> {
	const row = await venueQueries.findShop(deps.db, ctx.tenant.id, shopId);
	if (!row) throw new BusinessError(ErrorCode.NotFound);
	return { tenantId: ctx.tenant.id, id: row.id, name: localize(row.name, ctx.lang), timezone: row.timezone };
}

/** The platform's terms for the tenant's shops (migration 0021), read fresh: an operator may just have changed them. */
export async function tenantTerms(deps: AppDeps, tenantId: number) {
	const row = await deps.db
		.selectFrom("tenant")
		.select(["settlement_hold_hours", "commission_bps", "minimum_withdrawal"])
		.where("id", "=", tenantId)
		.executeTakeFirstOrThrow();
	return {
		holdHours: row.settlement_hold_hours,
		commissionBps: row.commission_bps,
		minimumWithdrawal: Number(row.minimum_withdrawal),
	};
}

/** The instant a local date starts in the shop's time zone. */
export const startOfLocalDay = (date: string, timezone: string) => fromLocalMoment(date, 0, timezone);

/**
 * The shop's wallet: its three balances as the ledger has them (so they always add up to the
 * ledger), today's and this month's net in the shop's time zone, and the platform's terms.
 */
export async function walletSummary(
	deps: AppDeps,
	shop: WalletShop,
	prefetched?: { accounts: ShopAccounts; terms: Awaited<ReturnType<typeof tenantTerms>> },
): Promise<WalletSummary> {
	const [accounts, terms] = prefetched
		? [prefetched.accounts, prefetched.terms]
		: await Promise.all([
				findShopAccounts(deps.db, { tenantId: shop.tenantId, shopIds: [shop.id] }).then(
					(found) => found.get(shop.id) as ShopAccounts,
				),
				tenantTerms(deps, shop.tenantId),
			]);
	const today = toLocalMoment(deps.clock.now(), shop.timezone).date;
	const monthStart = `${today.slice(0, 7)}-01`;
	const nets = await netPerLocalDay(deps.db, { shopId: shop.id, from: monthStart, to: today });
	const available = accounts.available?.balance ?? 0;
	const pending = accounts.pending?.balance ?? 0;
	const withdrawing = accounts.withdrawing?.balance ?? 0;
	return {
		shopId: shop.id,
		shopName: shop.name,
		available,
		withdrawable: Math.max(available, 0),
		owed: Math.max(-available, 0),
		pending,
		withdrawing,
		total: available + pending + withdrawing,
		today: nets.get(today) ?? 0,
		month: [...nets.values()].reduce((sum, net) => sum + net, 0),
		holdHours: terms.holdHours,
		commissionBps: terms.commissionBps,
		minimumWithdrawal: terms.minimumWithdrawal,
		arrivalWorkingDays: WITHDRAWAL_ARRIVAL_WORKING_DAYS,
		timezone: shop.timezone,
	};
}

/** The chart: the net of each of the shop's last 30 local days (today included), oldest first, 0 for days without money. */
export async function dailyEarnings(deps: AppDeps, shop: WalletShop): Promise<WalletDailyEarnings> {
	const today = toLocalMoment(deps.clock.now(), shop.timezone).date;
	const first = addDays(today, 1 - WALLET_CHART_DAYS);
	const nets = await netPerLocalDay(deps.db, { shopId: shop.id, from: first, to: today });
	const days: DayTotal[] = Array.from({ length: WALLET_CHART_DAYS }, (_, index) => {
		const date = addDays(first, index);
		return { date, net: nets.get(date) ?? 0 };
	});
	return { days };
}

/** `GET /platform/shops`: every shop of the operator's tenant with its wallet. */
export async function platformShopWallets(deps: AppDeps, ctx: SignedIn): Promise<{ shops: WalletSummary[] }> {
	await requirePlatformOperator(deps, ctx);
	const rows = await venueQueries.listShops(deps.db, ctx.tenant.id);
	const [accounts, terms] = await Promise.all([
		findShopAccounts(deps.db, { tenantId: ctx.tenant.id, shopIds: rows.map((row) => row.id) }),
		tenantTerms(deps, ctx.tenant.id),
	]);
	const shops = await Promise.all(
		rows.map((row) =>
			walletSummary(
				deps,
				{ tenantId: ctx.tenant.id, id: row.id, name: localize(row.name, ctx.lang), timezone: row.timezone },
				{ accounts: accounts.get(row.id) as ShopAccounts, terms },
			),
		),
	);
	return { shops };
}
