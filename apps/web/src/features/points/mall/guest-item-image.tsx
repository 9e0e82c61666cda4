import { useState } from "react";
import { GiftIcon } from "../../../ui/icons";

/**
 * A mall item's picture, or a gift outline when it has none (or it cannot be loaded).
 * Decorative: the item's name is always shown beside it.
 */
export function PointsItemImage({ image, size }: { image: string | null; size: "tile" | "large" | "thumb" }) {
	const [failed, setFailed] = useState<string | null>(null);
	if (image && failed !== image) {
		return (
			<img
				className={`pt-image pt-image--${size}`}
				src={image}
				alt=""
				loading="lazy"
				decoding="async"
				onError={() => setFailed(image)}
				data-testid="points-item-image"
			/>
		);
	}
	return (
		<span
			className={`pt-image pt-image--${size} pt-image--placeholder`}
			aria-hidden="true"
			data-testid="points-item-placeholder"
		>
			<GiftIcon className="pt-image__gift" />
		</span>
	);
}
