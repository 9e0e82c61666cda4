import type { AuthSession } from "@bayon/contract";
import { readString, SessionStorageKeys, StorageKeys, writeString } from "./storage";
import { appStore, setMember } from "./store";

/** Stores a signed-in session: access token, refresh token and the access token's expiry. */
export function saveSession(session: AuthSession): void {
	writeString(StorageKeys.refreshToken, session.refreshToken);
	writeString(StorageKeys.expiresTime, String(session.expiresTime));
	appStore.setState({ token: session.accessToken });
	// The store writes accessToken; write it here too so storage is right even before a render.
	writeString(StorageKeys.accessToken, session.accessToken);
}

export function readAccessToken(): string | null {
	return readString(StorageKeys.accessToken) || null;
}

export function readRefreshToken(): string | null {
	return readString(StorageKeys.refreshToken) || null;
}

/** Epoch ms at which the access token expires, or null when unknown. */
export function readExpiresTime(): number | null {
	const raw = readString(StorageKeys.expiresTime);
	const value = raw === null ? Number.NaN : Number(raw);
	return Number.isFinite(value) ? value : null;
}

/** Spec §2/§4 logout: clears the saved user info and the tokens. */
export function clearSession(): void {
	writeString(StorageKeys.accessToken, null);
	writeString(StorageKeys.refreshToken, null);
	writeString(StorageKeys.expiresTime, null);
	setMember(null);
	appStore.setState({ token: null });
}

const forgetters = new Set<() => void>();

/**
 * A feature that holds something of the person in memory (the checkout draft) registers how
 * to forget it, so signing out reaches it without the sign-out page importing that feature.
 */
export function onForgetPersonalData(forget: () => void): () => void {
	forgetters.add(forget);
	return () => forgetters.delete(forget);
}

/**
 * Signing out: the session, and everything else on this device that belongs to the person,
 * so the next one to use it sees none of it: the delivery address and saved addresses, the
 * cart, the table they sat at, the last page visited (it may be one of their orders) and the
 * login form's draft, the checkout draft. The language stays (a choice of the device, not of
 * the person). What a feature keeps of the person in memory it forgets through
 * onForgetPersonalData; the query cache is the caller's to clear (logout-screen.tsx).
 */
export function forgetPersonalData(): void {
	clearSession();
	writeString(StorageKeys.checkoutDraft, null);
	for (const forget of forgetters) forget();
	appStore.setState((current) => ({
		cart: [],
		address: null,
		addresses: [],
		desk: null,
		coupon: null,
		orderType: current.orderType === "desk" ? "takein" : current.orderType,
	}));
	writeString(StorageKeys.indexUrl, null);
	try {
		globalThis.sessionStorage?.removeItem(SessionStorageKeys.loginDraft);
	} catch {
		// blocked storage holds nothing
	}
}
