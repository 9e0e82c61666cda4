import { Limits } from "@bayon/contract";
import { useState } from "react";
import { useI18n } from "../../../lib/i18n";
import { useGoBack } from "../../../lib/navigation-hooks";
import { updateDraft, useDraft } from "./checkout-draft";
import "../orders/orders.css";

/** remark/remark: the order remark, at most 50 characters (spec §5), with a counter. */
export default function RemarkScreen() {
	const { t, m } = useI18n();
	const goBack = useGoBack();
	const draft = useDraft();
	const [text, setText] = useState(draft.remark);
	const length = [...text.trim()].length;
	const tooLong = length > Limits.remarkMaxLength;

	return (
		<form
			className="form-page remark-page"
			data-testid="remark-page"
			onSubmit={(event) => {
				event.preventDefault();
				if (tooLong) return;
				updateDraft({ remark: text.trim() });
				goBack();
			}}
		>
			<label className="remark-field">
				<span className="visually-hidden">{t("page.remark")}</span>
				<textarea
					value={text}
					rows={5}
					placeholder={t("remark.placeholder")}
					onChange={(event) => setText(event.target.value)}
					aria-invalid={tooLong}
					aria-describedby="remark-counter remark-error"
					data-testid="remark-input"
				/>
			</label>
			<p id="remark-counter" className={`remark-counter${tooLong ? " is-error" : ""}`} data-testid="remark-counter">
				{length}/{Limits.remarkMaxLength}
			</p>
			{tooLong && (
				<p id="remark-error" className="field-error" role="alert" data-testid="remark-error">
					{m("remarkTooLong")}
				</p>
			)}
			<button
				type="submit"
				className="button button--primary button--block"
				disabled={tooLong}
				data-testid="remark-save"
			>
				{t("common.save")}
			</button>
		</form>
	);
}
