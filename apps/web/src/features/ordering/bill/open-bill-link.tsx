import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { usePrice } from "../../../lib/app-config";
import { useI18n } from "../../../lib/i18n";
import { Paths } from "../../../lib/paths";
import { isLoggedIn, useAppState } from "../../../lib/store";
import { tableBillQuery } from "../orders/api";

/** A table already eating (paid after the meal): its open bill, for whoever just sat down. */
export function OpenBillLink({ token }: { token: string }) {
	const { t, lang } = useI18n();
	const money = usePrice();
	const signedIn = useAppState(isLoggedIn);
	const bill = useQuery({ ...tableBillQuery(token, lang), enabled: signedIn });
	if (bill.data?.status !== "open") return null;
	return (
		<Link to={Paths.tableBill} className="button button--ghost button--block" data-testid="table-open-bill">
			{t("bill.view")} · {t("bill.due")} {money(bill.data.due)}
		</Link>
	);
}
