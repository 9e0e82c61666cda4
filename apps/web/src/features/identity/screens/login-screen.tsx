import { Limits } from "@bayon/contract";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { useI18n } from "../../../lib/i18n";
import { canGoBack } from "../../../lib/navigation-hooks";
import { Paths, TabPaths, withQuery } from "../../../lib/paths";
import { SessionStorageKeys } from "../../../lib/storage";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { AGREEMENT_SLUGS } from "../../content/api";
import { sendSmsCode, signInWithSms } from "../api";
import { hasErrors, type LoginErrors, safeRedirect, validateLogin, validateMobile } from "../login-form";
import { isInsideTelegram, syncTelegramIdentity } from "../telegram-session";
import "./identity.css";
import { keepTyped } from "../../../lib/controlled-input";
import "../../../ui/controls.css";

/**
 * Kept in sessionStorage while the user reads the agreement and comes back (or the WebView
 * reloads): the typed phone, the tick and the resend countdown. Never the code.
 */
interface LoginDraft {
	mobile: string;
	agreed: boolean;
	resendAt: number;
}

const DRAFT_KEY = SessionStorageKeys.loginDraft;

function readDraft(): LoginDraft {
	try {
		const raw = sessionStorage.getItem(DRAFT_KEY);
		const value = raw ? (JSON.parse(raw) as Partial<LoginDraft>) : {};
		return {
			mobile: typeof value.mobile === "string" ? value.mobile : "",
			agreed: value.agreed === true,
			resendAt: typeof value.resendAt === "number" ? value.resendAt : 0,
		};
	} catch {
		return { mobile: "", agreed: false, resendAt: 0 };
	}
}

function writeDraft(draft: LoginDraft | null): void {
	try {
		if (draft) sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
		else sessionStorage.removeItem(DRAFT_KEY);
	} catch {
		// ignore: the draft is a convenience
	}
}

function secondsLeft(resendAt: number): number {
	return Math.max(0, Math.ceil((resendAt - Date.now()) / 1000));
}

function resendAfter(error: unknown): number | null {
	if (!(error instanceof ApiError)) return null;
	const data = error.data as { resendAfterSeconds?: unknown } | null;
	return typeof data?.resendAfterSeconds === "number" ? data.resendAfterSeconds : null;
}

/** login/login: SMS code sign-in (spec §5 phone rule, 6-digit code, agreement, 60 s resend). */
export default function LoginScreen() {
	const { t, m } = useI18n();
	const navigate = useNavigate();
	const [params] = useSearchParams();
	const ids = useId();
	const codeRef = useRef<HTMLInputElement>(null);

	const [draft] = useState(readDraft);
	const [mobile, setMobile] = useState(draft.mobile);
	const [code, setCode] = useState("");
	const [agreed, setAgreed] = useState(draft.agreed);
	const [errors, setErrors] = useState<LoginErrors>({});
	const [resendAt, setResendAt] = useState(draft.resendAt);
	const [countdown, setCountdown] = useState(() => secondsLeft(draft.resendAt));
	const [sending, setSending] = useState(false);

	const finished = useRef(false);
	useEffect(() => {
		if (!finished.current) writeDraft({ mobile, agreed, resendAt });
	}, [mobile, agreed, resendAt]);

	useEffect(() => {
		setCountdown(secondsLeft(resendAt));
		if (resendAt <= Date.now()) return;
		const timer = setInterval(() => {
			const left = secondsLeft(resendAt);
			setCountdown(left);
			if (left === 0) clearInterval(timer);
		}, 1000);
		return () => clearInterval(timer);
	}, [resendAt]);

	const startCountdown = (seconds: number) => setResendAt(Date.now() + seconds * 1000);

	const [requestCode] = useDebouncedSubmit(async () => {
		const mobileError = validateMobile(mobile);
		setErrors((current) => ({ ...current, mobile: mobileError }));
		if (mobileError || countdown > 0) return;
		setSending(true);
		try {
			const sent = await sendSmsCode(mobile.trim());
			startCountdown(sent?.resendAfterSeconds ?? Limits.smsResendSeconds);
			showToast(t("login.codeSent"));
			codeRef.current?.focus();
		} catch (error) {
			// Rate limits: the request layer already showed the server's message.
			const wait = resendAfter(error);
			if (wait) startCountdown(wait);
		} finally {
			setSending(false);
		}
	});

	const goBackAfterLogin = () => {
		const redirect = safeRedirect(params.get("redirect"));
		if (redirect) navigate(redirect, { replace: true });
		else if (canGoBack()) navigate(-1);
		else navigate(TabPaths.mine, { replace: true });
	};

	const [submit, submitting] = useDebouncedSubmit(async () => {
		const found = validateLogin({ mobile, code, agreed });
		setErrors(found);
		if (hasErrors(found)) {
			if (found.agreement && !found.mobile && !found.code) showToast(m("tickAgreement"));
			return;
		}
		try {
			await signInWithSms({ mobile: mobile.trim(), code: code.trim() });
		} catch {
			return; // the request layer showed the server's message (wrong or expired code)
		}
		if (isInsideTelegram()) {
			await syncTelegramIdentity().catch(() => undefined);
		}
		finished.current = true;
		writeDraft(null);
		showToast(t("login.success"));
		goBackAfterLogin();
	});

	const onSubmit = (event: FormEvent) => {
		event.preventDefault();
		submit();
	};

	const field = (name: keyof LoginErrors) => ({
		"aria-invalid": errors[name] ? true : undefined,
		"aria-describedby": errors[name] ? `${ids}-${name}-error` : undefined,
	});
	const errorText = (name: keyof LoginErrors) => {
		const key = errors[name];
		return key ? (
			<p className="field__error" id={`${ids}-${name}-error`} role="alert" data-testid={`${name}-error`}>
				{m(key)}
			</p>
		) : null;
	};

	return (
		<form className="form login" onSubmit={onSubmit} noValidate data-testid="login-form">
			<div className="login__intro">
				<h2 className="login__heading">{t("login.heading")}</h2>
				<p className="login__subheading">{t("login.subheading")}</p>
			</div>

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
					value={mobile}
					onChange={(event) => {
						setMobile(keepTyped(event.target, event.target.value.replace(/\D/g, "")));
						if (errors.mobile) setErrors((current) => ({ ...current, mobile: undefined }));
					}}
					data-testid="login-mobile"
					{...field("mobile")}
				/>
				{errorText("mobile")}
			</div>

			<div className="field">
				<label className="field__label" htmlFor={`${ids}-code`}>
					{t("login.code")}
				</label>
				<div className="field__row">
					<input
						ref={codeRef}
						id={`${ids}-code`}
						className="field__input"
						name="code"
						type="text"
						inputMode="numeric"
						autoComplete="one-time-code"
						maxLength={Limits.smsCodeLength}
						placeholder={t("login.codePlaceholder")}
						value={code}
						onChange={(event) => {
							setCode(keepTyped(event.target, event.target.value.replace(/\D/g, "")));
							if (errors.code) setErrors((current) => ({ ...current, code: undefined }));
						}}
						data-testid="login-code"
						{...field("code")}
					/>
					<button
						type="button"
						className="button button--ghost field__action"
						onClick={() => requestCode()}
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
				{errorText("code")}
			</div>

			<div className="agreement">
				<input
					id={`${ids}-agree`}
					type="checkbox"
					className="check agreement__checkbox"
					checked={agreed}
					onChange={(event) => {
						setAgreed(event.target.checked);
						if (event.target.checked) setErrors((current) => ({ ...current, agreement: undefined }));
					}}
					data-testid="login-agree"
					{...field("agreement")}
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
			{errorText("agreement")}

			<button
				type="submit"
				className="button button--primary button--block"
				disabled={submitting}
				data-testid="login-submit"
			>
				{submitting ? t("login.submitting") : t("login.submit")}
			</button>
		</form>
	);
}
