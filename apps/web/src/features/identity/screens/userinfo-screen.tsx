import { Limits, type MemberInfo, type MessageKey, UpdateProfileInput } from "@bayon/contract";
import { type ChangeEvent, type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { errorText as requestErrorText } from "../../../lib/api-client";
import { useI18n } from "../../../lib/i18n";
import { isMessageKey } from "../../../lib/i18n/messages";
import { Paths } from "../../../lib/paths";
import { useAppState } from "../../../lib/store";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { Avatar } from "../../../ui/avatar";
import { DatePicker } from "../../../ui/date-picker";
import { CameraIcon } from "../../../ui/icons";
import { ErrorState, LoadingState } from "../../../ui/states";
import { updateProfile, uploadImage, useMemberInfo } from "../api";
import "./identity.css";

type Gender = 0 | 1 | 2;
type FieldErrors = Partial<Record<"nickname" | "gender" | "birthday" | "avatar", string>>;

/** Checks the file before uploading it; the server checks again and its message wins. */
function checkImage(file: File): MessageKey | null {
	if (!file.type.startsWith("image/")) return "fileNotImage";
	if (file.size > Limits.uploadMaxBytes) return "fileTooLarge";
	return null;
}

function todayIso(): string {
	const now = new Date();
	const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
	return local.toISOString().slice(0, 10);
}

/** mine/userinfo: avatar, nickname, gender and birthday; the phone is read-only. */
export default function UserinfoScreen() {
	const { t } = useI18n();
	const member = useAppState((s) => s.member);
	const memberInfo = useMemberInfo();

	if (!member) {
		if (memberInfo.isFetching) return <LoadingState />;
		return (
			<section className="status-page" data-testid="userinfo-signed-out">
				<p className="status-page__body">{t("profile.signInFirst")}</p>
				<Link to={Paths.login} className="button button--primary">
					{t("mine.signIn")}
				</Link>
			</section>
		);
	}
	if (memberInfo.isError && !memberInfo.data) {
		return <ErrorState message={requestErrorText(memberInfo.error)} onRetry={() => memberInfo.refetch()} />;
	}
	// Re-mount the form when another member signs in, so it starts from their values.
	return <ProfileForm key={member.id} member={member} />;
}

function ProfileForm({ member }: { member: MemberInfo }) {
	const { t, m } = useI18n();
	const ids = useId();
	const [nickname, setNickname] = useState(member.nickname);
	const [gender, setGender] = useState<Gender>(member.gender);
	const [birthday, setBirthday] = useState(member.birthday ?? "");
	const [errors, setErrors] = useState<FieldErrors>({});
	const [uploading, setUploading] = useState(false);

	const onAvatarChange = async (event: ChangeEvent<HTMLInputElement>) => {
		const input = event.currentTarget;
		const file = input.files?.[0];
		input.value = ""; // choosing the same file again still fires change
		if (!file) return;
		const problem = checkImage(file);
		if (problem) {
			setErrors((current) => ({
				...current,
				avatar: m(problem, { mb: Limits.uploadMaxBytes / 1024 / 1024 }),
			}));
			return;
		}
		setErrors((current) => ({ ...current, avatar: undefined }));
		setUploading(true);
		try {
			const uploaded = await uploadImage(file);
			await updateProfile({ avatar: uploaded.url });
			showToast(t("profile.avatarUpdated"));
		} catch (error) {
			// The request layer toasted the server's message; keep it next to the avatar too.
			setErrors((current) => ({ ...current, avatar: requestErrorText(error) }));
		} finally {
			setUploading(false);
		}
	};

	const [save, saving] = useDebouncedSubmit(async () => {
		const input = { nickname: nickname.trim(), gender, birthday: birthday || null };
		const parsed = UpdateProfileInput.safeParse(input);
		if (!parsed.success) {
			const found: FieldErrors = {};
			for (const issue of parsed.error.issues) {
				const field = String(issue.path[0] ?? "nickname") as keyof FieldErrors;
				found[field] ??= isMessageKey(issue.message) ? m(issue.message, { field }) : issue.message;
			}
			setErrors(found);
			return;
		}
		setErrors({});
		try {
			await updateProfile(parsed.data);
			showToast(t("profile.saved"));
		} catch {
			// shown by the request layer
		}
	});

	const onSubmit = (event: FormEvent) => {
		event.preventDefault();
		save();
	};

	const describedBy = (name: keyof FieldErrors) =>
		errors[name] ? { "aria-invalid": true, "aria-describedby": `${ids}-${name}-error` } : {};
	const errorLine = (name: keyof FieldErrors) =>
		errors[name] ? (
			<p className="field__error" id={`${ids}-${name}-error`} role="alert" data-testid={`${name}-error`}>
				{errors[name]}
			</p>
		) : null;

	return (
		<form className="form" onSubmit={onSubmit} noValidate data-testid="userinfo-form">
			<div className="avatar-field">
				<Avatar
					src={member.avatar}
					name={member.nickname}
					alt={t("mine.avatarAlt", { name: member.nickname })}
					size={88}
				/>
				<label className="button button--ghost button--small avatar-field__button" aria-busy={uploading}>
					<CameraIcon className="avatar-field__icon" />
					{uploading ? t("profile.uploading") : t("profile.changeAvatar")}
					<input
						type="file"
						accept="image/*"
						className="visually-hidden"
						onChange={onAvatarChange}
						disabled={uploading}
						data-testid="avatar-input"
						{...describedBy("avatar")}
					/>
				</label>
				{errorLine("avatar")}
			</div>

			<div className="field">
				<label className="field__label" htmlFor={`${ids}-nickname`}>
					{t("profile.nickname")}
				</label>
				<input
					id={`${ids}-nickname`}
					className="field__input"
					name="nickname"
					autoComplete="nickname"
					maxLength={Limits.nicknameMaxLength * 2}
					placeholder={t("profile.nicknamePlaceholder")}
					value={nickname}
					onChange={(event) => setNickname(event.target.value)}
					data-testid="nickname-input"
					{...describedBy("nickname")}
				/>
				{errorLine("nickname")}
			</div>

			<fieldset className="field field--fieldset">
				<legend className="field__label">{t("profile.gender")}</legend>
				<div className="segmented" data-testid="gender">
					{([1, 2, 0] as const).map((value) => (
						<label key={value} className={`segmented__option${gender === value ? " is-selected" : ""}`}>
							<input
								type="radio"
								name="gender"
								value={value}
								checked={gender === value}
								onChange={() => setGender(value)}
								className="visually-hidden"
								data-testid={`gender-${value}`}
							/>
							{t(`gender.${value}`)}
						</label>
					))}
				</div>
				{errorLine("gender")}
			</fieldset>

			<div className="field">
				<span className="field__label">{t("profile.birthday")}</span>
				<DatePicker
					label={t("profile.birthday")}
					min="1900-01-01"
					max={todayIso()}
					value={birthday}
					onChange={setBirthday}
					testId="birthday-input"
				/>
				{errorLine("birthday")}
			</div>

			<div className="field">
				<label className="field__label" htmlFor={`${ids}-phone`}>
					{t("profile.phone")}
				</label>
				<input
					id={`${ids}-phone`}
					className="field__input field__input--readonly"
					value={member.mobile}
					readOnly
					aria-describedby={`${ids}-phone-hint`}
					data-testid="phone-readonly"
				/>
				<p className="field__hint" id={`${ids}-phone-hint`}>
					{t("profile.phoneHint")}
				</p>
			</div>

			<button
				type="submit"
				className="button button--primary button--block"
				disabled={saving}
				data-testid="profile-save"
			>
				{saving ? t("common.saving") : t("common.save")}
			</button>
		</form>
	);
}
