import { errorText } from "../../../lib/api-client";
import { showToast } from "../../../lib/toast";
import { Stepper } from "../../../ui/stepper";
import { uploadImage } from "../../identity/api";
import {
	type EditorProps,
	FieldError,
	LocalizedFields,
	ORDER_TYPE_KEYS,
	ORDER_TYPES,
	RemoveButton,
	Section,
	TextField,
	UploadButton,
} from "../settings-fields";
import { useShopSettingsText } from "../strings";

/** The shop's names, phone, address, notice, order types, preparation time, logo and photos. */
export function InfoSection({ draft, change, errorOf }: EditorProps) {
	const { st, m } = useShopSettingsText();
	const upload = async (file: File | undefined, into: "logo" | "photos") => {
		if (!file) return;
		try {
			const { url } = await uploadImage(file);
			change(into === "logo" ? { logo: url } : { photos: [...draft.photos, url] });
		} catch (error) {
			showToast(errorText(error));
		}
	};
	return (
		<Section title={st("section.info")} testId="info-section">
			<LocalizedFields field="name" label="info.name" draft={draft} change={change} errorOf={errorOf} />
			<TextField
				label={st("info.phone")}
				value={draft.phone}
				onChange={(phone) => change({ phone })}
				error={errorOf("phone")}
				testId="settings-phone"
			/>
			<LocalizedFields field="address" label="info.address" draft={draft} change={change} errorOf={errorOf} />
			<LocalizedFields field="notice" label="info.notice" draft={draft} change={change} errorOf={errorOf} />
			<fieldset className="field field--fieldset">
				<legend className="field__label">{st("info.orderTypes")}</legend>
				<div className="shop-settings__row">
					{ORDER_TYPES.map((type) => {
						const on = draft.orderTypes.includes(type);
						return (
							<button
								key={type}
								type="button"
								className={`chip${on ? " chip--on" : ""}`}
								aria-pressed={on}
								onClick={() =>
									change({
										orderTypes: on
											? draft.orderTypes.filter((t) => t !== type)
											: ORDER_TYPES.filter((t) => t === type || draft.orderTypes.includes(t)),
									})
								}
								data-testid={`settings-type-${type}`}
							>
								{m(ORDER_TYPE_KEYS[type])}
							</button>
						);
					})}
				</div>
				<FieldError error={errorOf("orderTypes")} />
			</fieldset>
			<div className="field">
				<span className="field__label">{st("info.preparation")}</span>
				<Stepper
					value={draft.preparationMinutes}
					onChange={(value) => change({ preparationMinutes: Math.max(0, Math.min(240, value)) })}
					min={0}
					max={240}
					label={st("info.preparation")}
					testId="settings-preparation"
				/>
			</div>
			<div className="field">
				<span className="field__label">{st("info.logo")}</span>
				<div className="shop-settings__images">
					{draft.logo && <img src={draft.logo} alt="" className="shop-settings__image" />}
					<UploadButton onFile={(file) => void upload(file, "logo")} testId="settings-logo-input" />
				</div>
				<FieldError error={errorOf("logo")} />
			</div>
			<div className="field">
				<span className="field__label">{st("info.photos")}</span>
				<div className="shop-settings__images">
					{draft.photos.map((url, index) => (
						<span key={url} className="shop-settings__photo">
							<img src={url} alt="" className="shop-settings__image" />
							<RemoveButton onClick={() => change({ photos: draft.photos.filter((_, i) => i !== index) })} />
						</span>
					))}
					{draft.photos.length < 9 && (
						<UploadButton onFile={(file) => void upload(file, "photos")} testId="settings-photo-input" />
					)}
				</div>
			</div>
		</Section>
	);
}
