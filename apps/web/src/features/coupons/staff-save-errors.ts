import { ErrorCode } from "@bayon/contract";
import { ApiError } from "../../lib/api-client";
import { formatMessage, isMessageKey } from "../../lib/i18n/messages";

/**
 * The coupon save's refusals that belong to one field are put under it: the quantity below
 * what was claimed, an exchange code another template holds, and the server's per-field
 * issues (whose `rule` it names when it gives no message). Claimed by a member since the
 * sheet opened (terms locked): reload, so the sheet shows the terms as now fixed.
 */
const FIELD_OF_CODE: Partial<Record<number, string>> = {
	[ErrorCode.CouponQuantityBelowClaimed]: "totalQuantity",
	[ErrorCode.ExchangeCodeTaken]: "exchangeCode",
};

export async function withCouponFieldIssues<T>(
	send: () => Promise<T>,
	lang: string,
	reload: () => Promise<void>,
): Promise<T> {
	try {
		return await send();
	} catch (error) {
		if (!(error instanceof ApiError)) throw error;
		if (error.code === ErrorCode.CouponTermsLocked) {
			await reload();
			throw error;
		}
		const field = FIELD_OF_CODE[error.code];
		if (field) throw new ApiError(error.code, error.msg, { issues: [{ field, message: error.msg }] }, error.toasted);
		const issues = (error.data as { issues?: unknown } | null)?.issues;
		if (Array.isArray(issues)) {
			const described = issues.map((issue: { field?: unknown; message?: unknown; rule?: unknown }) => ({
				field: issue?.field,
				message:
					typeof issue?.message === "string"
						? issue.message
						: typeof issue?.rule === "string" && isMessageKey(issue.rule)
							? formatMessage(issue.rule, lang, { field: String(issue.field ?? "") })
							: error.msg,
			}));
			throw new ApiError(error.code, error.msg, { issues: described }, error.toasted);
		}
		throw error;
	}
}
