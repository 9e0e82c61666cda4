import { existsSync } from "node:fs";
import type { MerchantTable } from "@bayon/contract";
import QRCode from "qrcode";

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
