/**
 * Reading QR codes with the device camera (outside Telegram). The decoder, jsQR, is a separate
 * chunk downloaded only when a camera actually starts.
 */

export type CameraProblem = "denied" | "noCamera" | "failed";

/** What went wrong, from the DOMException getUserMedia rejects with. */
export function cameraProblem(error: unknown): CameraProblem {
	const name = error && typeof error === "object" && "name" in error ? String(error.name) : "";
	if (name === "NotAllowedError" || name === "PermissionDeniedError" || name === "SecurityError") return "denied";
	if (
		name === "NotFoundError" ||
		name === "DevicesNotFoundError" ||
		name === "OverconstrainedError" ||
		name === "NotSupportedError"
	)
		return "noCamera";
	return "failed";
}

/** The back camera when there is one (any camera otherwise), video only. */
export async function openBackCamera(): Promise<MediaStream> {
	const media = globalThis.navigator?.mediaDevices;
	if (!media?.getUserMedia) {
		// No API at all: an old browser, or a page not served over HTTPS.
		throw new DOMException("Camera not available", "NotSupportedError");
	}
	return media.getUserMedia({ audio: false, video: { facingMode: { ideal: "environment" } } });
}

export function stopStream(stream: MediaStream | null | undefined): void {
	for (const track of stream?.getTracks() ?? []) track.stop();
}

export type Decoder = (image: ImageData) => string | null;

/** Loads jsQR (its own chunk) and wraps it as an ImageData → text function. */
export async function loadDecoder(): Promise<Decoder> {
	const module = await import("jsqr");
	const jsQR = module.default;
	return (image) => jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" })?.data ?? null;
}

/** Frames are scaled down to this many pixels on the long side before decoding. */
const MAX_SIDE = 720;

/**
 * Decodes frames of a playing video every `intervalMs` and reports each text found (the same
 * text is reported once until another one is seen). Returns a function that stops the loop.
 */
export function startDecoding(
	video: HTMLVideoElement,
	decode: Decoder,
	onText: (text: string) => void,
	intervalMs = 200,
): () => void {
	const canvas = document.createElement("canvas");
	const context = canvas.getContext("2d", { willReadFrequently: true });
	let last: string | null = null;
	let stopped = false;
	const timer = setInterval(() => {
		if (stopped || !context || video.readyState < 2 || !video.videoWidth) return;
		const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
		canvas.width = Math.round(video.videoWidth * scale);
		canvas.height = Math.round(video.videoHeight * scale);
		context.drawImage(video, 0, 0, canvas.width, canvas.height);
		const text = decode(context.getImageData(0, 0, canvas.width, canvas.height));
		if (text && text !== last) {
			last = text;
			onText(text);
		}
	}, intervalMs);
	return () => {
		stopped = true;
		clearInterval(timer);
	};
}
