import {
	type MerchantShopRef,
	TABLE_MOVE_DIRECTIONS,
	type TableGridEntry,
	type TableMoveDirection,
} from "@bayon/contract";
import { useQuery } from "@tanstack/react-query";
import { formatRelativeTime } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { unlockAlarmSound } from "../../../lib/staff/alarm-sound";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { BellIcon, ChevronIcon, PlusIcon, PrinterIcon } from "../../../ui/icons";
import { AlarmSoundPrompt, AlarmSoundSwitch } from "../../../ui/staff/alarm-sound-controls";
import { StaffShop } from "../../../ui/staff/staff-shop";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { TableCodeSheet } from "../components/table-code-sheet";
import { TableFormSheet } from "../components/table-form-sheet";
import { answerCalls, hiddenTablesQuery, setTableEnabled } from "../staff-api";
import { useTableStaffText } from "../staff-strings";
import { useBell } from "./use-bell";
import "../../../ui/staff/merchant.css";
import "../bell.css";

/**
 * merchant/bell: the shop's tables at a glance (free, ordering, eating, waiting to pay,
 * calling). A diner's call rings with the merchant area's one sound (muted or not with the
 * order board) until someone answers it, on every screen of the shop. Owners and managers also
 * add, edit, arrange, disable and enable tables, give one a new QR code and print every code
 * on one PDF sheet.
 */
export default function BellScreen() {
	return <StaffShop>{(shop) => <Bell shop={shop} />}</StaffShop>;
}

type BellState = ReturnType<typeof useBell>;

function Bell({ shop }: { shop: MerchantShopRef }) {
	const bell = useBell(shop);
	const { tables, editing, codeOf, setCodeOf } = bell;
	return (
		<div
			className="merchant bell"
			// Browsers count a mouse press or the end of a touch as the tap that allows sound.
			onPointerDown={unlockAlarmSound}
			onPointerUp={unlockAlarmSound}
			data-testid="bell"
		>
			<BellAlert bell={bell} />
			<BellBar shopName={shop.shopName} bell={bell} />
			<TableGrid bell={bell} />
			{bell.canEdit && <HiddenTables shopId={shop.shopId} onShown={bell.refetch} />}
			<TableFormSheet
				shopId={shop.shopId}
				editing={editing?.mode === "edit" ? editing.table : null}
				open={editing !== null && codeOf === null}
				onClose={() => bell.setEditing(null)}
				onSaved={bell.refetch}
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

/** The sound prompt, and while tables call: which, and a button to answer them all. */
function BellAlert({ bell }: { bell: BellState }) {
	const { st } = useTableStaffText();
	const { calling } = bell;
	return (
		<>
			<AlarmSoundPrompt title={st("bell.soundPrompt")} />
			{bell.ringing.length > 0 && calling.length > 0 && (
				<div className="merchant-alert" role="alert" data-testid="bell-alert" data-count={calling.length}>
					<BellIcon className="bell__alert-icon" />
					<span className="merchant-alert__text">
						{st("bell.calling", { count: calling.length })} · {calling.map((table) => table.number).join(", ")}
					</span>
					<button
						type="button"
						className="button button--primary button--small"
						onClick={() => bell.answerAll()}
						disabled={bell.answeringAll}
						data-testid="bell-answer-all"
					>
						{st("bell.answerAll")}
					</button>
				</div>
			)}
		</>
	);
}

/** The shop's name, the sound switch and, for an owner or manager, arrange, print and add. */
function BellBar({ shopName, bell }: { shopName: string; bell: BellState }) {
	const { st } = useTableStaffText();
	const { arranging, printing } = bell;
	return (
		<div className="merchant-board__bar">
			<h2 className="merchant-board__shop">{shopName}</h2>
			<AlarmSoundSwitch />
			{bell.canEdit && (
				<div className="bell__tools">
					<button
						type="button"
						className={`button button--small ${arranging ? "button--primary" : "button--ghost"}`}
						aria-pressed={arranging}
						onClick={() => bell.setArranging((on) => !on)}
						data-testid="bell-arrange"
					>
						{st(arranging ? "tables.arrangeDone" : "tables.arrange")}
					</button>
					<button
						type="button"
						className="button button--ghost button--small"
						onClick={() => bell.print()}
						disabled={printing}
						data-testid="bell-print"
					>
						<PrinterIcon className="bell__tool-icon" />
						{printing ? st("tables.printing") : st("tables.print")}
					</button>
					<button
						type="button"
						className="button button--primary button--small"
						onClick={() => bell.setEditing({ mode: "add" })}
						data-testid="bell-add"
					>
						<PlusIcon className="bell__tool-icon" />
						{st("tables.add")}
					</button>
				</div>
			)}
		</div>
	);
}

function TableGrid({ bell }: { bell: BellState }) {
	const { st } = useTableStaffText();
	const { grid, tables, canEdit } = bell;
	if (grid.isPending) return <LoadingState />;
	if (grid.isError && !tables) return <ErrorState onRetry={() => void grid.refetch()} />;
	if (!tables || tables.length === 0)
		return (
			<EmptyState title={st("bell.empty")} compact>
				{canEdit && <p className="bell__hint">{st("bell.emptyOwner")}</p>}
			</EmptyState>
		);
	return (
		<ul className="bell__grid" data-testid="bell-grid">
			{tables.map((table, index) => (
				<TableTile
					key={table.id}
					table={table}
					canEdit={canEdit}
					arrange={
						canEdit && bell.arranging
							? {
									busy: bell.moving,
									first: index === 0,
									last: index === tables.length - 1,
									move: (direction) => void bell.move(table.id, direction),
								}
							: null
					}
					onEdit={() => bell.setEditing({ mode: "edit", table })}
					onAnswered={bell.answered}
				/>
			))}
		</ul>
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
