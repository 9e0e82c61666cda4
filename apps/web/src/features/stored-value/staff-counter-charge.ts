import { type CounterPaymentView, ErrorCode } from "@bayon/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { ApiError, errorText, RequestError } from "../../lib/api-client";
import { type FieldProblems, serverProblems } from "../../lib/form";
import { newIdempotencyKey } from "../../lib/idempotency-key";
import { chargeCounter, storedValueKeys } from "./staff-api";
import { attemptFor, type ChargeAttempt, type CounterCharge } from "./staff-counter-form";

/** How a charge ended, for the form to show. */
export type ChargeOutcome =
	| { kind: "charged"; payment: CounterPaymentView }
	/** Refused, with the reason under the field it is about (code, amount) or for the whole form. */
	| { kind: "refused"; problems: FieldProblems; message: string | null }
	/** Sent, and no answer came back: it may have gone through; the same attempt may be sent again. */
	| { kind: "unknown" }
	/** A tap while a charge was on its way: nothing was sent. */
	| { kind: "ignored" };

/**
 * Sends charges at the counter, one at a time: a second tap while one is on its way sends
 * nothing (the guard is a ref, so even two taps within one frame charge once). Each charge
 * intent has one idempotency key, kept across retries of the same request (after a timeout
 * the server answers the retry with the first charge) and renewed once the intent changes or
 * the server has answered it.
 */
export function useCounterCharge(shopId: number) {
	const queryClient = useQueryClient();
	const [pending, setPending] = useState(false);
	const inFlight = useRef(false);
	const attempt = useRef<ChargeAttempt | null>(null);

	const charge = useCallback(
		async (input: CounterCharge): Promise<ChargeOutcome> => {
			if (inFlight.current) return { kind: "ignored" };
			inFlight.current = true;
			setPending(true);
			const current = attemptFor(attempt.current, input, newIdempotencyKey);
			attempt.current = current;
			try {
				const payment = await chargeCounter(input, current.key);
				attempt.current = null;
				void queryClient.invalidateQueries({ queryKey: storedValueKeys.counterPayments(shopId) });
				return { kind: "charged", payment };
			} catch (error) {
				if (!(error instanceof ApiError)) {
					// No answer (timeout, a gateway's 502): keep the key, so a retry cannot charge twice.
					if (error instanceof RequestError && !error.toLogin) return { kind: "unknown" };
					attempt.current = null;
					return { kind: "refused", problems: {}, message: errorText(error) };
				}
				// The server answered: this intent is settled; a corrected one gets its own key.
				attempt.current = null;
				if (error.code === ErrorCode.PayCodeInvalid)
					return { kind: "refused", problems: { code: error.msg }, message: null };
				if (error.code === ErrorCode.InsufficientBalance)
					return { kind: "refused", problems: { amount: error.msg }, message: null };
				const fields = serverProblems(error.data);
				return fields
					? { kind: "refused", problems: fields, message: null }
					: { kind: "refused", problems: {}, message: error.msg };
			} finally {
				inFlight.current = false;
				setPending(false);
			}
		},
		[shopId, queryClient],
	);

	/** A new payment starts: whatever comes next is a new intent. */
	const reset = useCallback(() => {
		attempt.current = null;
	}, []);

	return { charge, pending, reset };
}
