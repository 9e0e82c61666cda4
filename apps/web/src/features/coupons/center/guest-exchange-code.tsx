import type { MyCoupon } from "@bayon/contract";
import { type FormEvent, useId, useRef, useState } from "react";
import { ApiError, errorText } from "../../../lib/api-client";
import { showToast } from "../../../lib/toast";
import { useDebouncedSubmit } from "../../../lib/use-debounced-submit";
import { claimCoupon, newClaimKey } from "../guest-api";
import { claimIntents, exchangeCodeProblem } from "../guest-claim";
import { useCouponText } from "../guest-strings";

/**
 * "Exchange code": the field and its button at the top of the coupon centre. The code is
 * checked by the contract's rule first; the server's refusal (unknown code, all gone, limit
 * reached) is shown under the field, where the member is looking. A visitor is sent to sign in.
 */
export function ExchangeCodeForm({
	signedIn,
	onSignIn,
	onRedeemed,
}: {
	signedIn: boolean;
	onSignIn: () => void;
	onRedeemed: (coupon: MyCoupon) => void;
}) {
	const { ct, m } = useCouponText();
	const inputId = useId();
	const errorId = useId();
	const [code, setCode] = useState("");
	const [error, setError] = useState<string | null>(null);
	const intents = useRef(claimIntents(newClaimKey));

	const [redeem, redeeming] = useDebouncedSubmit(async () => {
		if (!signedIn) {
			onSignIn();
			return;
		}
		const typed = code.trim();
		const problem = exchangeCodeProblem(typed);
		if (problem) {
			setError(m(problem));
			return;
		}
		// Codes are compared regardless of case: "bayon2026" and "BAYON2026" are one intent.
		const intent = typed.toUpperCase();
		try {
			const coupon = await claimCoupon({ code: typed }, intents.current.keyFor(intent));
			intents.current.settle(intent);
			setCode("");
			setError(null);
			showToast(ct("code.redeemed"));
			onRedeemed(coupon);
		} catch (failure) {
			// The server answered: nothing was claimed, and the next try is a new intent. Without
			// an answer the claim may have happened, and the same key finds out.
			if (failure instanceof ApiError) intents.current.settle(intent);
			setError(errorText(failure));
		}
	});

	const submit = (event: FormEvent) => {
		event.preventDefault();
		redeem();
	};

	return (
		<form className="card cp-code" onSubmit={submit} noValidate data-testid="exchange-code">
			<label className="cp-code__label" htmlFor={inputId}>
				{ct("code.label")}
			</label>
			<div className="cp-code__row">
				<input
					id={inputId}
					className="field__input cp-code__input"
					value={code}
					onChange={(event) => {
						setCode(event.target.value);
						if (error) setError(null);
					}}
					placeholder={ct("code.placeholder")}
					autoComplete="off"
					autoCapitalize="characters"
					spellCheck={false}
					maxLength={40}
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? errorId : undefined}
					data-testid="exchange-code-input"
				/>
				<button
					type="submit"
					className="button button--primary cp-code__button"
					disabled={redeeming}
					data-testid="exchange-code-submit"
				>
					{redeeming ? ct("code.redeeming") : ct("code.redeem")}
				</button>
			</div>
			{error && (
				<p className="field__error" id={errorId} role="alert" data-testid="exchange-code-error">
					{error}
				</p>
			)}
		</form>
	);
}
