/** Plain text, one <p> per paragraph; single line breaks are kept by CSS (never as HTML). */
export function Paragraphs({ paragraphs }: { paragraphs: string[] }) {
	return (
		<div className="article__body">
			{paragraphs.map((text, index) => (
				// Paragraphs have no identity of their own; their order is their key.
				// biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
				<p key={index}>{text}</p>
			))}
		</div>
	);
}
