import { create } from "qrcode";
import { useMemo } from "react";

/**
 * A QR code drawn as one SVG path (crisp at any size, no canvas), for a staff scanner to read
 * (a booking's arrival code, a member's payment code). Four modules of quiet zone, as
 * scanners expect. Import it only from lazily loaded screens and panels, so `qrcode`
 * downloads when a code is shown and never with the menu.
 */
export function QrCode({
	text,
	label,
	className,
	testId,
	size = 200,
}: {
	text: string;
	label: string;
	className: string;
	testId: string;
	size?: number;
}) {
	const { path, extent } = useMemo(() => {
		const matrix = create(text, { errorCorrectionLevel: "M" }).modules;
		const quiet = 4;
		let d = "";
		for (let row = 0; row < matrix.size; row += 1)
			for (let col = 0; col < matrix.size; col += 1)
				if (matrix.get(row, col)) d += `M${col + quiet} ${row + quiet}h1v1h-1z`;
		return { path: d, extent: matrix.size + quiet * 2 };
	}, [text]);
	return (
		<svg
			className={className}
			viewBox={`0 0 ${extent} ${extent}`}
			width={size}
			height={size}
			role="img"
			aria-label={label}
			shapeRendering="crispEdges"
			data-testid={testId}
			data-text={text}
		>
			<rect width={extent} height={extent} fill="#fff" />
			<path d={path} fill="#1f1f1f" />
		</svg>
	);
}
