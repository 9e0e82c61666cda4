import { Limits, type MoneyCodeSent } from "@bayon/contract";
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from "react";
import { ApiError, errorText } from "../../lib/api-client";
import { maskPhone } from "../../lib/format";
import { useAppState } from "../../lib/store";
import { useDebouncedSubmit } from "../../lib/use-debounced-submit";
import { sendMoneyCode } from "./money-api";
import { useMoneyText } from "./money-strings";

function secondsLeft(resendAt: number): number {
	return Math.max(0, Math.ceil((resendAt - Date.now()) / 1000));
}

/** Seconds until another code may be asked for, ticking down once a second. */
function useResendCountdown() {
	const [resendAt, setResendAt] = useState(0);
	const [seconds, setSeconds] = useState(0);
	useEffect(() => {
		setSeconds(secondsLeft(resendAt));
		if (resendAt <= Date.now()) return;
		const timer = setInterval(() => {
			const left = secondsLeft(resendAt);
			setSeconds(left);
			if (left === 0) clearInterval(timer);
		}, 1000);
		return () => clearInterval(timer);
	}, [resendAt]);
	return { seconds, start: (wait: number) => setResendAt(Date.now() + wait * 1000) };
}

/** How long the server said to wait before another code (its rate limits answer with it). */
function waitOf(error: unknown): number | null {
	if (!(error instanceof ApiError)) return null;
	const data = error.data as { retryAfterSeconds?: unknown; resendAfterSeconds?: unknown } | null;
	const wait = data?.retryAfterSeconds ?? data?.resendAfterSeconds;
	return typeof wait === "number" && wait > 0 ? wait : null;
}

interface MoneyCodeFieldProps {
	/** The shop whose owner asks (the owner's money code); ignored when `send` is given. */
	shopId?: number;
	/** Sends the code another way (the platform operator's step-up); default: the owner's money code. */
	send?: () => Promise<MoneyCodeSent>;
	value: string;
	onChange: (code: string) => void;
	/** The form's problem with the code (its format, the server's "wrong code"). */
	problem?: string | undefined;
	testId?: string;
}

/**
 * The step-up before a money action (decision 023): "get code" sends a fresh SMS code to the
 * signed-in owner's own phone (shown masked, 138****8000), then counts down until another may
 * be sent (the server's `resendAfterSeconds`, or its rate limit's wait); the six digits are
 * typed beside it. The same button as the sign-in page's, for the same reasons.
 */
export const MoneyCodeField = forwardRef<HTMLInputElement | null, MoneyCodeFieldProps>(function MoneyCodeField(
	{ shopId, send: sendCode, value, onChange, problem, testId = "money-code" },
	ref,
) {
	const { mt } = useMoneyText();
	const id = useId();
	const inputRef = useRef<HTMLInputElement>(null);
	useImperativeHandle(ref, () => inputRef.current as HTMLInputElement, []);
	const mobile = useAppState((s) => s.member?.mobile);
	const countdown = useResendCountdown();
	const [sentTo, setSentTo] = useState<string | null>(null);
	const [sendProblem, setSendProblem] = useState<string | null>(null);

	const [send, sending] = useDebouncedSubmit(async () => {
		if (countdown.seconds > 0) return;
		setSendProblem(null);
		try {
			const sent = sendCode ? await sendCode() : await sendMoneyCode(shopId ?? 0);
			setSentTo(sent.mobileMasked);
			countdown.start(sent.resendAfterSeconds > 0 ? sent.resendAfterSeconds : Limits.smsResendSeconds);
			inputRef.current?.focus();
		} catch (error) {
			const wait = waitOf(error);
			if (wait) countdown.start(wait);
			setSendProblem(errorText(error));
		}
	});

	const shown = problem ?? sendProblem ?? null;
	// The operator's own step-up (`send` given) goes to the signed-in operator's phone, not an owner's.
	const hint = sentTo
		? mt("code.sentTo", { phone: sentTo })
		: mobile
			? mt(sendCode ? "code.willSendToMine" : "code.willSendTo", { phone: maskPhone(mobile) })
			: mt("code.willSend");
	return (
		<div className="field">
			<label className="field__label" htmlFor={id}>
				{mt("code.label")}
			</label>
			<div className="field__row">
				<input
					ref={inputRef}
					id={id}
					className="field__input money-code__input"
					name="code"
					type="text"
					inputMode="numeric"
					autoComplete="one-time-code"
					maxLength={Limits.smsCodeLength}
					placeholder={mt("code.placeholder")}
					value={value}
					onChange={(event) => onChange(event.target.value.replace(/\D/g, ""))}
					aria-invalid={shown ? true : undefined}
					aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ""}`}
					data-testid={testId}
				/>
				<button
					type="button"
					className="button button--ghost field__action money-code__send"
					onClick={() => send()}
					disabled={sending || countdown.seconds > 0}
					aria-live="polite"
					data-testid={`${testId}-send`}
				>
					{sending
						? mt("code.sending")
						: countdown.seconds > 0
							? mt("code.resendIn", { seconds: countdown.seconds })
							: mt("code.send")}
				</button>
			</div>
			<p className="field__hint" id={`${id}-hint`} data-testid={`${testId}-hint`}>
				{hint}
			</p>
			{shown && (
				<p className="field__error" id={`${id}-error`} role="alert" data-testid={`${testId}-error`}>
					{shown}
				</p>
			)}
		</div>
	);
});
