import "../../../ui/controls.css";

const palettes = [
	["#fff3b0", "#fae358"],
	["#ffe3c2", "#f9b36b"],
	["#e6f4d7", "#a9d98a"],
	["#ffe0e0", "#f5a3a3"],
	["#e3ecff", "#a9c1f5"],
	["#f1e4ff", "#c9a6f2"],
] as const;

/** The first letter (grapheme: Khmer letters carry marks) of a name. */
function initialOf(name: string): string {
	const trimmed = name.trim();
	if (!trimmed) return "";
	const Segmenter = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
	if (Segmenter) {
		const first = new Segmenter(undefined, { granularity: "grapheme" }).segment(trimmed)[Symbol.iterator]().next();
		if (!first.done) return first.value.segment;
	}
	return Array.from(trimmed)[0] ?? "";
}

/** An item's photo, or a warm tile with its initial when the shop has not uploaded one. */
export function ItemImage({
	id,
	name,
	image,
	size = "medium",
}: {
	id: number;
	name: string;
	image: string | null;
	size?: "small" | "medium" | "large";
}) {
	if (image) {
		return <img className={`item-image item-image--${size}`} src={image} alt="" loading="lazy" decoding="async" />;
	}
	const [from, to] = palettes[Math.abs(id) % palettes.length] ?? palettes[0];
	return (
		<span
			className={`item-image item-image--${size} item-image--placeholder`}
			style={{ backgroundImage: `linear-gradient(135deg, ${from}, ${to})` }}
			aria-hidden="true"
		>
			{initialOf(name)}
		</span>
	);
}
