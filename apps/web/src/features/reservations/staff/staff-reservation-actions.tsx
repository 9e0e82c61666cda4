import type { ReservationView, StaffReservationAction } from "@bayon/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { errorText } from "../../../lib/api-client";
import { localDateOf } from "../../../lib/shop-clock";
import { showToast } from "../../../lib/toast";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { BottomSheet } from "../../../ui/sheet";
import { ReasonDialog } from "../../../ui/staff/reason-dialog";
import { ErrorState, LoadingState } from "../../../ui/states";
import { actOnReservation, assignReservationTables, reservationGridQuery, staffReservationKeys } from "../staff-api";
import { useStaffReservationText } from "../staff-strings";
import { busyTableIds, StaffTablePicker } from "./staff-table-picker";

type Asking =
	| { kind: "reason"; action: "reject" | "cancel"; reservation: ReservationView }
	| { kind: "confirm"; action: "complete" | "noShow" | "undoNoShow"; reservation: ReservationView }
	| { kind: "assign"; reservation: ReservationView }
	| null;

const CONFIRM_TEXT = {
	complete: "confirm.complete",
	noShow: "confirm.noShow",
	undoNoShow: "confirm.undoNoShow",
} as const;

/**
 * What the staff can do with a booking, with the questions some steps ask first (a reason to
 * reject or cancel, a confirmation for no-show and complete, the tables to move to). `onArrive`
 * opens the arrival panel; `onHandled` is told of every booking acted on (to silence its alarm).
 */
export function useStaffReservationActions({
	shopId,
	onArrive,
	onHandled,
}: {
	shopId: number;
	onArrive: (reservation: ReservationView) => void;
	onHandled: (reservationId: number) => void;
}): { run: (action: StaffReservationAction, reservation: ReservationView) => void; dialogs: ReactNode } {
	const { rt } = useStaffReservationText();
	const queryClient = useQueryClient();
	const [asking, setAsking] = useState<Asking>(null);

	const refresh = () => queryClient.invalidateQueries({ queryKey: staffReservationKeys.all });
	const act = async (
		reservation: ReservationView,
		action: Exclude<StaffReservationAction, "assign" | "arrive">,
		reason?: string,
	) => {
		setAsking(null);
		onHandled(reservation.id);
		try {
			await actOnReservation({ reservationId: reservation.id, action, ...(reason ? { reason } : {}) });
			showToast(rt("action.done"));
		} catch (error) {
			// "The booking changed" (someone else acted first) and the rest: the server's words, then a fresh page.
			showToast(errorText(error));
		}
		await refresh();
	};

	const run = (action: StaffReservationAction, reservation: ReservationView) => {
		switch (action) {
			case "confirm":
				void act(reservation, "confirm");
				return;
			case "reject":
			case "cancel":
				setAsking({ kind: "reason", action, reservation });
				return;
			case "complete":
			case "noShow":
			case "undoNoShow":
				setAsking({ kind: "confirm", action, reservation });
				return;
			case "assign":
				onHandled(reservation.id);
				setAsking({ kind: "assign", reservation });
				return;
			case "arrive":
				onHandled(reservation.id);
				onArrive(reservation);
				return;
		}
	};

	const dialogs = (
		<>
			<ReasonDialog
				open={asking?.kind === "reason"}
				title={rt(asking?.kind === "reason" && asking.action === "cancel" ? "cancel.title" : "reject.title")}
				onCancel={() => setAsking(null)}
				onSubmit={(reason) => asking?.kind === "reason" && void act(asking.reservation, asking.action, reason)}
				testId="res-reason-dialog"
			/>
			<ConfirmDialog
				open={asking?.kind === "confirm"}
				message={asking?.kind === "confirm" ? rt(CONFIRM_TEXT[asking.action], { name: asking.reservation.name }) : ""}
				destructive={asking?.kind === "confirm" && asking.action === "noShow"}
				onCancel={() => setAsking(null)}
				onConfirm={() => asking?.kind === "confirm" && void act(asking.reservation, asking.action)}
				testId="res-confirm-dialog"
			/>
			{asking?.kind === "assign" && (
				<AssignSheet
					shopId={shopId}
					reservation={asking.reservation}
					onClose={() => setAsking(null)}
					onSaved={async () => {
						setAsking(null);
						await refresh();
					}}
				/>
			)}
		</>
	);
	return { run, dialogs };
}

/** Move the party to other tables, or combine several for a large party. */
function AssignSheet({
	shopId,
	reservation,
	onClose,
	onSaved,
}: {
	shopId: number;
	reservation: ReservationView;
	onClose: () => void;
	onSaved: () => Promise<void>;
}) {
	const { rt } = useStaffReservationText();
	const date = localDateOf(reservation.startsAt, reservation.shopTimeZone);
	const grid = useQuery(reservationGridQuery(shopId, date));
	const [chosen, setChosen] = useState<number[]>(() => reservation.tables.map((table) => table.id));
	const [error, setError] = useState<string | null>(null);
	const [saving, setSaving] = useState(false);
	const own = grid.data?.bookings.find((booking) => booking.reservationId === reservation.id);
	const busy = grid.data
		? busyTableIds(
				grid.data,
				Date.parse(reservation.startsAt),
				Date.parse(own?.heldUntil ?? reservation.endsAt),
				reservation.id,
			)
		: new Set<number>();

	const save = async () => {
		if (chosen.length === 0) return;
		setSaving(true);
		setError(null);
		try {
			const moved = await assignReservationTables({ reservationId: reservation.id, tableIds: chosen });
			showToast(rt("assign.saved", { tables: moved.tables.map((table) => table.number).join(" + ") }));
			await onSaved();
		} catch (failure) {
			// Busy (someone booked it meanwhile) or too small: said in the staff's language, the grid refetched.
			setError(errorText(failure));
			void grid.refetch();
		} finally {
			setSaving(false);
		}
	};

	return (
		<BottomSheet
			open
			onClose={onClose}
			title={rt("assign.title", { name: reservation.name, party: reservation.party })}
			testId="res-assign"
			footer={
				<>
					{error && (
						<p className="field__error" role="alert" data-testid="res-assign-error">
							{error}
						</p>
					)}
					<button
						type="button"
						className="button button--primary button--block"
						disabled={saving || chosen.length === 0}
						onClick={() => void save()}
						data-testid="res-assign-save"
					>
						{rt("assign.save")}
					</button>
				</>
			}
		>
			{grid.isPending ? (
				<LoadingState compact />
			) : grid.isError ? (
				<ErrorState message={errorText(grid.error)} onRetry={() => void grid.refetch()} compact />
			) : (
				<StaffTablePicker
					grid={grid.data}
					party={reservation.party}
					chosen={chosen}
					onChange={(ids) => {
						setChosen(ids);
						setError(null);
					}}
					busy={busy}
					testId="res-assign-picker"
				/>
			)}
		</BottomSheet>
	);
}
