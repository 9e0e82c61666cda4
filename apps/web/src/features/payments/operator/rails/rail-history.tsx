import type { PaymentRail, RailAuditEntry } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { errorText } from "../../../../lib/api-client";
import { formatDateTime } from "../../../../lib/format";
import { useDateLabels, useListFormat } from "../../../../lib/i18n";
import { ErrorState, LoadingState } from "../../../../ui/states";
import { railAuditQuery } from "./rail-settings-api";
import { type RailSettingsTextKey, useRailSettingsText } from "./rail-settings-strings";

/** The rail's change log: who saved which fields, tested (and how it went), switched or removed, and when. */
export function RailHistory({ rail, fieldLabel }: { rail: PaymentRail; fieldLabel: (name: string) => string }) {
	const { rt, lang } = useRailSettingsText();
	const labels = useDateLabels();
	const list = useListFormat();
	const audit = useQuery(railAuditQuery(rail));
	if (audit.isPending) return <LoadingState compact />;
	if (audit.isError)
		return <ErrorState compact message={errorText(audit.error)} onRetry={() => void audit.refetch()} />;
	if (audit.data.entries.length === 0)
		return (
			<p className="rs-history__empty" data-testid={`rail-${rail}-history-empty`}>
				{rt("historyEmpty")}
			</p>
		);
	const what = (entry: RailAuditEntry) => {
		if (entry.action === "saved")
			return entry.fields.length > 0
				? `${rt("audit.saved")} · ${rt("audit.savedFields", { fields: list(entry.fields.map(fieldLabel)) })}`
				: rt("audit.saved");
		if (entry.action === "tested")
			return rt("audit.tested", { outcome: rt(`outcome.${entry.outcome ?? "notAvailable"}` as RailSettingsTextKey) });
		return rt(`audit.${entry.action}`);
	};
	return (
		<ol className="rs-history" data-testid={`rail-${rail}-history`}>
			{audit.data.entries.map((entry) => (
				<li key={entry.id} className="rs-history__entry" data-testid={`rail-${rail}-history-entry`}>
					<span className="rs-history__what">{what(entry)}</span>
					<span className="rs-history__when">
						{formatDateTime(entry.at, lang, labels)}
						{entry.by ? ` · ${entry.by}` : ""}
					</span>
				</li>
			))}
		</ol>
	);
}
