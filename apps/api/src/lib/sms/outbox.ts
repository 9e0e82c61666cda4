import { appendFile, mkdir } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { SmsMessage, SmsProvider } from "./provider.js";

/**
 * Development and test "gateway": appends each message as one JSON line to
 * $DATA_DIR/sms-outbox.jsonl and logs it. Refused in production by the config check.
 */
export function createOutboxSmsProvider(dataDir: string, logger?: Pick<FastifyBaseLogger, "info">): SmsProvider {
	const file = path.join(dataDir, "sms-outbox.jsonl");
	return {
		async send(message: SmsMessage) {
			await mkdir(dataDir, { recursive: true });
			const line = {
				mobile: message.mobile,
				code: message.code,
				scene: message.scene,
				sentAt: message.sentAt.toISOString(),
			};
			await appendFile(file, `${JSON.stringify(line)}\n`, "utf8");
			logger?.info({ sms: line, outbox: file }, "SMS written to outbox");
		},
	};
}
