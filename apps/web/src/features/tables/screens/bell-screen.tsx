import {
	type MerchantShopRef,
	roleAllows,
	TABLE_MOVE_DIRECTIONS,
	type TableGridEntry,
	type TableMoveDirection,
} from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { formatRelativeTime } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { useLiveUpdates } from "../../../lib/live-updates";
import { queryClient } from "../../../lib/query-client";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { BellIcon, ChevronIcon, PlusIcon, PrinterIcon } from "../../../ui/icons";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { prepareAlarmSound, unlockAlarmSound } from "../../merchant/alarm-sound";
import { AlarmSoundPrompt, AlarmSoundSwitch } from "../../merchant/components/alarm-sound-controls";
import { MerchantGuard } from "../../merchant/merchant-guard";
import { bellAlarm, useRingingCalls } from "../bell-alarm";
import { TableCodeSheet } from "../components/table-code-sheet";
import { TableFormSheet } from "../components/table-form-sheet";
import {
	answerAllCalls,
	answerCalls,
	downloadQrSheet,
	hiddenTablesQuery,
	moveTable,
	setTableEnabled,
	tableGridQuery,
	tableStaffKeys,
} from "../staff-api";
import { useTableStaffText } from "../staff-strings";
import "../../merchant/merchant.css";
import "../bell.css";

/** The events that change the grid: a call, a call answered or a table edited, and orders (seatings eat). */
const GRID_EVENTS = new Set(["table.called", "table.changed", "order.changed"]);

/**
 * merchant/bell: the shop's tables at a glance (free, ordering, eating, waiting to pay,
 * calling). A diner's call rings with the merchant area's one sound (muted or not with the
 * order board) until someone answers it, on every screen of the shop. Owners and managers also
 * add, edit, arrange, disable and enable tables, give one a new QR code and print every code
 * on one PDF sheet.
 */
export default function BellScreen() {
	return <MerchantGuard>{(shop) => <Bell shop={shop} />}</MerchantGuard>;
}

type Editing = { mode: "add" } | { mode: "edit"; table: TableGridEntry } | null;

function Bell({ shop }: { shop: MerchantShopRef }) {
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

	const calling = tables?.filter((table) => table.state === "calling") ?? [];
	return (
		<div
			className="merchant bell"
			// Browsers count a mouse press or the end of a touch as the tap that allows sound.
			onPointerDown={unlockAlarmSound}
			onPointerUp={unlockAlarmSound}
			data-testid="bell"
		>
			<AlarmSoundPrompt title={st("bell.soundPrompt")} />
			{ringing.length > 0 && calling.length > 0 && (
				<div className="merchant-alert" role="alert" data-testid="bell-alert" data-count={calling.length}>
					<BellIcon className="bell__alert-icon" />
					<span className="merchant-alert__text">
						{st("bell.calling", { count: calling.length })} · {calling.map((table) => table.number).join(", ")}
					</span>
					<button
						type="button"
						className="button button--primary button--small"
						onClick={() => answerAll()}
						disabled={answeringAll}
						data-testid="bell-answer-all"
					>
						{st("bell.answerAll")}
					</button>
				</div>
			)}
			<div className="merchant-board__bar">
				<h2 className="merchant-board__shop">{shop.shopName}</h2>
				<AlarmSoundSwitch />
				{canEdit && (
					<div className="bell__tools">
						<button
							type="button"
							className={`button button--small ${arranging ? "button--primary" : "button--ghost"}`}
							aria-pressed={arranging}
							onClick={() => setArranging((on) => !on)}
							data-testid="bell-arrange"
						>
							{st(arranging ? "tables.arrangeDone" : "tables.arrange")}
						</button>
						<button
							type="button"
							className="button button--ghost button--small"
							onClick={() => print()}
							disabled={printing}
							data-testid="bell-print"
						>
							<PrinterIcon className="bell__tool-icon" />
							{printing ? st("tables.printing") : st("tables.print")}
						</button>
						<button
							type="button"
							className="button button--primary button--small"
							onClick={() => setEditing({ mode: "add" })}
							data-testid="bell-add"
						>
							<PlusIcon className="bell__tool-icon" />
							{st("tables.add")}
						</button>
					</div>
				)}
			</div>
			{grid.isPending ? (
				<LoadingState />
			) : grid.isError && !tables ? (
				<ErrorState onRetry={() => void grid.refetch()} />
			) : !tables || tables.length === 0 ? (
				<EmptyState title={st("bell.empty")} compact>
					{canEdit && <p className="bell__hint">{st("bell.emptyOwner")}</p>}
				</EmptyState>
			) : (
				<ul className="bell__grid" data-testid="bell-grid">
					{tables.map((table, index) => (
						<TableTile
							key={table.id}
							table={table}
							canEdit={canEdit}
							arrange={
								canEdit && arranging
									? {
											busy: moving,
											first: index === 0,
											last: index === tables.length - 1,
											move: (direction) => void move(table.id, direction),
										}
									: null
							}
							onEdit={() => setEditing({ mode: "edit", table })}
							onAnswered={() => {
								alarm.acknowledge();
								refetch();
							}}
						/>
					))}
				</ul>
			)}
			{canEdit && <HiddenTables shopId={shop.shopId} onShown={refetch} />}
			<TableFormSheet
				shopId={shop.shopId}
				editing={editing?.mode === "edit" ? editing.table : null}
				open={editing !== null && codeOf === null}
				onClose={() => setEditing(null)}
				onSaved={refetch}
				onShowCode={() => editing?.mode === "edit" && setCodeOf(editing.table.id)}
			/>
			<TableCodeSheet
				// The grid's latest: after a new code, the new one.
				table={codeOf === null ? null : (tables?.find((table) => table.id === codeOf) ?? null)}
				shopName={shop.shopName}
				onClose={() => setCodeOf(null)}
			/>
		</div>
	);
}

/** An owner's arrows on a tile while arranging. */
interface TileArrange {
	busy: boolean;
	first: boolean;
	last: boolean;
	move: (direction: TableMoveDirection) => void;
}

function TableTile({
	table,
	canEdit,
	arrange,
	onEdit,
	onAnswered,
}: {
	table: TableGridEntry;
	canEdit: boolean;
	arrange: TileArrange | null;
	onEdit: () => void;
	onAnswered: () => void;
}) {
	const { st, lang } = useTableStaffText();
	const dateLabels = useDateLabels();
	const [answer, answering] = useDebouncedSubmit(async () => {
		try {
			await answerCalls(table.id);
			showToast(st("bell.answered", { table: table.number }));
			onAnswered();
		} catch {
			// The request layer showed why.
		}
	});
	return (
		<li
			className={`card bell-tile bell-tile--${table.state}`}
			data-testid={`bell-table-${table.number}`}
			data-state={table.state}
		>
			<div className="bell-tile__head">
				<span className="bell-tile__number">{table.number}</span>
				<span className={`bell-tile__state bell-tile__state--${table.state}`} data-testid="bell-table-state">
					{st(`state.${table.state}`)}
				</span>
			</div>
			<p className="bell-tile__meta">
				{[table.area, st("bell.seats", { n: table.seats })].filter(Boolean).join(" · ")}
			</p>
			{table.seatedAt && (
				<p className="bell-tile__meta">
					{st("bell.seatedAt", { time: formatRelativeTime(table.seatedAt, lang, dateLabels) })}
				</p>
			)}
			{table.calls.length > 0 && (
				<ul className="bell-tile__calls">
					{table.calls.map((call) => (
						<li key={call.id} className="bell-tile__call" data-testid="bell-call">
							<BellIcon className="bell-tile__call-icon" />
							<span>
								{st(`bell.call.${call.kind}`)} · {formatRelativeTime(call.calledAt, lang, dateLabels)}
							</span>
						</li>
					))}
				</ul>
			)}
			<div className="bell-tile__actions">
				{table.calls.length > 0 && (
					<button
						type="button"
						className="button button--primary button--small bell-tile__answer"
						onClick={() => answer()}
						disabled={answering}
						data-testid="bell-answer"
					>
						{st("bell.answer")}
					</button>
				)}
				{arrange ? (
					<span className="bell-tile__arrows">
						{TABLE_MOVE_DIRECTIONS.map((direction) => (
							<button
								key={direction}
								type="button"
								className={`icon-button bell-tile__arrow bell-tile__arrow--${direction}`}
								aria-label={st(direction === "up" ? "tables.moveUp" : "tables.moveDown", { table: table.number })}
								disabled={arrange.busy || (direction === "up" ? arrange.first : arrange.last)}
								onClick={() => arrange.move(direction)}
								data-testid={`bell-move-${direction}`}
							>
								<ChevronIcon />
							</button>
						))}
					</span>
				) : (
					canEdit && (
						<button type="button" className="text-button" onClick={onEdit} data-testid="bell-edit">
							{st("tables.edit")}
						</button>
					)
				)}
			</div>
		</li>
	);
}

/** Owner or manager: the disabled tables, each with a button to enable it again (after the others). */
function HiddenTables({ shopId, onShown }: { shopId: number; onShown: () => void }) {
	const { st } = useTableStaffText();
	const hidden = useQuery(hiddenTablesQuery(shopId));
	const [show, showing] = useDebouncedSubmit(async (tableId: number, number: string) => {
		try {
			await setTableEnabled(tableId, true);
			showToast(st("tables.shown", { table: number }));
			onShown();
		} catch {
			// The request layer showed why.
		}
	});
	if (!hidden.data?.length) return null;
	return (
		<section className="bell__hidden" data-testid="bell-hidden">
			<h3 className="bell__hidden-title">{st("tables.hiddenTitle")}</h3>
			<ul className="bell__hidden-list">
				{hidden.data.map((table) => (
					<li key={table.id} className="bell__hidden-row" data-testid={`bell-hidden-${table.number}`}>
						<span className="bell__hidden-number">{table.number}</span>
						<button
							type="button"
							className="button button--ghost button--small"
							disabled={showing}
							onClick={() => show(table.id, table.number)}
							data-testid="bell-show"
						>
							{st("tables.show")}
						</button>
					</li>
				))}
			</ul>
		</section>
	);
}
