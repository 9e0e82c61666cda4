import { useAppState } from "../../lib/store";
import { InfoIcon } from "../icons";
import { useMerchantText } from "./strings";

/**
 * Whether the signed-in member administers the business (issue 27): only they change what every
 * shop shares and that touches money (recharge packages, VIP cards, coupons, the points mall and
 * rule, the second currency's rate). The server refuses everyone else (NotBusinessAdmin); pages
 * show those to other owners and managers read-only, with BusinessAdminNote saying why.
 */
export function useIsBusinessAdmin(): boolean {
	return useAppState((s) => s.member?.isBusinessAdmin === true);
}

/** The plain sentence a read-only business-wide page opens with. */
export function BusinessAdminNote({ testId = "business-admin-note" }: { testId?: string }) {
	const { mt } = useMerchantText();
	return (
		<p className="business-admin-note" role="note" data-testid={testId}>
			<InfoIcon className="business-admin-note__icon" aria-hidden="true" />
			<span>{mt("business.readOnly")}</span>
		</p>
	);
}
