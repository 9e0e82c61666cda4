import type { Config } from "../config.js";
import { aliyunChannel } from "./aliyun.js";
import type { SmsChannel } from "./channel.js";
import { createFailoverSmsProvider, type SmsLog } from "./failover.js";
import { createOutboxSmsProvider } from "./outbox.js";
import type { SmsProvider } from "./provider.js";
import { telegramGatewayChannel } from "./telegram-gateway.js";
import { tencentChannel } from "./tencent.js";
import { twilioChannel } from "./twilio.js";

/**
 * The providers SMS_PROVIDER lists, in its order, behind one SmsProvider (decision 032); the
 * Telegram Gateway first when TELEGRAM_GATEWAY_TOKEN is set. The outbox alone (development, the
 * tests) is used as it is. log is read at each send: the server's logger exists only once the
 * app is built.
 */
export function createSmsProvider(config: Config, log: () => SmsLog): SmsProvider {
	const { sms } = config;
	const outbox = createOutboxSmsProvider(config.dataDir);
	if (!sms.telegramGateway && sms.providers.length === 1 && sms.providers[0] === "outbox") return outbox;
	const channels: SmsChannel[] = [];
	if (sms.telegramGateway) channels.push(telegramGatewayChannel(sms.telegramGateway));
	for (const name of sms.providers) {
		if (name === "outbox") channels.push({ name, send: (outgoing) => outbox.send(outgoing.message) });
		// loadConfig refuses a listed provider without its settings, so each is set here.
		if (name === "aliyun" && sms.aliyun) channels.push(aliyunChannel(sms.aliyun, sms.attemptTimeoutMs));
		if (name === "tencent" && sms.tencent) channels.push(tencentChannel(sms.tencent, sms.attemptTimeoutMs));
		if (name === "twilio" && sms.twilio) channels.push(twilioChannel(sms.twilio));
	}
	return createFailoverSmsProvider({
		channels,
		attemptTimeoutMs: sms.attemptTimeoutMs,
		attemptsPerProvider: sms.attemptsPerProvider,
		deadlineMs: sms.deadlineMs,
		codeTtlSeconds: () => config.limits.smsCodeTtlSeconds,
		log,
	});
}
