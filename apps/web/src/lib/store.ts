import {
	type Address,
	type CurrencyConfig,
	DEFAULT_LANGUAGE,
	DEFAULT_LANGUAGE_LABEL,
	type DeliveryCheck,
	type LanguageItem,
	type MemberInfo,
	type MerchantShopRef,
	type UserType,
} from "@bayon/contract";
import { useSyncExternalStore } from "react";
import { readJson, readString, StorageKeys, writeJson, writeString } from "./storage";

/** Spec §3 client state. Only part of it has behaviour yet; the shape is in place for the rest. */
export type OrderType = "takein" | "takeout" | "desk";

/**
 * One cart line (features/ordering/cart/cart.ts holds the rules). Identical item + options share
 * one line: `key` is the item id and the sorted option ids. Prices are minor units, taken
 * from the menu and replaced by the server's whenever the cart is priced.
 */
export interface CartLine {
	key: string;
	shopId: number;
	itemId: number;
	name: string;
	image: string | null;
	optionIds: number[];
	optionNames: string[];
	unitPrice: number;
	quantity: number;
	/**
	 * The price the line was added at, kept while the server's price differs from it (the shop
	 * changed it meanwhile): the cart says so instead of charging the new price quietly.
	 */
	priceWas?: number;
}

/** A stored cart of an older shape (or edited by hand) loses the lines it cannot read. */
function readCart(): CartLine[] {
	const stored = readJson<unknown>(StorageKeys.cart);
	if (!Array.isArray(stored)) return [];
	return stored.filter(
		(line): line is CartLine =>
			typeof line === "object" &&
			line !== null &&
			typeof line.key === "string" &&
			Number.isInteger(line.shopId) &&
			Number.isInteger(line.itemId) &&
			typeof line.name === "string" &&
			Array.isArray(line.optionIds) &&
			line.optionIds.every(Number.isInteger) &&
			Array.isArray(line.optionNames) &&
			Number.isInteger(line.unitPrice) &&
			Number.isInteger(line.quantity) &&
			line.quantity > 0,
	);
}

/**
 * Spec §3 desk: the table the customer sits at (dine-in), with its scanned flag. Which table it
 * is, not how it reads: its area's name is shown in the current language (tables/desk-label.ts).
 */
export interface Desk {
	shopId: number;
	shopName: string;
	tableId: number;
	/** The table's number as printed, e.g. "A3". */
	number: string;
	seats: number;
	/** The signed table token: the server checks it again at checkout. */
	token: string;
	scanned: boolean;
}

/**
 * Spec §3 address: where a delivery goes (a saved address, or a bare point for a visitor) and
 * the server's answer for that point and shop. Only points inside a zone are stored.
 */
export interface DeliveryTarget {
	shopId: number;
	/** The member the saved address belongs to (null for a bare point). */
	memberId: number | null;
	address: Address | null;
	latitude: number;
	longitude: number;
	check: DeliveryCheck;
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
	/**
	 * The shop the customer orders from: chosen on shop/shop (`chosen`), or by scanning a
	 * table, else the cart's or the nearest (venues/current-shop.ts). Only a branch the
	 * customer chose is persisted (decision 018): the nearest is found again on the next visit.
	 */
	store: { id: number; name: string; chosen?: true } | null;
	cart: CartLine[];
	orderType: OrderType;
	address: DeliveryTarget | null;
	addresses: Address[];
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

/** A stored shop of another shape (or edited by hand) is forgotten: the nearest is found again. */
function readStore(): ClientState["store"] {
	const store = readJson<Partial<NonNullable<ClientState["store"]>>>(StorageKeys.store);
	if (!store || !Number.isInteger(store.id) || (store.id ?? 0) < 1 || typeof store.name !== "string") return null;
	return { id: store.id as number, name: store.name, chosen: true };
}

/** A stored desk of an older shape (or edited by hand) is dropped rather than trusted. */
function readDesk(): Desk | null {
	const desk = readJson<Partial<Desk>>(StorageKeys.desk);
	if (!desk || typeof desk.token !== "string" || typeof desk.tableId !== "number" || typeof desk.shopId !== "number")
		return null;
	return desk as Desk;
}

function initialState(): ClientState {
	const member = readJson<MemberInfo>(StorageKeys.member);
	const validMember = member && typeof member === "object" && "id" in member ? member : null;
	const desk = readDesk();
	const storedOrderType = readString(StorageKeys.orderType);
	const orderType: OrderType =
		storedOrderType === "takeout" ? "takeout" : storedOrderType === "desk" && desk ? "desk" : "takein";
	return {
		member: validMember,
		token: readString(StorageKeys.accessToken),
		openid: null,
		store: readStore(),
		cart: readCart(),
		orderType,
		address: readJson<DeliveryTarget>(StorageKeys.deliveryAddress),
		addresses: [],
		location: null,
		desk,
		coupon: null,
		language: readLanguage(),
		languageManual: readString(StorageKeys.languageManual) === "1",
		languages: [],
		currency: DEFAULT_CURRENCY,
		merchantShop: chosenMerchantShop(validMember),
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
	if (prev.store !== next.store) writeJson(StorageKeys.store, next.store?.chosen ? next.store : null);
	if (prev.address !== next.address) writeJson(StorageKeys.deliveryAddress, next.address);
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
		merchantShop: chosenMerchantShop(member),
	});
}

/** The shop the member chose on merchant/my, while they still work there; else their first. */
function chosenMerchantShop(member: MemberInfo | null): MerchantShopRef | null {
	const shops = member?.merchantShops ?? [];
	const chosen = Number(readString(StorageKeys.merchantShopId));
	return shops.find((shop) => shop.shopId === chosen) ?? shops[0] ?? null;
}

/** Switches the merchant area to another of the member's shops (kept across visits). */
export function selectMerchantShop(shopId: number): void {
	const shop = state.member?.merchantShops?.find((candidate) => candidate.shopId === shopId);
	if (!shop) return;
	writeString(StorageKeys.merchantShopId, String(shopId));
	appStore.setState({ merchantShop: shop });
}
