import { type ChangeEvent, useId, useState } from "react";
import { errorText } from "../../../lib/api-client";
import { CameraIcon } from "../../../ui/icons";
import { ItemImage } from "../../menu/components/item-image";
import { uploadPhoto } from "../../menu-admin/api";
import { useStaffPointsText } from "../staff-strings";

/**
 * An item's picture: the picture (or the covered dish), a button to upload one (through
 * infra/file/upload, as the menu editor does: the server re-encodes it and answers its URL)
 * and one to remove it. A failed upload says why under the field; the old picture stays.
 */
export function StaffImageField({
	image,
	onChange,
	problem,
	onUploading,
	testId,
}: {
	image: string | null;
	onChange: (image: string | null) => void;
	problem?: string | undefined;
	/** Saving waits while a picture is on its way. */
	onUploading: (uploading: boolean) => void;
	testId: string;
}) {
	const { pt } = useStaffPointsText();
	const id = useId();
	const [uploading, setUploading] = useState(false);
	const [failed, setFailed] = useState<string | null>(null);

	const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
		const file = event.target.files?.[0];
		event.target.value = "";
		if (!file) return;
		setUploading(true);
		onUploading(true);
		setFailed(null);
		try {
			onChange((await uploadPhoto(file)).url);
		} catch (error) {
			setFailed(errorText(error));
		} finally {
			setUploading(false);
			onUploading(false);
		}
	};

	const shown = failed ?? problem;
	return (
		<div className="field">
			<span className="field__label" id={`${id}-label`}>
				{pt("item.field.image")}
			</span>
			<div className="pt-image" data-testid={testId}>
				<ItemImage image={image} size="medium" />
				<div className="pt-image__actions">
					<label className={`button button--ghost button--small pt-image__upload${uploading ? " is-busy" : ""}`}>
						<CameraIcon aria-hidden="true" />
						{pt(uploading ? "item.field.uploading" : image ? "item.field.change" : "item.field.upload")}
						<input
							type="file"
							accept="image/*"
							className="visually-hidden"
							onChange={(event) => void onFile(event)}
							disabled={uploading}
							aria-describedby={shown ? `${id}-error` : undefined}
							data-testid={`${testId}-input`}
						/>
					</label>
					{image && !uploading && (
						<button
							type="button"
							className="text-button"
							onClick={() => onChange(null)}
							data-testid={`${testId}-remove`}
						>
							{pt("item.field.remove")}
						</button>
					)}
				</div>
			</div>
			{shown && (
				<p className="field__error" id={`${id}-error`} role="alert" data-testid={`${testId}-error`}>
					{shown}
				</p>
			)}
		</div>
	);
}
