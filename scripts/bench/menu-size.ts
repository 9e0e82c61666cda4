import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

/** Issue 16's aims for the 300-item menu. */
export const MENU_AIMS = { jsonBytes: 200 * 1000, compressedBytes: 25 * 1000, gzipShareOfBaseline: 0.35 };

export interface MenuSizes {
	jsonBytes: number;
	gzipBytes: number;
	brotliBytes: number;
	/** Both compressed answers unpack to exactly the plain JSON. */
	sameContent: boolean;
}

/**
 * The menu's body as sent for each encoding, measured over HTTP (fetch would unpack it):
 * plain JSON, gzip and brotli.
 */
export async function measureMenuSizes(url: string, headers: Record<string, string>): Promise<MenuSizes> {
	const plain = await rawGet(url, headers);
	const gzipped = await rawGet(url, { ...headers, "accept-encoding": "gzip" });
	const brotli = await rawGet(url, { ...headers, "accept-encoding": "br" });
	const sameContent =
		gzipped.encoding === "gzip" &&
		brotli.encoding === "br" &&
		gunzipSync(gzipped.body).equals(plain.body) &&
		brotliDecompressSync(brotli.body).equals(plain.body);
	return {
		jsonBytes: plain.body.length,
		gzipBytes: gzipped.body.length,
		brotliBytes: brotli.body.length,
		sameContent,
	};
}

/**
 * The lines the benchmark prints about the menu's size and speed. False when the sizes miss
 * their aims or the encodings differ (both fixed by the code); the share of the baseline's
 * rate depends on the machine's load too, so it is printed, not failed.
 */
export function reportMenuSizes(sizes: MenuSizes, gzipShareOfBaseline: number): boolean {
	const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
	const rows = [
		["JSON", sizes.jsonBytes, MENU_AIMS.jsonBytes],
		["gzip", sizes.gzipBytes, MENU_AIMS.compressedBytes],
		["brotli", sizes.brotliBytes, MENU_AIMS.compressedBytes],
	] as const;
	console.log("\nmenu size (300 items, one language, body bytes as sent):");
	for (const [name, bytes, aim] of rows)
		console.log(
			`  ${bytes <= aim ? "ok  " : "MISS"} ${name.padEnd(6)} ${kb(bytes).padStart(9)} (aim: at most ${kb(aim)})`,
		);
	console.log(`  ${sizes.sameContent ? "ok  " : "FAIL"} gzip and brotli unpack to the same JSON`);
	const shareOk = gzipShareOfBaseline >= MENU_AIMS.gzipShareOfBaseline;
	console.log(
		`  ${shareOk ? "ok  " : "MISS"} menu (gzip, cached) / trivial route: ${(gzipShareOfBaseline * 100).toFixed(0)} % of the requests per second (aim: at least ${MENU_AIMS.gzipShareOfBaseline * 100} %).`,
	);
	return sizes.sameContent && rows.every(([, bytes, aim]) => bytes <= aim);
}

function rawGet(url: string, headers: Record<string, string>) {
	return new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
		http
			.get(url, { headers }, (response) => {
				const chunks: Buffer[] = [];
				response.on("data", (chunk: Buffer) => chunks.push(chunk));
				response.on("end", () =>
					resolve({ encoding: response.headers["content-encoding"], body: Buffer.concat(chunks) }),
				);
			})
			.on("error", reject);
	});
}
