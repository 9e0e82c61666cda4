import { ADDRESS_MAX_PER_MEMBER, type Address, ErrorCode, type SaveAddressInput } from "@bayon/contract";
import type { z } from "zod";
import { BusinessError } from "../../http/business-error.js";
import type { AppDeps } from "../../http/deps.js";
import { getOrderingTerms } from "../venues/shops/ordering-terms.js";
import * as queries from "./queries.js";

interface MemberContext {
	tenant: { id: number };
	member: { id: number };
}

/** A member's call that may name a shop: its delivery area is asked in the caller's language. */
type MemberCall = MemberContext & { lang: string };

/** Whether a point is inside the shop's delivery area; the shop's terms are cached per server. */
type DeliversTo = (point: { latitude: number; longitude: number }) => boolean;

async function deliveryAreaOf(deps: AppDeps, ctx: MemberCall, shopId: number): Promise<DeliversTo> {
	const terms = await getOrderingTerms(deps, ctx, shopId);
	return (point) => terms.quoteDelivery(point).inRange;
}

function present(row: queries.AddressRow, deliversTo: DeliversTo | null = null): Address {
	return {
		id: row.id,
		recipient: row.recipient,
		phone: row.phone,
		address: row.address,
		houseNumber: row.house_number,
		latitude: row.latitude,
		longitude: row.longitude,
		isDefault: row.is_default,
		deliverable: deliversTo ? deliversTo({ latitude: row.latitude, longitude: row.longitude }) : null,
	};
}

/** The member's addresses, default first; with a shop, each says whether it delivers there. */
export async function listAddresses(deps: AppDeps, ctx: MemberCall, shopId?: number): Promise<Address[]> {
	const deliversTo = shopId === undefined ? null : await deliveryAreaOf(deps, ctx, shopId);
	const rows = await queries.listAddresses(deps.db, { tenantId: ctx.tenant.id, memberId: ctx.member.id });
	return rows.map((row) => present(row, deliversTo));
}

/** One of the member's own addresses; anybody else's id answers not-found, like a missing one. */
export async function getOwnAddress(deps: AppDeps, ctx: MemberContext, id: number): Promise<Address> {
	const row = await queries.findAddress(deps.db, { tenantId: ctx.tenant.id, memberId: ctx.member.id, id });
	if (!row) throw new BusinessError(ErrorCode.NotFound);
	return present(row);
}

/**
 * Adds an address (no id) or edits one (with id). The first address becomes the default;
 * choosing a new default clears the old one in the same transaction. Naming the shop the
 * member orders from (`shopId`): an address outside its delivery area is still saved, but this
 * save never makes or keeps it the default, so the default is never a place the shop cannot
 * deliver to without the member having chosen so (address/default/set; decision 015, issue 27).
 */
export async function saveAddress(
	deps: AppDeps,
	ctx: MemberCall,
	input: z.output<typeof SaveAddressInput>,
): Promise<Address> {
	const memberId = ctx.member.id;
	// Asked before the transaction: the shop's terms are another feature's, read outside it.
	const deliversTo = input.shopId === undefined ? null : await deliveryAreaOf(deps, ctx, input.shopId);
	const deliverable = deliversTo ? deliversTo(input) : true;
	const id = await deps.db.transaction().execute(async (trx) => {
		await queries.lockMember(trx, memberId);
		const count = await queries.countAddresses(trx, memberId);
		if (input.id === undefined && count >= ADDRESS_MAX_PER_MEMBER) {
			throw new BusinessError(ErrorCode.AddressLimit, { max: ADDRESS_MAX_PER_MEMBER });
		}
		const existing =
			input.id === undefined
				? undefined
				: await queries.findAddress(trx, { tenantId: ctx.tenant.id, memberId, id: input.id });
		if (input.id !== undefined && !existing) throw new BusinessError(ErrorCode.NotFound);
		// The default stays the default when edited (choosing another default is how it changes).
		// A member with addresses has exactly one default unless none was deliverable when saved
		// for the shop named: the next deliverable address saved then becomes it.
		const isDefault =
			deliverable &&
			(input.isDefault === true ||
				count === 0 ||
				existing?.is_default === true ||
				!(await queries.hasDefault(trx, memberId)));
		if (isDefault) await queries.clearDefault(trx, memberId);
		const values = {
			recipient: input.recipient,
			phone: input.phone,
			address: input.address,
			house_number: input.houseNumber,
			latitude: input.latitude,
			longitude: input.longitude,
			is_default: isDefault,
			updated_at: deps.clock.now(),
		};
		if (input.id === undefined)
			return (await queries.insertAddress(trx, { tenantId: ctx.tenant.id, memberId, values })).id;
		await queries.updateAddress(trx, { tenantId: ctx.tenant.id, memberId, id: input.id, values });
		return input.id;
	});
	const saved = await getOwnAddress(deps, ctx, id);
	return deliversTo ? { ...saved, deliverable } : saved;
}

export async function setDefaultAddress(deps: AppDeps, ctx: MemberContext, id: number): Promise<void> {
	await deps.db.transaction().execute(async (trx) => {
		await queries.lockMember(trx, ctx.member.id);
		if (!(await queries.findAddress(trx, { tenantId: ctx.tenant.id, memberId: ctx.member.id, id })))
			throw new BusinessError(ErrorCode.NotFound);
		await queries.clearDefault(trx, ctx.member.id);
		await queries.makeDefault(trx, { memberId: ctx.member.id, id });
	});
}

/** Deletes an address; when it was the default, the most recently used one takes its place. */
export async function deleteAddress(deps: AppDeps, ctx: MemberContext, id: number): Promise<void> {
	await deps.db.transaction().execute(async (trx) => {
		await queries.lockMember(trx, ctx.member.id);
		const deleted = await queries.deleteAddress(trx, { tenantId: ctx.tenant.id, memberId: ctx.member.id, id });
		if (!deleted) throw new BusinessError(ErrorCode.NotFound);
		if (deleted.is_default) {
			const next = await queries.latestAddressId(trx, ctx.member.id);
			if (next) await queries.makeDefault(trx, { memberId: ctx.member.id, id: next.id });
		}
	});
}
