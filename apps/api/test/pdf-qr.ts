import { inflateSync } from "node:zlib";
import jsqrModule from "jsqr";

/** jsqr is CommonJS: its function arrives as the default export or inside it, depending on the loader. */
const jsQR = ((jsqrModule as unknown as { default?: unknown }).default ?? jsqrModule) as typeof import("jsqr").default;

/** The text of every QR code drawn on a PDF sheet (its RGB images, read back with jsqr). */
export function qrCodesOnSheet(pdf: Buffer): Array<string | null> {
	return rgbImagesOf(pdf).map(decodeQr);
}

function rgbImagesOf(pdf: Buffer): Array<{ width: number; height: number; rgb: Buffer }> {
	const text = pdf.toString("latin1");
	const images: Array<{ width: number; height: number; rgb: Buffer }> = [];
	const objectHead = /\d+ 0 obj\s*<<([\s\S]*?)>>\s*stream\r?\n/g;
	for (const match of text.matchAll(objectHead)) {
		const dict = match[1] as string;
		if (!dict.includes("/Subtype /Image") || !dict.includes("/ColorSpace /DeviceRGB")) continue;
		const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
		const start = (match.index as number) + match[0].length;
		images.push({
			width: Number(/\/Width (\d+)/.exec(dict)?.[1]),
			height: Number(/\/Height (\d+)/.exec(dict)?.[1]),
			rgb: inflateSync(pdf.subarray(start, start + length)),
		});
	}
	return images;
}

function decodeQr(image: { width: number; height: number; rgb: Buffer }): string | null {
	const rgba = new Uint8ClampedArray(image.width * image.height * 4);
	for (let i = 0; i < image.width * image.height; i++) {
		rgba.set([image.rgb[i * 3] as number, image.rgb[i * 3 + 1] as number, image.rgb[i * 3 + 2] as number, 255], i * 4);
	}
	return jsQR(rgba, image.width, image.height)?.data ?? null;
}
