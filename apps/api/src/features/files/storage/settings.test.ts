import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../../lib/config.js";

/** S3_* in the configuration (decision 033): all of it or a clear refusal, never half a bucket. */
const base = { NODE_ENV: "test", DATA_DIR: "/tmp/bayon-settings-test", TOKEN_SECRET: "s".repeat(40) };
const complete = {
	S3_BUCKET: "bayon-uploads",
	S3_REGION: "auto",
	S3_ENDPOINT: "https://0123456789abcdef.r2.cloudflarestorage.com",
	S3_ACCESS_KEY_ID: "key-id",
	S3_SECRET_ACCESS_KEY: "key-secret",
};

function refusal(env: Record<string, string>): string {
	try {
		loadConfig({ ...base, ...env });
	} catch (error) {
		if (error instanceof ConfigError) return error.message;
		throw error;
	}
	throw new Error("the configuration was accepted");
}

describe("object storage settings", () => {
	it("keeps uploads in the data folder when no S3_* is set", () => {
		expect(loadConfig(base).objectStorage).toBeUndefined();
	});

	it("reads a complete set, with the defaults for what is left out", () => {
		expect(loadConfig({ ...base, ...complete }).objectStorage).toEqual({
			bucket: "bayon-uploads",
			region: "auto",
			endpoint: "https://0123456789abcdef.r2.cloudflarestorage.com",
			credentials: { accessKeyId: "key-id", secretAccessKey: "key-secret" },
			forcePathStyle: false,
			publicUrl: undefined,
			keyPrefix: "uploads/",
			timeoutMs: 5000,
		});
		const { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, ...withoutKeys } = complete;
		expect(loadConfig({ ...base, ...withoutKeys }).objectStorage?.credentials, "the machine's role").toBeUndefined();
	});

	it("names what is missing from a set that was started", () => {
		const { S3_BUCKET, S3_REGION, ...partial } = complete;
		const message = refusal(partial);
		expect(message).toContain("S3_BUCKET is required when any S3_* setting is set");
		expect(message).toContain("S3_REGION (auto for Cloudflare R2) is required");
		expect(message).toContain("S3_ENDPOINT");
		expect(refusal({ S3_BUCKET: "b1", S3_REGION: "auto", S3_ACCESS_KEY_ID: "only-the-id" })).toContain(
			"S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
		);
	});

	it("refuses values in the wrong form, naming the variable", () => {
		expect(refusal({ ...complete, S3_ENDPOINT: "r2.example.com/" })).toContain("S3_ENDPOINT");
		expect(refusal({ ...complete, S3_PUBLIC_URL: "https://cdn.example.com/" })).toContain("S3_PUBLIC_URL");
		expect(refusal({ ...complete, S3_KEY_PREFIX: "uploads" })).toContain("S3_KEY_PREFIX");
		expect(refusal({ ...complete, S3_BUCKET: "Bayon_Uploads" })).toContain("S3_BUCKET");
		expect(refusal({ ...complete, S3_FORCE_PATH_STYLE: "yes" })).toContain("S3_FORCE_PATH_STYLE");
	});
});
