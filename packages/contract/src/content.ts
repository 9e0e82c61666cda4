/** Spec §3: a language has a code (the key) and a name (the label). */
export interface LanguageItem {
	code: string;
	name: string;
}

import { z } from "zod";
import { oneLineText, queryIdField } from "./common.js";

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

/** How money is shown: amount (minor units) / 10^decimals × rate, symbol before or after. */
export interface CurrencyConfig {
	code: string;
	symbol: string;
	decimals: number;
	rate: number;
	symbolPosition: "before" | "after";
	/** A second currency prices are also shown in, at the owner's rate; null or absent: none. */
	second?: SecondCurrency | null;
}

/**
 * A display-only second currency (decision 011), e.g. Khmer riel next to US dollars. The
 * ledger keeps one currency; this only changes how amounts read.
 */
export interface SecondCurrency {
	code: string;
	symbol: string;
	/** Whole units of this currency per one major unit of the ledger's, e.g. 4100 riel per dollar. */
	rate: number;
	/** Shown amounts are rounded to a multiple of this, e.g. 100 riel. */
	roundTo: number;
	symbolPosition: "before" | "after";
}

export interface AppConfig {
	tenantId: number;
	tenantName: string;
	currency: CurrencyConfig;
	telegramLoginEnabled: boolean;
}
