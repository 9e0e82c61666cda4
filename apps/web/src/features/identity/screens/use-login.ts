import { Limits } from "@bayon/contract";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { useI18n } from "../../../lib/i18n";
import { canGoBack } from "../../../lib/navigation-hooks";
import { TabPaths } from "../../../lib/paths";
import { SessionStorageKeys } from "../../../lib/storage";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { sendSmsCode, signInWithSms } from "../api";
import { hasErrors, type LoginErrors, safeRedirect, validateLogin, validateMobile } from "../login-form";
import { isInsideTelegram, syncTelegramIdentity } from "../telegram-session";

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

/**
 * The sign-in form: the phone, the code and the agreement's tick (kept across a visit to the
 * agreement), the code's sending with its resend countdown, and signing in.
 */
export function useLogin() {
	const { t, m } = useI18n();
	const navigate = useNavigate();
	const [params] = useSearchParams();
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

	const changeMobile = (value: string) => {
		setMobile(value);
		if (errors.mobile) setErrors((current) => ({ ...current, mobile: undefined }));
	};
	const changeCode = (value: string) => {
		setCode(value);
		if (errors.code) setErrors((current) => ({ ...current, code: undefined }));
	};
	const changeAgreed = (checked: boolean) => {
		setAgreed(checked);
		if (checked) setErrors((current) => ({ ...current, agreement: undefined }));
	};

	return {
		mobile,
		changeMobile,
		code,
		changeCode,
		codeRef,
		agreed,
		changeAgreed,
		errors,
		requestCode,
		sending,
		countdown,
		onSubmit,
		submitting,
	};
}
