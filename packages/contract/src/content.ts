/** Spec §3: a language has a code (the key) and a name (the label). */
export interface LanguageItem {
	code: string;
	name: string;
}

import { z } from "zod";
import { oneLineText, queryIdField } from "./common.js";
import type { CurrencyConfig } from "./money.js";

/** Declared in money.ts (the contract's infrastructure); also named here for the files that read them from content.ts. */
export type { CurrencyConfig, SecondCurrency } from "./money.js";

/** Stable slugs of content pages the app links to directly (the login page's agreements). */
export const ServicePageSlug = {
	AboutUs: "about-us",
	UserAgreement: "user-agreement",
	PrivacyPolicy: "privacy-policy",
	StoredValueAgreement: "stored-value-agreement",
} as const;

/** A content page by id (from the service list) or by its slug. */
export const ServiceContentQuery = z
	.object({
		id: queryIdField.optional(),
		slug: oneLineText()
			.trim()
			.regex(/^[a-z0-9-]{1,64}$/, { error: "fieldInvalid" })
			.optional(),
	})
	.refine((query) => query.id !== undefined || query.slug !== undefined, { error: "fieldInvalid", path: ["id"] });

/** A "my services" entry on the mine page; opening it shows its content page. */
export interface ServiceItem {
	id: number;
	slug: string;
	name: string;
	icon: string;
}

/** A content page. `content` is plain text; blank lines separate paragraphs. */
export interface ServiceContent {
	id: number;
	slug: string;
	name: string;
	content: string;
	updatedAt: string;
}

export interface NewsSummary {
	id: number;
	title: string;
	summary: string;
	publishedAt: string;
}

export interface NewsDetail extends NewsSummary {
	content: string;
}

export interface AppConfig {
	tenantId: number;
	tenantName: string;
	currency: CurrencyConfig;
	telegramLoginEnabled: boolean;
}
