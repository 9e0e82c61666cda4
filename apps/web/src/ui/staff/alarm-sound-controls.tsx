import { useEffect, useState } from "react";
import { setAlarmSound, useAlarmSound } from "../../lib/staff/alarm-sound";
import { BellIcon, SpeakerIcon, SpeakerOffIcon } from "../icons";
import { useMerchantText } from "./strings";

/**
 * The merchant area's sound controls, on every page that rings (the order board, the table
 * bell, the bookings): one switch and one prompt for the one sound (alarm-sound.ts), and the
 * banner that says what is ringing.
 */

const SOUND_PROMPT_DELAY_MS = 600;

const stopPropagation = (event: { stopPropagation: () => void }) => event.stopPropagation();

/**
 * The header's sound switch: says whether calls and new orders will be heard on this device,
 * and turns the sound on (a tap, which is also what browsers need to allow it) or off
 * (remembered on this device, for the board and the bell alike). The choice survives a reload;
 * a browser that holds the sound until a tap (autoplay policy) shows as that, never as "off",
 * and the tap that this asks for lets it play (issue 27).
 */
export function AlarmSoundSwitch() {
	const { mt } = useMerchantText();
	const sound = useAlarmSound();
	const on = sound === "on";
	const blocked = sound === "blocked";
	const label = on ? "board.sound.on" : blocked ? "board.sound.blocked" : "board.sound.off";
	return (
		<button
			type="button"
			className={`merchant-sound${on ? " is-on" : ""}${blocked ? " is-blocked" : ""}`}
			aria-pressed={on || blocked}
			disabled={sound === "unavailable"}
			// Blocked: the choice is "on" already; this tap is the one the browser waits for.
			onClick={() => setAlarmSound(!on)}
			// Not through the page's unlock-on-tap: that could turn the sound on between press
			// and click, and this tap (meant to turn it on) would then turn it off.
			onPointerDown={stopPropagation}
			onPointerUp={stopPropagation}
			data-testid="merchant-sound"
			data-sound={sound}
		>
			{on ? <SpeakerIcon width={20} height={20} /> : <SpeakerOffIcon width={20} height={20} />}
			<span className="merchant-sound__label">{mt(label)}</span>
		</button>
	);
}

/**
 * Browsers keep a page silent until it is tapped: while the sound is wanted but still blocked,
 * the page asks for that tap (any tap on the page also does). `title` says what would be heard.
 */
export function AlarmSoundPrompt({ title }: { title: string }) {
	const { mt } = useMerchantText();
	const blocked = useAlarmSound() === "blocked";
	// A new audio context starts a moment after it is made where the browser allows it: wait
	// that moment, or the banner would flash and push the page down and up on every visit.
	const [asking, setAsking] = useState(false);
	useEffect(() => {
		if (!blocked) return setAsking(false);
		const timer = setTimeout(() => setAsking(true), SOUND_PROMPT_DELAY_MS);
		return () => clearTimeout(timer);
	}, [blocked]);
	if (!blocked || !asking) return null;
	return (
		<button
			type="button"
			className="merchant-sound-prompt"
			onClick={() => setAlarmSound(true)}
			data-testid="merchant-sound-prompt"
		>
			<SpeakerOffIcon className="merchant-sound-prompt__icon" width={24} height={24} />
			<span className="merchant-sound-prompt__text">
				<strong>{title}</strong>
				<small>{mt("board.sound.promptHint")}</small>
			</span>
		</button>
	);
}

/**
 * The banner over a page while something rings: what rings (`text`) and the button that
 * acknowledges it all. `testId` names the banner; its button is `ackTestId`.
 */
export function RingingAlert({
	count,
	text,
	ackLabel,
	onAck,
	testId,
	ackTestId,
}: {
	count: number;
	text: string;
	ackLabel: string;
	onAck: () => void;
	testId: string;
	ackTestId: string;
}) {
	return (
		<div className="merchant-alert" role="alert" data-testid={testId} data-count={count}>
			<BellIcon className="merchant-alert__bell" width={22} height={22} />
			<span className="merchant-alert__text">{text}</span>
			<button type="button" className="button button--primary button--small" onClick={onAck} data-testid={ackTestId}>
				{ackLabel}
			</button>
		</div>
	);
}
