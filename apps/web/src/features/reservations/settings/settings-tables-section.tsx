import type { ReservableTableView, ReservationSettingsPage } from "@bayon/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "../../../lib/api-client";
import { showToast } from "../../../lib/toast";
import { Stepper } from "../../../ui/stepper";
import { saveReservableTable, staffReservationKeys } from "../staff-api";
import { useStaffReservationText } from "../staff-strings";
import { Section } from "./settings-fields";

/** Saves a table's "takes bookings" and smallest party at once, shown before the server answers. */
function useReservableTables(shopId: number) {
	const { rt } = useStaffReservationText();
	const queryClient = useQueryClient();
	const [busy, setBusy] = useState<number | null>(null);
	const save = async (
		table: ReservableTableView,
		patch: Partial<Pick<ReservableTableView, "reservable" | "minSeats">>,
	) => {
		const next = { ...table, ...patch };
		setBusy(table.id);
		// Shown at once; the server's answer (or a refetch after a refusal) settles it.
		queryClient.setQueryData(staffReservationKeys.settings(shopId), (page: ReservationSettingsPage | undefined) =>
			page ? { ...page, tables: page.tables.map((t) => (t.id === table.id ? next : t)) } : page,
		);
		try {
			await saveReservableTable({ tableId: table.id, reservable: next.reservable, minSeats: next.minSeats });
			showToast(rt("settings.tableSaved", { table: table.number }));
		} catch (error) {
			showToast(errorText(error));
		} finally {
			setBusy(null);
			await queryClient.invalidateQueries({ queryKey: staffReservationKeys.settings(shopId) });
			await queryClient.invalidateQueries({ queryKey: [...staffReservationKeys.all, "grid"] });
		}
	};
	return { busy, save };
}

/** Which tables take bookings, and the smallest party each is given to; each change is saved at once. */
export function TablesSection({ shopId, tables }: { shopId: number; tables: ReservableTableView[] }) {
	const { rt } = useStaffReservationText();
	const { busy, save } = useReservableTables(shopId);
	return (
		<Section title={rt("settings.section.tables")} testId="res-settings-tables">
			<p className="field__hint">{rt("settings.tablesHint")}</p>
			{tables.length === 0 ? (
				<p className="field__hint" data-testid="res-settings-no-tables">
					{rt("settings.noTables")}
				</p>
			) : (
				<ul className="res-tables">
					{tables.map((table) => (
						<li key={table.id} className="res-tables__row" data-testid={`res-table-${table.id}`}>
							<span className="res-tables__name">
								<strong>{table.number}</strong>
								<small className="field__hint">
									{rt("settings.tableSeats", { n: table.seats })}
									{table.area ? ` · ${table.area}` : ""}
								</small>
							</span>
							{table.reservable && (
								<span className="res-tables__min">
									<small className="field__hint">{rt("settings.minSeats")}</small>
									<Stepper
										compact
										value={table.minSeats}
										min={1}
										max={table.seats}
										onChange={(minSeats) => void save(table, { minSeats })}
										label={`${table.number} ${rt("settings.minSeats")}`}
										testId={`res-table-${table.id}-min`}
									/>
								</span>
							)}
							<input
								type="checkbox"
								role="switch"
								className="switch"
								checked={table.reservable}
								aria-checked={table.reservable}
								aria-label={`${table.number} · ${rt("settings.section.tables")}`}
								disabled={busy === table.id}
								onChange={(event) => void save(table, { reservable: event.target.checked })}
								data-testid={`res-table-${table.id}-reservable`}
							/>
						</li>
					))}
				</ul>
			)}
		</Section>
	);
}
