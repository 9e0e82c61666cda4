/**
 * localStorage keys (spec §3). The first five are fixed by the spec; the others are ours.
 * All access goes through these helpers so that a blocked storage (private mode, some
 * WebViews) degrades to "nothing stored" instead of throwing.
 */
export const StorageKeys = {
	accessToken: "accessToken",
	member: "userinfo",
	indexUrl: "index_url",
	language: "language",
	languageName: "languageName",
	languageManual: "languageManual",
	refreshToken: "refreshToken",
	expiresTime: "expiresTime",
	orderType: "orderType",
	cart: "cart",
	desk: "desk",
	/** The branch the customer chose on shop/shop (decision 018): `{id, name}`. */
	store: "store",
	deliveryAddress: "deliveryAddress",
	checkoutDraft: "checkoutDraft",
	/** The shop a member working at several runs the merchant area for (merchant/my). */
	merchantShopId: "merchantShopId",
} as const;

/** sessionStorage keys of ours. */
export const SessionStorageKeys = {
	/** The login form's mobile number while the user reads the agreement. */
	loginDraft: "bayon.loginDraft",
} as const;

/** Spec §9: clearing storage keeps these keys. */
export const KEPT_ON_CLEAR = ["redirect", "spread", "cacheVersion"] as const;

export function readString(key: string): string | null {
	try {
		return globalThis.localStorage?.getItem(key) ?? null;
	} catch {
		return null;
	}
}

export function writeString(key: string, value: string | null): void {
	try {
		if (value === null) globalThis.localStorage?.removeItem(key);
		else globalThis.localStorage?.setItem(key, value);
	} catch {
		// Storage full or blocked: the value lives in memory for this visit only.
	}
}

export function readJson<T>(key: string): T | null {
	const raw = readString(key);
	if (raw === null || raw === "") return null;
	try {
		return JSON.parse(raw) as T;
	} catch {
		return null;
	}
}

export function writeJson(key: string, value: unknown): void {
	writeString(key, value === null || value === undefined ? null : JSON.stringify(value));
}

/** Removes everything except the keys the spec says survive a clear. */
export function clearStorage(): void {
	try {
		const storage = globalThis.localStorage;
		if (!storage) return;
		const kept = new Map<string, string>();
		for (const key of KEPT_ON_CLEAR) {
			const value = storage.getItem(key);
			if (value !== null) kept.set(key, value);
		}
		storage.clear();
		for (const [key, value] of kept) storage.setItem(key, value);
	} catch {
		// ignore
	}
}
