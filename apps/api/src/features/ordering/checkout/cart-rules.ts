import {
	type CartProblem,
	type CurrencyConfig,
	ErrorCode,
	errorMessageKeys,
	formatMessage,
	formatPrice,
	type MenuItem,
	type MessageKey,
	type OrderType,
	type PricedCart,
	type PricedCartLine,
	type ShopOpenState,
} from "@bayon/contract";
import { type AskedCoupon, priceWithCoupon } from "../../coupons/pricing.js";
import { type CardForPricing, priceWithCard } from "../../membership/pricing.js";

export interface CartLine {
	itemId: number;
	quantity: number;
	optionIds: number[];
	/** The unit price the customer was last shown, when the app sends it. */
	seenUnitPrice?: number;
}

/** Everything pricing depends on, already loaded: the rules themselves do no I/O. */
export interface PricingFacts {
	lang: string;
	currency: CurrencyConfig;
	orderType: OrderType;
	/** `timezone` (IANA) is the shop's: a pause is told in its local time. */
	shop: { openState: ShopOpenState; orderTypes: OrderType[]; timezone: string };
	/** Current menu items by id; an id missing here is no longer on the menu. */
	items: Map<number, MenuItem>;
	/** Delivery terms at the chosen address (takeout only). */
	delivery:
		| { kind: "none" }
		| { kind: "missing" }
		| { kind: "quoted"; inRange: boolean; fee: number; minOrder: number };
	/** The scanned table (dine-in only); "ended" when the seating the diner joined is over. */
	table: { kind: "none" } | { kind: "valid" } | { kind: "invalid" } | { kind: "ended" };
	/** The member's active VIP card (issue 12); absent or null for visitors and members without one. */
	memberCard?: CardForPricing | null;
	/** The member's coupon the cart asks for (issue 13); absent when none is asked for. */
	coupon?: AskedCoupon | null;
}

type FailureCode = Exclude<ErrorCode, 0>;

function problem(
	facts: PricingFacts,
	code: FailureCode,
	params: Record<string, string | number> = {},
	key?: MessageKey,
): CartProblem {
	return { code, message: formatMessage(key ?? errorMessageKeys[code], facts.lang, params) };
}

/** "14:30" in the shop's time zone (a pause lasts an hour at most: the time alone is clear). */
function localClock(instant: string, timeZone: string): string {
	return new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
		new Date(instant),
	);
}

function orderTypeName(facts: PricingFacts): string {
	const key = ({ takein: "orderTypeTakein", takeout: "orderTypeTakeout", desk: "orderTypeDesk" } as const)[
		facts.orderType
	];
	return formatMessage(key, facts.lang);
}

/**
 * Prices a cart with the current menu and reports every reason it cannot be ordered, per
 * line and for the whole cart. Lines with a problem do not count toward the subtotal, so
 * the minimum delivery price is checked against what can really be ordered.
 */
export function priceCart(lines: CartLine[], facts: PricingFacts): Omit<PricedCart, "shopId"> {
	const priced = lines.map((line, index) => priceLine(line, index, facts));
	checkStock(lines, priced, facts);

	const subtotal = priced.filter((line) => line.problems.length === 0).reduce((sum, line) => sum + line.lineTotal, 0);
	const problems: CartProblem[] = [];
	const { openState } = facts.shop;
	if (!openState.acceptingOrders) problems.push(problem(facts, ErrorCode.StoreNotAccepting));
	else if (openState.closedToday) problems.push(problem(facts, ErrorCode.StoreClosed));
	else if (openState.pausedUntil)
		problems.push(
			problem(facts, ErrorCode.StorePaused, { time: localClock(openState.pausedUntil, facts.shop.timezone) }),
		);
	else if (!openState.isOpen) problems.push(problem(facts, ErrorCode.StoreClosed, {}, "cannotOrderOutsideHours"));
	if (!facts.shop.orderTypes.includes(facts.orderType)) {
		problems.push(problem(facts, ErrorCode.OrderTypeNotOffered, { orderType: orderTypeName(facts) }));
	}

	let deliveryFee = 0;
	let minDeliveryPrice: number | null = null;
	if (facts.orderType === "takeout") {
		if (facts.delivery.kind === "missing") problems.push(problem(facts, ErrorCode.AddressRequired));
		else if (facts.delivery.kind === "quoted" && !facts.delivery.inRange)
			problems.push(problem(facts, ErrorCode.AddressOutOfRange));
		else if (facts.delivery.kind === "quoted") {
			deliveryFee = facts.delivery.fee;
			minDeliveryPrice = facts.delivery.minOrder;
			// "Exactly the minimum" is enough.
			if (subtotal < facts.delivery.minOrder) {
				problems.push(
					problem(facts, ErrorCode.BelowMinDeliveryPrice, {
						amount: formatPrice(facts.delivery.minOrder, facts.currency),
					}),
				);
			}
		}
	}
	if (facts.orderType === "desk" && facts.table.kind !== "valid")
		problems.push(problem(facts, facts.table.kind === "ended" ? ErrorCode.SeatingEnded : ErrorCode.TableInvalid));

	// The member's VIP card (decision 021): its discount on the goods and a waived delivery fee.
	// The minimum delivery price above is judged on the goods before the discount.
	const card = priceWithCard({ subtotal, deliveryFee }, facts.memberCard ?? null, facts.lang);
	// Then the coupon on what the card left (decision 022): its own discount line, or a problem
	// saying why it does not fit, which keeps the cart from being ordered with it.
	const coupon = facts.coupon
		? priceWithCoupon(
				facts.coupon,
				{
					orderType: facts.orderType,
					goods: subtotal,
					cardDiscount: card.memberDiscount,
					deliveryFee: card.deliveryFee,
				},
				{ lang: facts.lang, currency: facts.currency, timeZone: facts.shop.timezone },
			)
		: null;
	if (coupon?.reason)
		problems.push(problem(facts, ErrorCode.CouponNotUsable, { reason: coupon.reason }, "couponNotUsable"));
	const orderable = problems.length === 0 && priced.every((line) => line.problems.length === 0);
	return {
		orderType: facts.orderType,
		lines: priced,
		subtotal,
		deliveryFee: card.deliveryFee,
		deliveryFeeWaived: card.deliveryFeeWaived,
		discounts: coupon?.line ? [...card.discounts, coupon.line] : card.discounts,
		couponId: coupon?.couponId ?? null,
		total: Math.max(0, card.total - (coupon?.amount ?? 0)),
		minDeliveryPrice,
		problems,
		orderable,
	};
}

function priceLine(line: CartLine, index: number, facts: PricingFacts): PricedCartLine {
	const item = facts.items.get(line.itemId);
	if (!item) {
		return {
			index,
			itemId: line.itemId,
			name: "",
			options: [],
			unitPrice: 0,
			quantity: line.quantity,
			lineTotal: 0,
			problems: [problem(facts, ErrorCode.ItemUnavailable)],
		};
	}
	const problems: CartProblem[] = [];
	if (item.soldOut) problems.push(problem(facts, ErrorCode.ItemSoldOut));
	if (!item.orderTypes.includes(facts.orderType))
		problems.push(problem(facts, ErrorCode.ItemNotForOrderType, { orderType: orderTypeName(facts) }));

	const chosen: PricedCartLine["options"] = [];
	const seen = new Set<number>();
	let optionsValid = true;
	for (const optionId of line.optionIds) {
		const group = item.optionGroups.find((g) => g.options.some((o) => o.id === optionId));
		const option = group?.options.find((o) => o.id === optionId);
		if (!option || seen.has(optionId) || option.soldOut) {
			optionsValid = false;
			continue;
		}
		seen.add(optionId);
		chosen.push({ id: option.id, name: option.name, priceDelta: option.priceDelta });
	}
	if (!optionsValid) problems.push(problem(facts, ErrorCode.OptionInvalid));
	for (const group of item.optionGroups) {
		const count = group.options.filter((o) => seen.has(o.id)).length;
		if (count < group.minChoices) problems.push(problem(facts, ErrorCode.OptionRequired, { group: group.name }));
		if (count > group.maxChoices)
			problems.push(problem(facts, ErrorCode.TooManyOptions, { group: group.name, max: group.maxChoices }));
	}
	const unitPrice = Math.max(0, item.price + chosen.reduce((sum, option) => sum + option.priceDelta, 0));
	// The menu changed since the customer saw this line: say so instead of charging quietly.
	if (problems.length === 0 && line.seenUnitPrice !== undefined && line.seenUnitPrice !== unitPrice) {
		problems.push(
			problem(facts, ErrorCode.PriceChanged, {
				was: formatPrice(line.seenUnitPrice, facts.currency),
				now: formatPrice(unitPrice, facts.currency),
			}),
		);
	}
	return {
		index,
		itemId: item.id,
		name: item.name,
		options: chosen,
		unitPrice,
		quantity: line.quantity,
		lineTotal: unitPrice * line.quantity,
		problems,
	};
}

/** Stock is shared by every line of the same item (or option): compare the sums, not each line. */
function checkStock(lines: CartLine[], priced: PricedCartLine[], facts: PricingFacts) {
	const wantedItems = new Map<number, number>();
	const wantedOptions = new Map<number, number>();
	lines.forEach((line) => {
		wantedItems.set(line.itemId, (wantedItems.get(line.itemId) ?? 0) + line.quantity);
		for (const optionId of new Set(line.optionIds))
			wantedOptions.set(optionId, (wantedOptions.get(optionId) ?? 0) + line.quantity);
	});
	priced.forEach((line, index) => {
		const item = facts.items.get(line.itemId);
		if (!item || item.soldOut) return;
		const lacking: number[] = [];
		if (item.stock !== null && (wantedItems.get(item.id) ?? 0) > item.stock) lacking.push(item.stock);
		for (const option of item.optionGroups.flatMap((g) => g.options)) {
			if (
				option.stock !== null &&
				(lines[index]?.optionIds ?? []).includes(option.id) &&
				(wantedOptions.get(option.id) ?? 0) > option.stock
			) {
				lacking.push(option.stock);
			}
		}
		if (lacking.length)
			line.problems.push({ ...problem(facts, ErrorCode.InsufficientStock), available: Math.min(...lacking) });
	});
}
