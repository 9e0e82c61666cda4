import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface HourlyChartProps {
	/** 24 values each, one per local hour. */
	today: number[];
	lastWeek: number[];
	labels: { today: string; lastWeek: string };
	/** How a value reads on the axis (money or a count). */
	format: (value: number) => string;
	title: string;
}

const HEIGHT = 200;

/**
 * Today's hours as bars against the same weekday last week as a dashed line (uPlot, a small
 * canvas chart; this module is loaded only when the merchant home shows it).
 */
export default function HourlyChart({ today, lastWeek, labels, format, title }: HourlyChartProps) {
	const box = useRef<HTMLDivElement>(null);
	const formatRef = useRef(format);
	formatRef.current = format;

	useEffect(() => {
		const element = box.current;
		if (!element) return;
		const style = getComputedStyle(element);
		const accent = style.getPropertyValue("--accent-strong").trim() || "#d4b800";
		const muted = style.getPropertyValue("--text-tertiary").trim() || "#999";
		const bars = uPlot.paths.bars?.({ size: [0.7, 24] });
		const chart = new uPlot(
			{
				width: element.clientWidth || 320,
				height: HEIGHT,
				scales: { x: { time: false, range: [-0.5, 23.5] } },
				cursor: { drag: { x: false, y: false } },
				legend: { show: true, live: false },
				series: [
					{},
					{ label: labels.today, stroke: accent, fill: `${accent}99`, width: 1, ...(bars ? { paths: bars } : {}) },
					{ label: labels.lastWeek, stroke: muted, width: 2, dash: [6, 4], points: { show: false } },
				],
				axes: [
					{
						stroke: muted,
						values: (_, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? `${tick}` : "")),
						incrs: [3, 6],
					},
					{ stroke: muted, size: 56, values: (_, ticks) => ticks.map((tick) => formatRef.current(tick)) },
				],
			},
			[Array.from({ length: 24 }, (_, hour) => hour), today, lastWeek],
			element,
		);
		const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth || 320, height: HEIGHT }));
		resize.observe(element);
		return () => {
			resize.disconnect();
			chart.destroy();
		};
	}, [today, lastWeek, labels.today, labels.lastWeek]);

	return <div ref={box} className="shop-stats__chart" role="img" aria-label={title} data-testid="stats-hourly-chart" />;
}
