import {
	type AddBankCardInput,
	BANK_CARDS_MAX,
	type BankCardView,
	ErrorCode,
	type RemoveBankCardInput,
	WithdrawalStatus,
} from "@bayon/contract";
import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "../../../db/schema.js";
import { BusinessError } from "../../../http/business-error.js";
import type { AppDeps } from "../../../http/deps.js";
import type { SignedInContext } from "../../../http/request-context.js";
import { consumeStepUpCode, verifyStepUpCode } from "../../identity/service.js";
import { recordShopChange } from "../../shop-changes/record.js";
import { requireShopPermission } from "../../venues/staff/staff-access.js";
import { lockShopAvailable, MONEY_PERMISSION } from "../withdrawals/step-up.js";
import { cardNumberHmac, encryptCardNumber } from "./card-crypto.js";

/**
 * A shop's withdrawal accounts (decision 023): owner only. Adding one takes a fresh SMS code;
 * the number is stored encrypted and as a keyed hash, and only its last four digits are ever
 * answered. A card is removed softly (withdrawals keep pointing at it), and not while a
 * withdrawal to it is in progress.
 */

type Db = Kysely<DB> | Transaction<DB>;

/** Unaudited or awaiting arrival: the money is on its way to the card. */
export const IN_PROGRESS: readonly (0 | 1)[] = [WithdrawalStatus.Unaudited, WithdrawalStatus.AwaitingArrival];

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === "23505";

/** The shop's cards in the order they were added, each with whether a withdrawal to it is in progress. */
async function shopCards(db: Db, args: { tenantId: number; shopId: number }): Promise<BankCardView[]> {
	const rows = await db
		.selectFrom("shop_bank_card as c")
		.select(["c.id", "c.holder", "c.bank", "c.last4", "c.created_at"])
		.select((eb) =>
			eb
				.exists(
					eb
						.selectFrom("shop_withdrawal as w")
						.select("w.id")
						.whereRef("w.card_id", "=", "c.id")
						.where("w.status", "in", IN_PROGRESS),
				)
				.as("in_use"),
		)
		.where("c.tenant_id", "=", args.tenantId)
		.where("c.shop_id", "=", args.shopId)
		.where("c.removed_at", "is", null)
		.orderBy("c.id")
		.execute();
	return rows.map((row) => ({
		id: row.id,
		holder: row.holder,
		bank: row.bank,
		last4: row.last4,
		createdAt: new Date(row.created_at).toISOString(),
		inUse: Boolean(row.in_use),
	}));
}

/** `GET /merchant/cards?shopId=`. */
export async function listBankCards(deps: AppDeps, ctx: SignedInContext, shopId: number): Promise<BankCardView[]> {
	await requireShopPermission(deps, ctx, shopId, MONEY_PERMISSION);
	return shopCards(deps.db, { tenantId: ctx.tenant.id, shopId });
}

/**
 * `POST /merchant/cards/add`: with the owner's step-up code, spent in the same transaction (a
 * refused card leaves it usable). At most BANK_CARDS_MAX cards; the same number twice is refused
 * (BankCardDuplicate) by its keyed hash, under the shop's money lock and the unique index.
 */
export async function addBankCard(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof AddBankCardInput>,
): Promise<BankCardView> {
	await requireShopPermission(deps, ctx, input.shopId, MONEY_PERMISSION);
	const verified = await verifyStepUpCode(deps, ctx, { memberId: ctx.member.id, code: input.code });
	const tenantId = ctx.tenant.id;
	const numberHmac = cardNumberHmac(deps.config, input.cardNumber);
	const id = await deps.db
		.transaction()
		.execute(async (trx) => {
			await lockShopAvailable(trx, { tenantId, shopId: input.shopId });
			const held = await trx
				.selectFrom("shop_bank_card")
				.select(["number_hmac"])
				.where("tenant_id", "=", tenantId)
				.where("shop_id", "=", input.shopId)
				.where("removed_at", "is", null)
				.execute();
			if (held.some((card) => card.number_hmac === numberHmac)) throw new BusinessError(ErrorCode.BankCardDuplicate);
			if (held.length >= BANK_CARDS_MAX) throw new BusinessError(ErrorCode.BankCardLimit, { max: BANK_CARDS_MAX });
			await consumeStepUpCode(deps, trx, verified);
			const card = await trx
				.insertInto("shop_bank_card")
				.values({
					tenant_id: tenantId,
					shop_id: input.shopId,
					holder: input.holder,
					bank: input.bank,
					last4: input.cardNumber.slice(-4),
					number_encrypted: encryptCardNumber(deps.config, input.cardNumber),
					number_hmac: numberHmac,
					added_by_member_id: ctx.member.id,
					created_at: deps.clock.now(),
				})
				.returning("id")
				.executeTakeFirstOrThrow();
			// Who added which account: on the shop's change log (the last four digits only).
			await recordShopChange(trx, {
				tenantId,
				shopId: input.shopId,
				memberId: ctx.member.id,
				subject: "bank_card",
				subjectId: card.id,
				action: "create",
				after: cardForChangeLog(input.bank, input.cardNumber.slice(-4), input.holder),
			});
			return card.id;
		})
		.catch((error: unknown) => {
			if (isUniqueViolation(error)) throw new BusinessError(ErrorCode.BankCardDuplicate);
			throw error;
		});
	const added = (await shopCards(deps.db, { tenantId, shopId: input.shopId })).find((card) => card.id === id);
	if (!added) throw new Error(`bank card ${id} vanished after it was added`);
	return added;
}

/**
 * `POST /merchant/cards/remove` (spec: confirm unbind): the card stays for the withdrawals that
 * name it but is no longer offered. Another shop's card (or none) is NotFound; a card a
 * withdrawal in progress points at is refused (BankCardInUse). Answers the shop's cards left.
 */
export async function removeBankCard(
	deps: AppDeps,
	ctx: SignedInContext,
	input: z.output<typeof RemoveBankCardInput>,
): Promise<BankCardView[]> {
	await requireShopPermission(deps, ctx, input.shopId, MONEY_PERMISSION);
	const tenantId = ctx.tenant.id;
	await deps.db.transaction().execute(async (trx) => {
		// Under the lock a withdrawal to this card cannot be in the middle of being written.
		await lockShopAvailable(trx, { tenantId, shopId: input.shopId });
		const card = await trx
			.selectFrom("shop_bank_card")
			.select(["id", "bank", "last4", "holder"])
			.where("tenant_id", "=", tenantId)
			.where("shop_id", "=", input.shopId)
			.where("id", "=", input.cardId)
			.where("removed_at", "is", null)
			.executeTakeFirst();
		if (!card) throw new BusinessError(ErrorCode.NotFound);
		const inProgress = await trx
			.selectFrom("shop_withdrawal")
			.select("id")
			.where("card_id", "=", card.id)
			.where("status", "in", IN_PROGRESS)
			.limit(1)
			.executeTakeFirst();
		if (inProgress) throw new BusinessError(ErrorCode.BankCardInUse);
		await trx
			.updateTable("shop_bank_card")
			.set({ removed_at: deps.clock.now(), removed_by_member_id: ctx.member.id })
			.where("id", "=", card.id)
			.execute();
		await recordShopChange(trx, {
			tenantId,
			shopId: input.shopId,
			memberId: ctx.member.id,
			subject: "bank_card",
			subjectId: card.id,
			action: "delete",
			before: cardForChangeLog(card.bank, card.last4, card.holder),
		});
	});
	return shopCards(deps.db, { tenantId, shopId: input.shopId });
}

/** A withdrawal account as the change log shows it: named by bank and last four digits, never more. */
function cardForChangeLog(bank: string, last4: string, holder: string) {
	return { name: `${bank} •••• ${last4}`, holder };
}
