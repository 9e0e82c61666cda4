/** Spec §3: every answer is `{code, msg, data}`; code 0 is success. */
export interface ApiEnvelope<T> {
	code: number;
	msg: string;
	data: T;
}

/** `data` of a rejected request whose fields failed validation. */
export interface ValidationIssue {
	/** Dotted path of the field, e.g. "mobile". */
	field: string;
	/** Key into the shared message catalogue. */
	rule: string;
	message: string;
}

/** Spec §7 header names. */
export const Headers = {
	tenant: "tenant-id",
	shopKey: "shop-key",
	language: "x-lang",
	requestId: "x-request-id",
} as const;

/** Spec §9: default tenant id 1. */
export const DEFAULT_TENANT_ID = 1;
/** The demo tenant's fixed shop key, sent by the web app on every call. */
export const DEMO_SHOP_KEY = "bayon-demo";
