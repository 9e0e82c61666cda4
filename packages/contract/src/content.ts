/** Spec §3: a language has a code (the key) and a name (the label). */
export interface LanguageItem {
	code: string;
	name: string;
}

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
}

export interface AppConfig {
	tenantId: number;
	tenantName: string;
	currency: CurrencyConfig;
	telegramLoginEnabled: boolean;
}
