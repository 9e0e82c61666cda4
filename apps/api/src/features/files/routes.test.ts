import { ErrorCode, formatMessage, type MemberInfo, SUPPORTED_LANGUAGES, type UploadedFile } from "@bayon/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";

let server: TestServer;
let token: string;
beforeAll(async () => {
	server = await startTestServer();
	token = (await server.signIn("13922220001")).accessToken;
});
afterAll(async () => {
	await server?.close();
});

function png(width: number, height: number): Promise<Buffer> {
	return sharp({ create: { width, height, channels: 3, background: { r: 250, g: 227, b: 88 } } })
		.png()
		.toBuffer();
}

async function upload(
	bytes: Buffer | string,
	fileName: string,
	type: string,
	options: { token?: string; lang?: string } = {},
) {
	const form = new FormData();
	form.append("file", new Blob([bytes], { type }), fileName);
	const headers: Record<string, string> = { "tenant-id": "1" };
	if (options.token) headers.authorization = `Bearer ${options.token}`;
	if (options.lang) headers["x-lang"] = options.lang;
	const response = await fetch(`${server.url}/app-api/infra/file/upload`, { method: "POST", body: form, headers });
	expect(response.status).toBe(200);
	return (await response.json()) as { code: number; msg: string; data: UploadedFile };
}

describe("image upload", () => {
	it("needs a signed-in member", async () => {
		expect((await upload(await png(10, 10), "a.png", "image/png")).code).toBe(401);
	});

	it("stores an image under a random name and serves it back as WebP", async () => {
		const answer = await upload(await png(640, 480), "my photo.png", "image/png", { token });

		expect(answer.code).toBe(0);
		expect(answer.data).toMatchObject({ width: 640, height: 480 });
		expect(answer.data.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
		const served = await fetch(`${server.url}${answer.data.url}`);
		expect(served.status).toBe(200);
		expect(served.headers.get("content-type")).toBe("image/webp");
		const bytes = Buffer.from(await served.arrayBuffer());
		expect(bytes.length).toBe(answer.data.size);
		expect((await sharp(bytes).metadata()).format).toBe("webp");
	});

	it.each(SUPPORTED_LANGUAGES)("refuses a file that is not an image whatever its name says, in %s", async (lang) => {
		const disguised = await upload("#!/bin/sh\necho hacked\n", "photo.png", "image/png", { token, lang });
		const svg = await upload(
			'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
			"a.svg",
			"image/svg+xml",
			{ token, lang },
		);

		for (const answer of [disguised, svg]) {
			expect(answer).toMatchObject({ code: ErrorCode.FileNotImage, msg: formatMessage("fileNotImage", lang) });
		}
	});

	it("refuses a file over 5 MB", async () => {
		const answer = await upload(Buffer.alloc(5 * 1024 * 1024 + 10, 1), "big.jpg", "image/jpeg", { token, lang: "en" });

		expect(answer).toMatchObject({ code: ErrorCode.FileTooLarge, msg: formatMessage("fileTooLarge", "en", { mb: 5 }) });
	});

	it("refuses an image wider than 4096 pixels", async () => {
		const answer = await upload(await png(5000, 10), "wide.png", "image/png", { token, lang: "en" });

		expect(answer).toMatchObject({
			code: ErrorCode.ImageDimensionsTooLarge,
			msg: formatMessage("imageDimensionsTooLarge", "en", { px: 4096 }),
		});
	});

	it("says so when no file was sent", async () => {
		const empty = await fetch(`${server.url}/app-api/infra/file/upload`, {
			method: "POST",
			body: new FormData(),
			headers: { authorization: `Bearer ${token}` },
		});
		const json = await server.call("POST", "/app-api/infra/file/upload", { token, body: { file: "x" } });

		expect(((await empty.json()) as { code: number }).code).toBe(ErrorCode.FileMissing);
		expect(json.code).toBe(ErrorCode.FileMissing);
	});

	it("lets a member use their own upload as avatar, and nobody else's", async () => {
		const mine = await upload(await png(64, 64), "me.png", "image/png", { token });
		const other = (await server.signIn("13922220002")).accessToken;

		const own = await server.call<MemberInfo>("POST", "/app-api/member/user/update-nickname", {
			token,
			body: { avatar: mine.data.url },
		});
		const theft = await server.call("POST", "/app-api/member/user/update-nickname", {
			token: other,
			body: { avatar: mine.data.url },
		});

		expect(own.data.avatar).toBe(mine.data.url);
		expect(theft.code).toBe(ErrorCode.BadRequest);
	});
});
