import http from "node:http";

export interface RawAnswer {
	status: number;
	headers: http.IncomingHttpHeaders;
	body: Buffer;
}

/**
 * A plain HTTP GET that shows the bytes and headers exactly as the server sent them: fetch
 * would ask for compression and undo it, and would resolve dot segments and %2e in the path
 * before sending. The path goes out byte for byte.
 */
export function rawGet(baseUrl: string, rawPath: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
	const { hostname, port } = new URL(baseUrl);
	return new Promise((resolve, reject) => {
		const request = http.get({ host: hostname, port, path: rawPath, headers }, (response) => {
			const chunks: Buffer[] = [];
			response.on("data", (chunk: Buffer) => chunks.push(chunk));
			response.on("end", () =>
				resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
			);
			response.on("error", reject);
		});
		request.on("error", reject);
	});
}
