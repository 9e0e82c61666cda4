/** One verification code on its way to a phone. */
export interface SmsMessage {
	mobile: string;
	code: string;
	scene: number;
	sentAt: Date;
}

/**
 * Where codes go: the outbox file (development), or the configured providers behind
 * createSmsProvider (failover.ts). send resolves once a provider has taken the message and
 * rejects when none did (SmsNotSent): then nobody has the code.
 */
export interface SmsProvider {
	send(message: SmsMessage): Promise<void>;
}

/** Every configured provider failed within the time the customer waits: nobody got the code. */
export class SmsNotSent extends Error {
	constructor(readonly reasons: string[]) {
		super(`the code could not be sent: ${reasons.join("; ")}`);
		this.name = "SmsNotSent";
	}
}
