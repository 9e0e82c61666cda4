/** One verification code on its way to a phone. */
export interface SmsMessage {
	mobile: string;
	code: string;
	scene: number;
	sentAt: Date;
}

/**
 * Where codes go. A real gateway is one more file implementing this; pick it in
 * createSmsProvider from SMS_PROVIDER.
 */
export interface SmsProvider {
	send(message: SmsMessage): Promise<void>;
}
