import {
	type CurrencyConfig,
	DEFAULT_LANGUAGE,
	DEFAULT_LANGUAGE_LABEL,
	type LanguageItem,
	type MemberInfo,
	type MerchantShopRef,
	type UserType,
} from "@bayon/contract";
import { useSyncExternalStore } from "react";
import { readJson, readString, StorageKeys, writeJson, writeString } from "./storage";

/** Spec §3 client state. Only part of it has behaviour yet; the shape is in place for the rest. */
export type OrderType = "takein" | "takeout";

export interface CartLine {
	productId: number;
	skuId: number | null;
	name: string;
	price: number;
	quantity: number;
}

export interface Desk {
	id: number;
	name: string;
	shopId: number;
	scanned: boolean;
}

export interface GeoLocation {
	latitude: number;
	longitude: number;
}

export interface TelegramChatUser {
	chatId: string;
	userName: string;
}

export interface ClientState {
	/** Logged in means member is non-empty. Persisted under `userinfo`. */
	member: MemberInfo | null;
	/** The access token; persisted under `accessToken`. */
	token: string | null;
	openid: string | null;
	/** The shop the customer orders from (filled by the menu issue). */
	store: { id: number; name: string } | null;
	cart: CartLine[];
	orderType: OrderType;
	address: unknown | null;
	addresses: unknown[];
	location: GeoLocation | null;
	desk: Desk | null;
	coupon: unknown | null;
	language: LanguageItem;
	languageManual: boolean;
	/** The list of languages offered by the server. */
	languages: LanguageItem[];
	currency: CurrencyConfig;
	merchantShop: MerchantShopRef | null;
	isMerchant: boolean;
	userType: UserType;
	websocket: WebSocket | null;
	telegramUser: TelegramChatUser | null;
}

/** Until the server's configuration arrives, money is shown in plain minor-unit-free dollars. */
export const DEFAULT_CURRENCY: CurrencyConfig = {
	code: "USD",
	symbol: "$",
	decimals: 2,
	rate: 1,
	symbolPosition: "before",
};

/** Spec §3: user type defaults to an ordinary user. (A literal, not `UserType.User`: importing
 * values from the contract's identity module would pull zod into the first-load bundle.) */
const DEFAULT_USER_TYPE: UserType = "user";

function readLanguage(): LanguageItem {
	const code = readString(StorageKeys.language);
	if (!code) return { code: DEFAULT_LANGUAGE, name: DEFAULT_LANGUAGE_LABEL };
	const name = readString(StorageKeys.languageName) ?? code;
	return { code, name };
}

function initialState(): ClientState {
	const member = readJson<MemberInfo>(StorageKeys.member);
	const validMember = member && typeof member === "object" && "id" in member ? member : null;
	const orderType = readString(StorageKeys.orderType) === "takeout" ? "takeout" : "takein";
	return {
		member: validMember,
		token: readString(StorageKeys.accessToken),
		openid: null,
		store: null,
		cart: readJson<CartLine[]>(StorageKeys.cart) ?? [],
		orderType,
		address: null,
		addresses: [],
		location: null,
		desk: readJson<Desk>(StorageKeys.desk),
		coupon: null,
		language: readLanguage(),
		languageManual: readString(StorageKeys.languageManual) === "1",
		languages: [],
		currency: DEFAULT_CURRENCY,
		merchantShop: validMember?.merchantShops?.[0] ?? null,
		isMerchant: validMember?.isMerchant ?? false,
		userType: validMember?.userType ?? DEFAULT_USER_TYPE,
		websocket: null,
		telegramUser: null,
	};
}

/** What each persisted field is written as. */
function persist(prev: ClientState, next: ClientState): void {
	if (prev.member !== next.member) writeJson(StorageKeys.member, next.member);
	if (prev.token !== next.token) writeString(StorageKeys.accessToken, next.token);
	if (prev.cart !== next.cart) writeJson(StorageKeys.cart, next.cart.length ? next.cart : null);
	if (prev.orderType !== next.orderType) writeString(StorageKeys.orderType, next.orderType);
	if (prev.desk !== next.desk) writeJson(StorageKeys.desk, next.desk);
	if (prev.language !== next.language) {
		writeString(StorageKeys.language, next.language.code);
		writeString(StorageKeys.languageName, next.language.name);
	}
	if (prev.languageManual !== next.languageManual) {
		writeString(StorageKeys.languageManual, next.languageManual ? "1" : null);
	}
}

type Listener = () => void;

let state: ClientState = initialState();
const listeners = new Set<Listener>();

export const appStore = {
	getState(): ClientState {
		return state;
	},
	setState(patch: Partial<ClientState> | ((current: ClientState) => Partial<ClientState>)): void {
		const partial = typeof patch === "function" ? patch(state) : patch;
		const next = { ...state, ...partial };
		persist(state, next);
		state = next;
		for (const listener of listeners) listener();
	},
	subscribe(listener: Listener): () => void {
		listeners.add(listener);
		return () => listeners.delete(listener);
	},
	/** Re-reads persisted state (tests, and a storage event from another tab). */
	reload(): void {
		state = initialState();
		for (const listener of listeners) listener();
	},
};

/** Subscribes a component to one slice of the client state. */
export function useAppState<T>(selector: (s: ClientState) => T): T {
	return useSyncExternalStore(
		appStore.subscribe,
		() => selector(appStore.getState()),
		() => selector(appStore.getState()),
	);
}

export function isLoggedIn(s: ClientState = state): boolean {
	return s.member !== null;
}

/** Stores the member info and the merchant flags derived from it. */
export function setMember(member: MemberInfo | null): void {
	appStore.setState({
		member,
		isMerchant: member?.isMerchant ?? false,
		userType: member?.userType ?? DEFAULT_USER_TYPE,
		merchantShop: member?.merchantShops?.[0] ?? null,
	});
}
