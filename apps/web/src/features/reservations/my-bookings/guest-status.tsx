import type { ReservationStatus } from "@bayon/contract";
import { statusTone } from "../guest-format";
import { useGuestText } from "../guest-strings";

/** A booking's status as a coloured label. */
export function GuestStatus({
	status,
	large = false,
	testId,
}: {
	status: ReservationStatus;
	large?: boolean;
	testId?: string;
}) {
	const { gt } = useGuestText();
	return (
		<span
			className={`guest-status guest-status--${statusTone(status)}${large ? " guest-status--large" : ""}`}
			data-status={status}
			data-testid={testId}
		>
			{gt(`status.${status}`)}
		</span>
	);
}
