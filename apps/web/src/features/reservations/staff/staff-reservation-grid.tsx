import type { ReservationGridView } from "@bayon/contract";
import { useEffect, useMemo, useRef } from "react";
import { EmptyState } from "../../../ui/states";
import { useStaffReservationText } from "../staff-strings";
import { isFadedStatus, layoutGrid } from "./staff-grid";

/** Pixels per minute along the time axis: a 12-hour day is 1,440 px, scrolled sideways on a phone. */
export const GRID_PX_PER_MINUTE = 2;

interface GridProps {
	grid: ReservationGridView;
	now: number;
	ringing: readonly number[];
	onOpen: (reservationId: number) => void;
}

/**
 * The day's tables × time: one row per table, each booking a block from its start to the end
 * of its reset buffer (the buffer drawn lighter), coloured by status. A tap opens the booking.
 */
export function StaffReservationGrid({ grid, now, ringing, onOpen }: GridProps) {
	const { rt } = useStaffReservationText();
	const layout = useMemo(() => layoutGrid(grid, GRID_PX_PER_MINUTE, now), [grid, now]);
	const scrollRef = useRef<HTMLDivElement>(null);
	const scrolledFor = useRef<string | null>(null);
	// Opening a day shows its service, not the empty morning: scroll once to the first booking
	// not over yet (else to now, else the start), with half an hour before it in view. Later
	// refetches leave the scroll alone.
	useEffect(() => {
		const scroller = scrollRef.current;
		if (!layout || !scroller || scrolledFor.current === grid.date) return;
		scrolledFor.current = grid.date;
		const from = layout.nowLeft ?? 0;
		const coming = layout.rows
			.flatMap((row) => row.blocks)
			.filter((block) => block.left + block.width >= from)
			.map((block) => Math.max(block.left, from));
		const target = coming.length > 0 ? Math.min(...coming) : from;
		scroller.scrollLeft = Math.max(0, target - 30 * GRID_PX_PER_MINUTE);
	}, [layout, grid.date]);
	if (grid.tables.length === 0) return <EmptyState title={rt("grid.noTables")} compact />;
	if (!layout) return <EmptyState title={rt("grid.closed")} compact />;
	const { axis, rows, nowLeft } = layout;
	return (
		<div className="res-grid" data-testid="res-grid">
			<div className="res-grid__labels" aria-hidden="true">
				<div className="res-grid__corner" />
				{rows.map((row) => (
					<div
						key={row.tableId}
						className={`res-grid__table${row.reservable ? "" : " is-off"}`}
						style={{ height: row.lanes * 44 }}
					>
						<strong>{row.number}</strong>
						<small>{rt("assign.seats", { min: row.minSeats, max: row.seats })}</small>
					</div>
				))}
			</div>
			<div className="res-grid__scroll" ref={scrollRef} data-testid="res-grid-scroll">
				<div className="res-grid__canvas" style={{ width: axis.width }}>
					<div className="res-grid__axis">
						{axis.ticks.map((tick) => (
							<span key={tick.left} className="res-grid__tick" style={{ left: tick.left }}>
								{tick.label}
							</span>
						))}
					</div>
					{rows.map((row) => (
						<div
							key={row.tableId}
							className="res-grid__row"
							style={{ height: row.lanes * 44 }}
							data-testid={`res-grid-row-${row.tableId}`}
						>
							{axis.ticks.map((tick) => (
								<span key={tick.left} className="res-grid__line" style={{ left: tick.left }} aria-hidden="true" />
							))}
							{axis.closed.map((gap) => (
								<span
									key={gap.left}
									className="res-grid__closed"
									style={{ left: gap.left, width: gap.width }}
									aria-hidden="true"
								/>
							))}
							{row.blocks.map((block) => (
								<button
									key={`${block.reservationId}-${block.tableId}`}
									type="button"
									className={`res-block res-block--${block.status}${isFadedStatus(block.status) ? " is-faded" : ""}${
										ringing.includes(block.reservationId) ? " is-ringing" : ""
									}${block.combined ? " is-combined" : ""}`}
									style={{
										left: block.left,
										width: block.width,
										top: block.lane * 44 + 3,
										// The stay is solid; the reset buffer after it is drawn lighter.
										["--stay" as string]: `${block.stayWidth}px`,
									}}
									onClick={() => onOpen(block.reservationId)}
									title={`${block.startLabel}–${block.endLabel} ${block.name} · ${rt("card.party", { count: block.party })} · ${rt(`status.${block.status}`)}`}
									data-testid={`res-block-${block.reservationId}-${block.tableId}`}
									data-left={block.left}
									data-width={block.width}
								>
									<span className="res-block__name">{block.name}</span>
									<span className="res-block__meta">
										{block.startLabel} · {block.party}
									</span>
								</button>
							))}
							{nowLeft !== null && <span className="res-grid__now" style={{ left: nowLeft }} aria-hidden="true" />}
						</div>
					))}
				</div>
			</div>
		</div>
	);
}
