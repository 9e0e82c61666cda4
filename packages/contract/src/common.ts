import { z } from "zod";
import { Limits, PHONE_PATTERN } from "./constants.js";

/**
 * Field schemas reused by several features. Their error texts are keys of the shared
 * message catalogue (messages.ts); the server and the web app translate them.
 */
export const mobileField = z
	.string({ error: "fillPhone" })
	.trim()
	.min(1, { error: "fillPhone", abort: true })
	.regex(PHONE_PATTERN, { error: "phoneFormat" });

export const idField = z.coerce.number({ error: "fieldInvalid" }).int().positive();

export const PageQuery = z.object({
	page: z.coerce.number().int().min(1).default(1),
	pageSize: z.coerce.number().int().min(1).max(Limits.pageSizeMax).default(10),
});
export type PageQuery = z.infer<typeof PageQuery>;

export interface PageResult<T> {
	list: T[];
	total: number;
}

export const IdQuery = z.object({ id: idField });
