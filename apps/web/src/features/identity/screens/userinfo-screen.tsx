import { Limits, type MemberInfo } from "@bayon/contract";
import { useId } from "react";
import { Link } from "react-router";
import { errorText as requestErrorText } from "../../../lib/api-client";
import { useI18n } from "../../../lib/i18n";
import { Paths } from "../../../lib/paths";
import { useAppState } from "../../../lib/store";
import { Avatar } from "../../../ui/avatar";
import { DatePicker } from "../../../ui/date-picker";
import { CameraIcon } from "../../../ui/icons";
import { ErrorState, LoadingState } from "../../../ui/states";
import { useMemberInfo } from "../api";
import { type FieldErrors, useProfileForm } from "./use-profile-form";
import "./identity.css";

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

type ProfileFormState = ReturnType<typeof useProfileForm>;

function ProfileForm({ member }: { member: MemberInfo }) {
	const { t } = useI18n();
	const ids = useId();
	const form = useProfileForm(member);

	return (
		<form className="form" onSubmit={form.onSubmit} noValidate data-testid="userinfo-form">
			<AvatarField ids={ids} member={member} form={form} />
			<NicknameField ids={ids} form={form} />
			<GenderField ids={ids} form={form} />
			<BirthdayField ids={ids} form={form} />
			<PhoneField ids={ids} mobile={member.mobile} />

			<button
				type="submit"
				className="button button--primary button--block"
				disabled={form.saving}
				data-testid="profile-save"
			>
				{form.saving ? t("common.saving") : t("common.save")}
			</button>
		</form>
	);
}

/** The attributes that tie a field to its error line. */
const describedBy = (ids: string, name: keyof FieldErrors, errors: FieldErrors) =>
	errors[name] ? { "aria-invalid": true, "aria-describedby": `${ids}-${name}-error` } : {};

function FieldError({ ids, name, errors }: { ids: string; name: keyof FieldErrors; errors: FieldErrors }) {
	return errors[name] ? (
		<p className="field__error" id={`${ids}-${name}-error`} role="alert" data-testid={`${name}-error`}>
			{errors[name]}
		</p>
	) : null;
}

function AvatarField({ ids, member, form }: { ids: string; member: MemberInfo; form: ProfileFormState }) {
	const { t } = useI18n();
	const { uploading } = form;
	return (
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
					onChange={form.onAvatarChange}
					disabled={uploading}
					data-testid="avatar-input"
					{...describedBy(ids, "avatar", form.errors)}
				/>
			</label>
			<FieldError ids={ids} name="avatar" errors={form.errors} />
		</div>
	);
}

function NicknameField({ ids, form }: { ids: string; form: ProfileFormState }) {
	const { t } = useI18n();
	return (
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
				value={form.nickname}
				onChange={(event) => form.setNickname(event.target.value)}
				data-testid="nickname-input"
				{...describedBy(ids, "nickname", form.errors)}
			/>
			<FieldError ids={ids} name="nickname" errors={form.errors} />
		</div>
	);
}

function GenderField({ ids, form }: { ids: string; form: ProfileFormState }) {
	const { t } = useI18n();
	const { gender } = form;
	return (
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
							onChange={() => form.setGender(value)}
							className="visually-hidden"
							data-testid={`gender-${value}`}
						/>
						{t(`gender.${value}`)}
					</label>
				))}
			</div>
			<FieldError ids={ids} name="gender" errors={form.errors} />
		</fieldset>
	);
}

function BirthdayField({ ids, form }: { ids: string; form: ProfileFormState }) {
	const { t } = useI18n();
	return (
		<div className="field">
			<span className="field__label">{t("profile.birthday")}</span>
			<DatePicker
				label={t("profile.birthday")}
				min="1900-01-01"
				max={todayIso()}
				value={form.birthday}
				onChange={form.setBirthday}
				testId="birthday-input"
			/>
			<FieldError ids={ids} name="birthday" errors={form.errors} />
		</div>
	);
}

/** The phone, shown and not editable here, with where to change it. */
function PhoneField({ ids, mobile }: { ids: string; mobile: string }) {
	const { t } = useI18n();
	return (
		<div className="field">
			<label className="field__label" htmlFor={`${ids}-phone`}>
				{t("profile.phone")}
			</label>
			<input
				id={`${ids}-phone`}
				className="field__input field__input--readonly"
				value={mobile}
				readOnly
				aria-describedby={`${ids}-phone-hint`}
				data-testid="phone-readonly"
			/>
			<p className="field__hint" id={`${ids}-phone-hint`}>
				{t("profile.phoneHint")}
			</p>
		</div>
	);
}
