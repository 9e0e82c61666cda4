import { ErrorCode } from "@bayon/contract";
import pLimit, { type LimitFunction } from "p-limit";
import sharp from "sharp";
import { BusinessError } from "../../http/business-error.js";
import type { UploadLimits } from "../../lib/config.js";

// One libvips thread per image: the queue below decides how many cores image work takes, so
// N images at once cost N threads, not N × cores. Each upload is decoded once, so libvips'
// operation cache would only hold memory.
sharp.concurrency(1);
sharp.cache(false);

/**
 * The line in front of image decoding. Decoding costs CPU and memory in proportion to the
 * pixels, so at most `imageWorkers` images are worked on at once; up to `maxWaiting` more
 * wait their turn, and the next one is refused at once ("busy, try again") instead of
 * piling up memory and answering after the client has given up.
 */
export class ImageWorkQueue {
	private readonly limit: LimitFunction;
	/** The most images ever worked on at the same time (tests and diagnostics read it). */
	peakActive = 0;
	/** The most uploads ever waiting at the same time. */
	peakWaiting = 0;
	/** Uploads refused because the line was full. */
	refused = 0;
	/** Uploads dropped from the line because their client had left. */
	skipped = 0;

	constructor(readonly limits: UploadLimits) {
		this.limit = pLimit(limits.imageWorkers);
	}

	get active(): number {
		return this.limit.activeCount;
	}

	get waiting(): number {
		return this.limit.pendingCount;
	}

	/** Throws `BusinessError(TooManyRequests)` when every worker is busy and the line is full. */
	refuseIfFull(): void {
		const busy = this.limit.activeCount >= this.limit.concurrency;
		if (busy && this.limit.pendingCount >= this.limits.maxWaiting) {
			this.refused += 1;
			throw new BusinessError(ErrorCode.TooManyRequests, {}, null, "uploadBusy");
		}
	}

	/**
	 * Runs `work` when a worker is free. Throws `BusinessError(TooManyRequests)` when the line
	 * is full. A job whose client left while it waited is skipped (`signal` aborted).
	 */
	run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
		this.refuseIfFull();
		const job = this.limit(async () => {
			if (signal?.aborted) {
				this.skipped += 1;
				throw signal.reason;
			}
			this.peakActive = Math.max(this.peakActive, this.limit.activeCount);
			return work();
		});
		this.peakWaiting = Math.max(this.peakWaiting, this.limit.pendingCount);
		return job;
	}
}

const queues = new WeakMap<UploadLimits, ImageWorkQueue>();

/** The queue of one server (keyed by its configuration, so test servers side by side each have their own). */
export function imageWorkQueue(limits: UploadLimits): ImageWorkQueue {
	let queue = queues.get(limits);
	if (!queue) {
		queue = new ImageWorkQueue(limits);
		queues.set(limits, queue);
	}
	return queue;
}
