import { Limits, type MessageKey } from "@bayon/contract";
import { useId } from "react";
import { Link } from "react-router";
import { keepTyped } from "../../../lib/controlled-input";
import { useI18n } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { AGREEMENT_SLUGS } from "../../content/api";
import type { LoginErrors } from "../login-form";
import { useLogin } from "./use-login";
import "./identity.css";
import "../../../ui/controls.css";

type LoginState = ReturnType<typeof useLogin>;

/** login/login: SMS code sign-in (spec §5 phone rule, 6-digit code, agreement, 60 s resend). */
export default function LoginScreen() {
	const { t } = useI18n();
	const ids = useId();
	const login = useLogin();

	return (
		<form className="form login" onSubmit={login.onSubmit} noValidate data-testid="login-form">
			<div className="login__intro">
				<h2 className="login__heading">{t("login.heading")}</h2>
				<p className="login__subheading">{t("login.subheading")}</p>
			</div>

			<MobileField ids={ids} login={login} />
			<CodeField ids={ids} login={login} />
			<AgreementField ids={ids} login={login} />
			<FieldError ids={ids} name="agreement" error={login.errors.agreement} />

			<button
				type="submit"
				className="button button--primary button--block"
				disabled={login.submitting}
				data-testid="login-submit"
			>
				{login.submitting ? t("login.submitting") : t("login.submit")}
			</button>
		</form>
	);
}

/** The attributes that tie a field to its error line. */
const describedBy = (ids: string, name: keyof LoginErrors, error: MessageKey | undefined) => ({
	"aria-invalid": error ? true : undefined,
	"aria-describedby": error ? `${ids}-${name}-error` : undefined,
});

function FieldError({ ids, name, error }: { ids: string; name: keyof LoginErrors; error: MessageKey | undefined }) {
	const { m } = useI18n();
	return error ? (
		<p className="field__error" id={`${ids}-${name}-error`} role="alert" data-testid={`${name}-error`}>
			{m(error)}
		</p>
	) : null;
}

function MobileField({ ids, login }: { ids: string; login: LoginState }) {
	const { t } = useI18n();
	return (
		<div className="field">
			<label className="field__label" htmlFor={`${ids}-mobile`}>
				{t("login.phone")}
			</label>
			<input
				id={`${ids}-mobile`}
				className="field__input"
				name="mobile"
				type="tel"
				inputMode="numeric"
				autoComplete="tel-national"
				maxLength={11}
				placeholder={t("login.phonePlaceholder")}
				value={login.mobile}
				onChange={(event) => login.changeMobile(keepTyped(event.target, event.target.value.replace(/\D/g, "")))}
				data-testid="login-mobile"
				{...describedBy(ids, "mobile", login.errors.mobile)}
			/>
			<FieldError ids={ids} name="mobile" error={login.errors.mobile} />
		</div>
	);
}

/** The code, with the button that sends it (and counts down to sending it again). */
function CodeField({ ids, login }: { ids: string; login: LoginState }) {
	const { t } = useI18n();
	const { sending, countdown } = login;
	return (
		<div className="field">
			<label className="field__label" htmlFor={`${ids}-code`}>
				{t("login.code")}
			</label>
			<div className="field__row">
				<input
					ref={login.codeRef}
					id={`${ids}-code`}
					className="field__input"
					name="code"
					type="text"
					inputMode="numeric"
					autoComplete="one-time-code"
					maxLength={Limits.smsCodeLength}
					placeholder={t("login.codePlaceholder")}
					value={login.code}
					onChange={(event) => login.changeCode(keepTyped(event.target, event.target.value.replace(/\D/g, "")))}
					data-testid="login-code"
					{...describedBy(ids, "code", login.errors.code)}
				/>
				<button
					type="button"
					className="button button--ghost field__action"
					onClick={() => login.requestCode()}
					disabled={sending || countdown > 0}
					aria-live="polite"
					data-testid="send-code"
				>
					{sending
						? t("login.sending")
						: countdown > 0
							? t("login.resendIn", { seconds: countdown })
							: t("login.sendCode")}
				</button>
			</div>
			<FieldError ids={ids} name="code" error={login.errors.code} />
		</div>
	);
}

/** The tick, with links to the user agreement and the privacy policy. */
function AgreementField({ ids, login }: { ids: string; login: LoginState }) {
	const { t } = useI18n();
	return (
		<div className="agreement">
			<input
				id={`${ids}-agree`}
				type="checkbox"
				className="check agreement__checkbox"
				checked={login.agreed}
				onChange={(event) => login.changeAgreed(event.target.checked)}
				data-testid="login-agree"
				{...describedBy(ids, "agreement", login.errors.agreement)}
			/>
			<p className="agreement__text">
				<label htmlFor={`${ids}-agree`}>{t("login.agreePrefix")}</label>{" "}
				<Link
					to={withQuery(Paths.mineContent, { slug: AGREEMENT_SLUGS.userAgreement.join(",") })}
					data-testid="link-user-agreement"
				>
					{t("login.userAgreement")}
				</Link>{" "}
				{t("login.and")}{" "}
				<Link
					to={withQuery(Paths.mineContent, { slug: AGREEMENT_SLUGS.privacyPolicy.join(",") })}
					data-testid="link-privacy-policy"
				>
					{t("login.privacyPolicy")}
				</Link>
			</p>
		</div>
	);
}
