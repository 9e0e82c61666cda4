import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import type { MerchantTable } from "@bayon/contract";
import QRCode from "qrcode";
import { ServiceUnavailableError } from "../../http/unavailable.js";

/**
 * The sheet of a shop's table QR codes (decision 016): A4, the shop's name on top of each
 * page, then a grid of codes, each with its table number and area under it, to cut out and
 * put on the tables. The QR images come from `qrcode`, the PDF from `pdfkit`.
 *
 * Names in Chinese or Khmer need a font that has their glyphs: we use the system's Noto Sans
 * CJK and Khmer OS (Debian's fonts-noto-cjk and fonts-khmeros). A server without them prints
 * those names as far as the PDF's built-in Latin font goes and says so in its log; the table
 * numbers, and the codes themselves, print either way.
 */

const CJK_FONT = { path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", family: "NotoSansCJKsc-Regular" };
const KHMER_FONT = { path: "/usr/share/fonts/truetype/khmeros/KhmerOS.ttf" };
const LATIN_FONT = "Helvetica";

/** How each QR image is drawn: exported so a test can read the codes back. */
export const QR_IMAGE_OPTIONS = { type: "png", errorCorrectionLevel: "M", margin: 2, scale: 6 } as const;

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const COLUMNS = 3;
const ROWS = 4;
const HEADER_HEIGHT = 48;
const QR_SIZE = 120;

const KHMER = /[\u1780-\u17FF\u19E0-\u19FF]/;
/** Names are validated one-line text: no control characters to keep. */
const BEYOND_LATIN1 = /[^\u0020-\u00FF]/;

export interface SheetLog {
	warn(details: object, message: string): void;
}

export async function renderQrSheet(args: {
	shopName: string;
	tables: MerchantTable[];
	log: SheetLog;
}): Promise<Buffer> {
	const images = await Promise.all(args.tables.map((table) => QRCode.toBuffer(table.qrUrl, QR_IMAGE_OPTIONS)));
	// Loaded on the first sheet, not at start: pdfkit and its font tables are ~20 MB resident
	// that a server which never prints a sheet need not hold (issue 16).
	const { default: PDFDocument } = await import("pdfkit");
	const doc = new PDFDocument({
		size: "A4",
		// Everything is placed by hand; no margin, so text near the bottom never starts a page.
		margin: 0,
		autoFirstPage: false,
		info: { Title: args.shopName, Creator: "Bayon" },
	});
	const chunks: Buffer[] = [];
	doc.on("data", (chunk: Buffer) => chunks.push(chunk));
	const done = new Promise<Buffer>((resolve, reject) => {
		doc.on("end", () => resolve(Buffer.concat(chunks)));
		doc.on("error", reject);
	});

	const fonts = availableFonts();
	const write = (text: string, size: number, x: number, y: number, width: number) => {
		const { font, shown } = fontFor(text, fonts);
		if (shown !== text) args.log.warn({ text }, "QR sheet: no font with these glyphs on this server; printed in part");
		(typeof font === "string" ? doc.font(font) : doc.font(font[0], font[1]))
			.fontSize(size)
			.text(shown, x, y, { width, align: "center", lineBreak: false, ellipsis: true });
	};

	const cellWidth = (PAGE.width - 2 * PAGE.margin) / COLUMNS;
	const cellHeight = (PAGE.height - 2 * PAGE.margin - HEADER_HEIGHT) / ROWS;
	const perPage = COLUMNS * ROWS;
	if (args.tables.length === 0) {
		doc.addPage();
		write(args.shopName, 20, PAGE.margin, PAGE.margin, PAGE.width - 2 * PAGE.margin);
	}
	args.tables.forEach((table, index) => {
		const slot = index % perPage;
		if (slot === 0) {
			doc.addPage();
			write(args.shopName, 20, PAGE.margin, PAGE.margin, PAGE.width - 2 * PAGE.margin);
		}
		const x = PAGE.margin + (slot % COLUMNS) * cellWidth;
		const y = PAGE.margin + HEADER_HEIGHT + Math.floor(slot / COLUMNS) * cellHeight;
		// A light frame to cut along.
		doc
			.save()
			.lineWidth(0.5)
			.dash(3, { space: 3 })
			.strokeColor("#bbbbbb")
			.rect(x + 4, y + 4, cellWidth - 8, cellHeight - 8)
			.stroke()
			.restore();
		doc.image(images[index] as Buffer, x + (cellWidth - QR_SIZE) / 2, y + 10, { width: QR_SIZE, height: QR_SIZE });
		write(table.number, 18, x + 8, y + 10 + QR_SIZE + 4, cellWidth - 16);
		if (table.area) write(table.area, 10, x + 8, y + 10 + QR_SIZE + 27, cellWidth - 16);
	});
	doc.end();
	return done;
}

interface Fonts {
	cjk: boolean;
	khmer: boolean;
}

let fontsOnThisServer: Fonts | null = null;
function availableFonts(): Fonts {
	fontsOnThisServer ??= { cjk: existsSync(CJK_FONT.path), khmer: existsSync(KHMER_FONT.path) };
	return fontsOnThisServer;
}

/** The font to draw a text with, and the text as it will show (shortened when no font has its glyphs). */
function fontFor(text: string, fonts: Fonts): { font: string | [string, string]; shown: string } {
	if (KHMER.test(text) && fonts.khmer) return { font: KHMER_FONT.path, shown: text };
	if (BEYOND_LATIN1.test(text) && !KHMER.test(text) && fonts.cjk)
		return { font: [CJK_FONT.path, CJK_FONT.family], shown: text };
	const latin = text.replace(new RegExp(BEYOND_LATIN1, "g"), "").trim();
	return { font: LATIN_FONT, shown: latin };
}

/**
 * The limits on building sheets (issue 27): twelve downloads at once took the embedded server
 * from ~150 MB to 646 MB, each sheet loading pdfkit's fonts (the CJK one is ~20 MB parsed)
 * and its images anew. Sheets are built one at a time; a download that would wait too long,
 * or find too many others waiting, is told to come back (HTTP 503 with Retry-After).
 */
export interface SheetLimits {
	/** Sheets built at the same time. */
	building: number;
	/** Different sheets waiting for their turn; more are refused at once. */
	waiting: number;
	/** The longest a download waits for its turn before it is refused. */
	waitMs: number;
	/** Retry-After of a refused download. */
	retryAfterSeconds: number;
	/** The last sheet of at most this many shops is kept… */
	cachedShops: number;
	/** …and at most this many bytes of them. */
	cachedBytes: number;
}

export const SHEET_LIMITS: SheetLimits = {
	building: 1,
	waiting: 8,
	waitMs: 20_000,
	retryAfterSeconds: 5,
	cachedShops: 20,
	cachedBytes: 32 * 1024 * 1024,
};

export interface SheetInputs {
	shopName: string;
	tables: MerchantTable[];
}

export interface SheetBuildLog extends SheetLog {
	info(details: object, message: string): void;
}

/**
 * Builds QR sheets one at a time and keeps the last sheet of each shop. A sheet is keyed on
 * everything printed on it (the shop's name in the reader's language, and each table's number,
 * area and code URL with its token), so a change to any of them (a table added, renamed,
 * moved, hidden or given a new code, the shop renamed) makes a new key and the old sheet is
 * never served; the same downloads at once share one build.
 */
export class QrSheets {
	private readonly lastSheet = new Map<number, { key: string; sheet: Promise<Buffer>; bytes: number }>();
	private running = 0;
	private readonly queue: Array<() => void> = [];

	constructor(
		private readonly limits: SheetLimits = SHEET_LIMITS,
		private readonly render: (args: SheetInputs & { log: SheetLog }) => Promise<Buffer> = renderQrSheet,
	) {}

	async sheetFor(shopId: number, inputs: SheetInputs, log: SheetBuildLog): Promise<Buffer> {
		const key = sheetKey(inputs);
		const cached = this.lastSheet.get(shopId);
		if (cached?.key === key) {
			// Most recently used last: the first entry is the one to drop when over the limits.
			this.lastSheet.delete(shopId);
			this.lastSheet.set(shopId, cached);
			return cached.sheet;
		}
		const entry = { key, sheet: this.build(shopId, inputs, log), bytes: 0 };
		this.lastSheet.delete(shopId);
		this.lastSheet.set(shopId, entry);
		try {
			const sheet = await entry.sheet;
			entry.bytes = sheet.length;
			this.keepWithinLimits();
			return sheet;
		} catch (error) {
			// A refused or failed build is not kept: the next download tries again.
			if (this.lastSheet.get(shopId) === entry) this.lastSheet.delete(shopId);
			throw error;
		}
	}

	private async build(shopId: number, inputs: SheetInputs, log: SheetBuildLog): Promise<Buffer> {
		await this.turn();
		try {
			const started = Date.now();
			const sheet = await this.render({ ...inputs, log });
			log.info(
				{ shopId, tables: inputs.tables.length, bytes: sheet.length, ms: Date.now() - started },
				"QR sheet built",
			);
			return sheet;
		} finally {
			this.running--;
			this.queue.shift()?.();
		}
	}

	/** Resolves when this build may start; refuses when too many wait or the wait is too long. */
	private turn(): Promise<void> {
		if (this.running < this.limits.building) {
			this.running++;
			return Promise.resolve();
		}
		if (this.queue.length >= this.limits.waiting)
			return Promise.reject(new ServiceUnavailableError(this.limits.retryAfterSeconds, "QR sheets busy"));
		return new Promise<void>((resolve, reject) => {
			const start = () => {
				clearTimeout(timer);
				this.running++;
				resolve();
			};
			const timer = setTimeout(() => {
				const at = this.queue.indexOf(start);
				if (at >= 0) this.queue.splice(at, 1);
				reject(new ServiceUnavailableError(this.limits.retryAfterSeconds, "QR sheets busy"));
			}, this.limits.waitMs);
			this.queue.push(start);
		});
	}

	private keepWithinLimits() {
		let bytes = 0;
		for (const entry of this.lastSheet.values()) bytes += entry.bytes;
		for (const [shopId, entry] of this.lastSheet) {
			if (this.lastSheet.size <= this.limits.cachedShops && bytes <= this.limits.cachedBytes) break;
			this.lastSheet.delete(shopId);
			bytes -= entry.bytes;
		}
	}
}

/** Everything a sheet prints, hashed: two downloads with the same key get the same bytes. */
function sheetKey(inputs: SheetInputs): string {
	const printed = JSON.stringify([
		inputs.shopName,
		inputs.tables.map((table) => [table.number, table.area, table.qrUrl]),
	]);
	return createHash("sha256").update(printed).digest("base64url");
}
