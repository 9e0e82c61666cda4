import type { DayTotal } from "@bayon/contract";
import { useId, useState } from "react";
import { useMoney } from "../../../lib/app-config";
import { formatLocalDate } from "../../../lib/format";
import { useDateLabels } from "../../../lib/i18n";
import { useWalletText } from "../wallet-strings";

/** The drawing's own units: each day a 10-wide slot, the bars 7 wide; the SVG stretches to the card. */
const SLOT = 10;
const BAR = 7;
const HEIGHT = 120;
const PAD = 4;

/**
 * The last 30 days' net as bars (plain SVG: 30 rectangles need no chart library). Days that
 * lost money (refunds larger than the day's earnings) hang below the axis. Screen readers get
 * a title and a description with the total and the best day, and the day-by-day figures in a
 * table that sighted readers can open too.
 */
export function WalletChart({ days }: { days: readonly DayTotal[] }) {
	const { wt, lang } = useWalletText();
	const money = useMoney();
	const labels = useDateLabels();
	const id = useId();
	const [showFigures, setShowFigures] = useState(false);
	const signed = (amount: number) => (amount > 0 ? `+${money(amount)}` : money(amount));
	const date = (local: string) => formatLocalDate(local, lang, labels);

	const nets = days.map((day) => day.net);
	const top = Math.max(0, ...nets);
	const bottom = Math.min(0, ...nets);
	const scale = (HEIGHT - 2 * PAD) / (top - bottom || 1);
	const axis = PAD + top * scale;
	const total = nets.reduce((sum, net) => sum + net, 0);
	const best = days.reduce<DayTotal | null>(
		(found, day) => (day.net > 0 && day.net > (found?.net ?? 0) ? day : found),
		null,
	);
	const summary = nets.every((net) => net === 0)
		? wt("chart.summaryEmpty")
		: best
			? wt("chart.summary", { total: signed(total), date: date(best.date), amount: signed(best.net) })
			: wt("chart.total", { total: signed(total) });
	const first = days[0];
	const last = days[days.length - 1];

	return (
		<section className="card wallet-chart" aria-labelledby={`${id}-heading`} data-testid="wallet-chart">
			<h2 className="section__title" id={`${id}-heading`}>
				{wt("chart.title")}
			</h2>
			<p className="wallet-chart__summary" data-testid="wallet-chart-summary">
				{summary}
			</p>
			<div className="wallet-chart__plot">
				{top > 0 && <span className="wallet-chart__scale wallet-chart__scale--top">{money(top)}</span>}
				<svg
					className="wallet-chart__svg"
					viewBox={`0 0 ${Math.max(days.length, 1) * SLOT} ${HEIGHT}`}
					preserveAspectRatio="none"
					role="img"
					aria-labelledby={`${id}-title ${id}-desc`}
					data-testid="wallet-chart-svg"
				>
					<title id={`${id}-title`}>{wt("chart.title")}</title>
					<desc id={`${id}-desc`}>{summary}</desc>
					{days.map((day, index) => {
						const height = Math.abs(day.net) * scale;
						if (day.net === 0) return null;
						return (
							<rect
								key={day.date}
								className={`wallet-chart__bar${day.net < 0 ? " is-out" : ""}`}
								x={index * SLOT + (SLOT - BAR) / 2}
								y={day.net > 0 ? axis - height : axis}
								width={BAR}
								height={Math.max(height, 1)}
								data-testid={`wallet-chart-bar-${day.date}`}
								data-net={day.net}
							>
								<title>{`${date(day.date)}: ${signed(day.net)}`}</title>
							</rect>
						);
					})}
					<line
						className="wallet-chart__axis"
						x1={0}
						x2={days.length * SLOT}
						y1={axis}
						y2={axis}
						vectorEffect="non-scaling-stroke"
						data-testid="wallet-chart-axis"
					/>
				</svg>
				{bottom < 0 && <span className="wallet-chart__scale wallet-chart__scale--bottom">{money(bottom)}</span>}
			</div>
			{first && last && (
				<p className="wallet-chart__dates" aria-hidden="true">
					<span>{date(first.date)}</span>
					<span>{date(last.date)}</span>
				</p>
			)}
			<button
				type="button"
				className="button button--ghost button--small wallet-chart__toggle"
				aria-expanded={showFigures}
				aria-controls={`${id}-figures`}
				onClick={() => setShowFigures((shown) => !shown)}
				data-testid="wallet-chart-toggle"
			>
				{wt(showFigures ? "chart.hideFigures" : "chart.showFigures")}
			</button>
			{/* Always in the page for screen readers; shown on the card when asked for. */}
			<table
				id={`${id}-figures`}
				className={showFigures ? "wallet-figures" : "visually-hidden"}
				data-testid="wallet-chart-figures"
			>
				<caption className="visually-hidden">{wt("chart.title")}</caption>
				<thead>
					<tr>
						<th scope="col">{wt("chart.day")}</th>
						<th scope="col">{wt("chart.net")}</th>
					</tr>
				</thead>
				<tbody>
					{[...days].reverse().map((day) => (
						<tr key={day.date} data-testid={`wallet-figure-${day.date}`}>
							<th scope="row">{date(day.date)}</th>
							<td className={day.net < 0 ? "is-out" : day.net > 0 ? "is-in" : ""}>{signed(day.net)}</td>
						</tr>
					))}
				</tbody>
			</table>
		</section>
	);
}
