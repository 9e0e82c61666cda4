import type { Config } from "../../../lib/config.js";
import { copyUploadsToStore } from "./copy-to-bucket.js";
import { uploadsDirOf } from "./disk.js";
import { bucketStorage } from "./s3.js";

/**
 * `npm run files:to-s3`: copies `<DATA_DIR>/uploads` to the bucket S3_* names, printing each
 * file copied or skipped. Answers the exit code: 0 when every file is in the bucket, 1 when
 * some could not be copied (run it again: what is there is skipped), 2 when no bucket is set.
 */
export async function filesToS3Command(config: Config, out: Pick<Console, "log" | "error"> = console): Promise<number> {
	if (!config.objectStorage) {
		out.error("files:to-s3: no bucket is set: set S3_BUCKET, S3_REGION and the rest of S3_* first.");
		return 2;
	}
	const uploadsDir = uploadsDirOf(config.dataDir);
	const store = bucketStorage(config.objectStorage);
	const target = `${config.objectStorage.bucket}/${config.objectStorage.keyPrefix}`;
	out.log(`files:to-s3: copying ${uploadsDir} to ${target}`);
	try {
		const report = await copyUploadsToStore({
			uploadsDir,
			store,
			onFile(name, outcome, detail) {
				if (outcome === "failed") out.error(`  failed  ${name}: ${detail}`);
				else out.log(`  ${outcome.padEnd(7)} ${name}`);
			},
		});
		out.log(
			`files:to-s3: ${report.copied.length} copied, ${report.skipped.length} skipped (already there), ${report.failed.length} failed`,
		);
		if (report.failed.length > 0) {
			out.error("files:to-s3: some files were not copied: run it again to copy what is left.");
			return 1;
		}
		return 0;
	} finally {
		store.close();
	}
}
