import { crc32, deflateSync } from "node:zlib";

function chunk(type: string, data: Buffer): Buffer {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length);
	const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(body) >>> 0);
	return Buffer.concat([length, body, crc]);
}

/** A small valid RGB PNG: a square in `rgb` with a darker diagonal, generated on the fly. */
export function makePng(size = 32, rgb: [number, number, number] = [250, 227, 88]): Buffer {
	const header = Buffer.alloc(13);
	header.writeUInt32BE(size, 0);
	header.writeUInt32BE(size, 4);
	header[8] = 8; // bit depth
	header[9] = 2; // colour type: RGB
	const rows: Buffer[] = [];
	for (let y = 0; y < size; y++) {
		const row = Buffer.alloc(1 + size * 3); // filter byte 0, then pixels
		for (let x = 0; x < size; x++) {
			const onDiagonal = Math.abs(x - y) < 3;
			row[1 + x * 3] = onDiagonal ? 40 : rgb[0];
			row[2 + x * 3] = onDiagonal ? 40 : rgb[1];
			row[3 + x * 3] = onDiagonal ? 40 : rgb[2];
		}
		rows.push(row);
	}
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk("IHDR", header),
		chunk("IDAT", deflateSync(Buffer.concat(rows))),
		chunk("IEND", Buffer.alloc(0)),
	]);
}
