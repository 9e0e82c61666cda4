import {
	type RechargePackageAdmin,
	SaveRechargePackageInput,
	SaveStoredValueAgreementInput,
	type StoredValueAdmin,
} from "@bayon/contract";
import type { z } from "zod";
import {
	type CheckContext,
	type Checked,
	checkWith,
	type LocalizedDraft,
	moneyText,
	parseMoney,
	parseWhole,
	textDraft,
} from "../../lib/form";

/**
 * The recharge package editor and the agreement editor, checked with the contract's
 * SaveRechargePackageInput and SaveStoredValueAgreementInput (the server's own rules).
 */

export interface PackageDraft {
	name: LocalizedDraft;
	/** Major units as typed ("100.00"). */
	payAmount: string;
	/** Empty: no bonus. */
	bonusAmount: string;
	sort: string;
	onSale: boolean;
}

export function packageDraft(pack: RechargePackageAdmin | undefined, decimals: number): PackageDraft {
	return {
		name: textDraft(pack?.name),
		payAmount: moneyText(pack?.payAmount, decimals),
		bonusAmount: pack && pack.bonusAmount > 0 ? moneyText(pack.bonusAmount, decimals) : "",
		sort: String(pack?.sort ?? 0),
		onSale: pack?.onSale ?? true,
	};
}

export function checkPackage(
	draft: PackageDraft,
	at: CheckContext & { pack?: Pick<RechargePackageAdmin, "id" | "version"> | undefined },
): Checked<z.output<typeof SaveRechargePackageInput>> {
	const payAmount = parseMoney(draft.payAmount, at.decimals);
	const bonusAmount = parseMoney(draft.bonusAmount, at.decimals);
	const request = {
		shopId: at.shopId,
		...(at.pack ? { id: at.pack.id, version: at.pack.version } : {}),
		name: draft.name,
		payAmount: payAmount ?? undefined,
		bonusAmount: bonusAmount ?? 0,
		sort: parseWhole(draft.sort) ?? 0,
		onSale: draft.onSale,
	};
	return checkWith(SaveRechargePackageInput, request, at, { payAmount, bonusAmount });
}

export const agreementDraft = (admin: StoredValueAdmin): LocalizedDraft => textDraft(admin.agreement);

export const checkAgreement = (
	draft: LocalizedDraft,
	at: { shopId: number; lang: string },
): Checked<z.output<typeof SaveStoredValueAgreementInput>> =>
	checkWith(SaveStoredValueAgreementInput, { shopId: at.shopId, agreement: draft }, at);
