/** The caller as the venues' reads need it: the tenant and the language to answer in. */
export interface CallerContext {
	tenant: { id: number };
	lang: string;
}
