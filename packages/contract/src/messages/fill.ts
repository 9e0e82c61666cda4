/** Fills a message's {name} placeholders; a placeholder without a value stays as written. */
export function fillPlaceholders(text: string, params: Record<string, string | number> = {}): string {
	return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
