import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError, errorText } from "../../../lib/api-client";
import { useI18n } from "../../../lib/i18n";
import { useSwitchTab } from "../../../lib/navigation-hooks";
import { Paths } from "../../../lib/paths";
import { queryClient } from "../../../lib/query-client";
import { CheckIcon, ScanIcon } from "../../../ui/icons";
import { ErrorState, LoadingState } from "../../../ui/states";
import { resolveTableQuery, tableKeys } from "../api";
import { CallStaff } from "../components/call-staff";
import { setScannedDesk, useDesk } from "../desk";
import { describeDesk } from "../desk-label";
import "../tables.css";

/**
 * scan/operate?token=…: the page a table's QR code opens. The server checks the printed code
 * and answers the token of the table's current seating (decision 009): that token becomes the
 * desk and switches the order to dine-in, and the printed code is taken out of the address
 * and this tab's history, so "back" or a reload later cannot rejoin the table. Without a code
 * in the address the page checks the desk the app keeps; a seating that has ended is said so.
 * `openBill` shows what the table already owes (orders' open-bill link, put in by the shell:
 * app/routes/table-screen.tsx), since paying comes after the table in the customer's way.
 */
export default function OperateScreen({ openBill }: { openBill?: (tableToken: string) => ReactNode }) {
	const { t, m, lang } = useI18n();
	const [params] = useSearchParams();
	const printedCode = params.get("token")?.trim() ?? "";
	const desk = useDesk();
	const token = printedCode || desk?.token || "";
	const navigate = useNavigate();
	const switchTab = useSwitchTab();
	const query = useQuery({ ...resolveTableQuery(token, lang), enabled: token !== "" });

	useEffect(() => {
		if (!query.data) return;
		setScannedDesk(query.data);
		if (printedCode) {
			queryClient.setQueryData(tableKeys.resolve(query.data.token, lang), query.data);
			navigate(Paths.scanOperate, { replace: true });
		}
	}, [query.data, printedCode, lang, navigate]);

	if (!token) return <InvalidTable message={m("tableInvalid")} />;
	if (query.isPending) return <LoadingState label={t("table.resolving")} />;
	if (query.isError) {
		// The server's answer (tableInvalid, in the user's language) for a bad code; a failed
		// request can be retried.
		if (query.error instanceof ApiError) return <InvalidTable message={errorText(query.error)} />;
		return (
			<div className="table-result">
				<ErrorState message={errorText(query.error)} onRetry={() => query.refetch()} />
				<RescanLink />
			</div>
		);
	}

	const table = query.data;
	return (
		<section className="table-result" data-testid="table-resolved">
			<div className="card table-card">
				<span className="table-card__badge" aria-hidden="true">
					<CheckIcon />
				</span>
				<p className="table-card__shop" data-testid="table-shop">
					{table.shopName}
				</p>
				<h2 className="table-card__name" data-testid="table-name">
					{describeDesk(table, t)}
				</h2>
				<p className="table-card__mode" data-testid="table-mode">
					{t("table.ready", { mode: m("orderTypeDesk") })}
				</p>
			</div>
			<button
				type="button"
				className="button button--primary button--block"
				onClick={() => switchTab("menu")}
				data-testid="table-order"
			>
				{t("table.orderNow")}
			</button>
			{openBill?.(table.token)}
			<CallStaff tableToken={table.token} />
			<RescanLink ghost />
		</section>
	);
}

function InvalidTable({ message }: { message: string }) {
	return (
		<section className="status-page table-result" data-testid="table-invalid">
			<span className="status-page__icon" aria-hidden="true">
				<ScanIcon />
			</span>
			<p className="status-page__body" role="alert" data-testid="table-invalid-message">
				{message}
			</p>
			<RescanLink />
		</section>
	);
}

function RescanLink({ ghost = false }: { ghost?: boolean }) {
	const { t } = useI18n();
	return (
		<Link
			to={Paths.scan}
			replace
			className={`button ${ghost ? "button--ghost" : "button--primary"} button--block`}
			data-testid="table-rescan"
		>
			{t("table.rescan")}
		</Link>
	);
}
