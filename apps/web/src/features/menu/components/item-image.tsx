import { useState } from "react";
import { ClocheIcon } from "../../../ui/icons";
import "../../../ui/controls.css";

/**
 * An item's picture, or a neutral covered dish when the shop has none (or it cannot be
 * loaded). Decorative: the item's name is always shown beside it. Loaded when scrolled near,
 * except with `priority`: the first pictures of a menu, on screen when it opens, are asked for
 * at once and ahead of the rest (one of them is often the page's largest paint, issue 16).
 */
export function ItemImage({
	image,
	size = "medium",
	priority = false,
}: {
	image: string | null;
	size?: "small" | "medium" | "large";
	priority?: boolean;
}) {
	const [failed, setFailed] = useState<string | null>(null);
	if (image && failed !== image) {
		return (
			<img
				className={`item-image item-image--${size}`}
				src={image}
				alt=""
				loading={priority ? "eager" : "lazy"}
				fetchPriority={priority ? "high" : "auto"}
				decoding="async"
				onError={() => setFailed(image)}
				data-testid="item-image"
			/>
		);
	}
	return (
		<span
			className={`item-image item-image--${size} item-image--placeholder`}
			aria-hidden="true"
			data-testid="item-image-placeholder"
		>
			<ClocheIcon className="item-image__cloche" />
		</span>
	);
}
