import type { AuthSession } from "@bayon/contract";
import { readString, StorageKeys, writeString } from "./storage";
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
