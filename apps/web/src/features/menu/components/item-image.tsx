import { useState } from "react";
import { ClocheIcon } from "../../../ui/icons";
import "../../../ui/controls.css";

/**
 * An item's picture, or a neutral covered dish when the shop has none (or it cannot be
 * loaded). Decorative: the item's name is always shown beside it.
 */
export function ItemImage({ image, size = "medium" }: { image: string | null; size?: "small" | "medium" | "large" }) {
	const [failed, setFailed] = useState<string | null>(null);
	if (image && failed !== image) {
		return (
			<img
				className={`item-image item-image--${size}`}
				src={image}
				alt=""
				loading="lazy"
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
