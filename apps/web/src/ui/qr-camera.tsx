import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import {
	type CameraProblem,
	cameraProblem,
	loadDecoder,
	openBackCamera,
	startDecoding,
	stopStream,
} from "../lib/camera";
import "./qr-camera.css";

export type QrCameraState = "starting" | "scanning" | CameraProblem;

export interface QrCamera {
	/** Goes on the viewfinder's `<video>`. */
	videoRef: RefObject<HTMLVideoElement | null>;
	state: QrCameraState;
	/** Starts the camera again after a problem (the staff allowed it, plugged one in…). */
	retry: () => void;
}

/**
 * The back camera playing in `videoRef`'s video while `active`, its frames decoded with jsQR;
 * each text read goes to `onText`. The camera stops when `active` turns false or the component
 * goes away. Used by the table scan page, and through QrViewfinder by the reservation arrival
 * sheet and the stored-value counter.
 */
export function useQrCamera(active: boolean, onText: (text: string) => void): QrCamera {
	const videoRef = useRef<HTMLVideoElement>(null);
	const [state, setState] = useState<QrCameraState>("starting");
	const [attempt, setAttempt] = useState(0);
	// Read through a ref so a new callback each render does not restart the camera.
	const onTextRef = useRef(onText);
	onTextRef.current = onText;

	// biome-ignore lint/correctness/useExhaustiveDependencies: attempt restarts the camera after a failure
	useEffect(() => {
		if (!active) return;
		let cancelled = false;
		let stream: MediaStream | null = null;
		let stop: (() => void) | null = null;
		setState("starting");
		(async () => {
			try {
				stream = await openBackCamera();
				const video = videoRef.current;
				if (cancelled || !video) return;
				video.srcObject = stream;
				await video.play();
				const decode = await loadDecoder();
				if (cancelled) return;
				setState("scanning");
				stop = startDecoding(video, decode, (text) => onTextRef.current(text));
			} catch (error) {
				if (!cancelled) setState(cameraProblem(error));
			}
		})();
		return () => {
			cancelled = true;
			stop?.();
			stopStream(stream);
			if (videoRef.current) videoRef.current.srcObject = null;
		};
	}, [active, attempt]);

	const retry = useCallback(() => setAttempt((n) => n + 1), []);
	return { videoRef, state, retry };
}

/** What the viewfinder says, in the words of the page that scans. */
export interface QrViewfinderTexts {
	starting: string;
	denied: string;
	noCamera: string;
	failed: string;
	retry: string;
}

/**
 * The back camera in a viewfinder, its frames decoded with jsQR (the table scan page's
 * camera), until `onText` accepts what it read: a spinner while it starts, the reason and a
 * retry when it cannot. Mounted only while the staff scan: unmounting stops the camera.
 * `testId` names the viewfinder and its problem (`${testId}-problem`). It lives with the hook
 * so the pages that scan share one lazy chunk for the camera.
 */
export function QrViewfinder({
	onText,
	texts,
	className,
	testId,
}: {
	onText: (text: string) => void;
	texts: QrViewfinderTexts;
	className: string;
	testId: string;
}) {
	const { videoRef, state, retry } = useQrCamera(true, onText);
	const problems: Partial<Record<QrCameraState, string>> = {
		denied: texts.denied,
		noCamera: texts.noCamera,
		failed: texts.failed,
	};
	const problem = problems[state] ?? null;
	return (
		<div className={`scan__viewfinder ${className}`} data-state={state} data-testid={testId}>
			<video ref={videoRef} className="scan__video" muted playsInline />
			<span className="scan__frame" aria-hidden="true" />
			{state === "starting" && (
				<div className="scan__overlay" role="status">
					<span className="spinner" aria-hidden="true" />
					<span>{texts.starting}</span>
				</div>
			)}
			{problem && (
				<div className="scan__overlay scan__overlay--problem" role="alert" data-testid={`${testId}-problem`}>
					<p>{problem}</p>
					<button type="button" className="button button--ghost button--small" onClick={retry}>
						{texts.retry}
					</button>
				</div>
			)}
		</div>
	);
}
