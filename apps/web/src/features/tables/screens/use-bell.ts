import { type MerchantShopRef, roleAllows, type TableGridEntry, type TableMoveDirection } from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLiveUpdates } from "../../../lib/live-updates";
import { queryClient } from "../../../lib/query-client";
import { prepareAlarmSound } from "../../../lib/staff/alarm-sound";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { bellAlarm, useRingingCalls } from "../bell-alarm";
import { answerAllCalls, downloadQrSheet, moveTable, tableGridQuery, tableStaffKeys } from "../staff-api";
import { useTableStaffText } from "../staff-strings";

/** The events that change the grid: a call, a call answered or a table edited, and orders (seatings eat). */
const GRID_EVENTS = new Set(["table.called", "table.changed", "order.changed"]);

export type Editing = { mode: "add" } | { mode: "edit"; table: TableGridEntry } | null;

/**
 * The bell's grid of tables, kept live, with the alarm ringing while a call is unanswered; what
 * the staff do from it: answer every call, print the QR sheet, add, edit and arrange tables.
 */
export function useBell(shop: MerchantShopRef) {
	const { st } = useTableStaffText();
	// A safety net under the websocket: a missed event still shows within 30 s.
	const grid = useQuery({ ...tableGridQuery(shop.shopId), refetchInterval: 30_000 });
	const alarm = bellAlarm();
	const ringing = useRingingCalls();
	const [editing, setEditing] = useState<Editing>(null);
	const [arranging, setArranging] = useState(false);
	/** The table whose own QR code is shown (to check or print alone). */
	const [codeOf, setCodeOf] = useState<number | null>(null);
	const canEdit = roleAllows(shop.role, "shop");

	const refetch = () => void queryClient.invalidateQueries({ queryKey: tableStaffKeys.all });
	useLiveUpdates((message) => {
		const data = message.data as { shopId?: unknown } | undefined;
		if (GRID_EVENTS.has(message.type) && data?.shopId === shop.shopId) refetch();
	}, refetch);

	const tables = grid.data;
	useEffect(() => {
		if (tables) alarm.sync(tables.flatMap((table) => table.calls.map((call) => call.id)));
	}, [tables, alarm]);
	// Leaving the page silences it; calls still unanswered ring again on return.
	useEffect(() => () => alarm.sync([]), [alarm]);
	useEffect(prepareAlarmSound, []);

	const [print, printing] = useDebouncedSubmit(async () => {
		try {
			await downloadQrSheet(shop.shopId);
		} catch {
			// The request layer showed why.
		}
	});

	const [answerAll, answeringAll] = useDebouncedSubmit(async () => {
		try {
			await answerAllCalls(shop.shopId);
			showToast(st("bell.answeredAll"));
			alarm.acknowledge();
			refetch();
		} catch {
			// The request layer showed why.
		}
	});

	// One move at a time: the next tap waits for the grid to show where the last one went.
	const [moving, setMoving] = useState(false);
	const move = async (tableId: number, direction: TableMoveDirection) => {
		setMoving(true);
		try {
			await moveTable(tableId, direction);
			await queryClient.invalidateQueries({ queryKey: tableStaffKeys.grid(shop.shopId) });
		} catch {
			// The request layer showed why.
		} finally {
			setMoving(false);
		}
	};

	const answered = () => {
		alarm.acknowledge();
		refetch();
	};

	return {
		grid,
		tables,
		calling: tables?.filter((table) => table.state === "calling") ?? [],
		ringing,
		canEdit,
		editing,
		setEditing,
		arranging,
		setArranging,
		codeOf,
		setCodeOf,
		refetch,
		print,
		printing,
		answerAll,
		answeringAll,
		moving,
		move,
		answered,
	};
}
