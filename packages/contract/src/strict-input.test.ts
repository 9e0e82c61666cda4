/// <reference types="node" />
// The contract ships without Node types (the browser compiles it too); this test reads its sources.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as contract from "./index.js";

/**
 * Every request schema the contract exports takes input as it is or refuses it (decision
 * 007): no control characters in text, JSON numbers only in bodies, plain decimal digits
 * only in query strings and paths. Each schema has a valid example below; the properties
 * spoil one field of it at a time and expect a refusal.
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const SHOP_SETTINGS_EXAMPLE: Record<string, Json> = {
	name: { "zh-CN": "河滨店", en: "Riverside", km: "មាត់ទន្លេ" },
	logo: "/uploads/a.webp",
	photos: ["/uploads/b.webp"],
	notice: { "zh-CN": "欢迎", en: "Welcome", km: "សូមស្វាគមន៍" },
	phone: "+855 23 900 123",
	address: { "zh-CN": "西索瓦码头123号", en: "123 Sisowath Quay", km: "ផ្ទះលេខ 123" },
	latitude: 11.5686,
	longitude: 104.931,
	orderTypes: ["takein", "takeout"],
	preparationMinutes: 15,
	weeklyHours: [{ weekday: 5, opensAt: "18:00", closesAt: "02:00" }],
	closures: [{ startsOn: "2026-12-24", endsOn: "2026-12-26", label: { "zh-CN": "假日", en: "holiday", km: "" } }],
	deliveryZones: [
		{
			points: [
				{ latitude: 11.58, longitude: 104.92 },
				{ latitude: 11.58, longitude: 104.93 },
				{ latitude: 11.56, longitude: 104.93 },
			],
			fee: 100,
			minOrder: 500,
		},
	],
};

/** `…Input` is a JSON body; `…Query` and `…Params` are read from the query string or path (strings). */
const validExamples: Record<string, Record<string, Json>> = {
	// Bodies
	AddStaffInput: { shopId: 1, mobile: "13800000005", role: "staff" },
	BusinessAdminInput: { shopId: 1, memberId: 5 },
	RevealMemberMobileInput: { shopId: 1, memberId: 7 },
	SetAcceptingOrdersInput: { shopId: 2, accepting: true },
	CartLineInput: { itemId: 1, quantity: 2, optionIds: [3], seenUnitPrice: 250 },
	AnswerCallsInput: { tableId: 1 },
	AnswerAllCallsInput: { shopId: 1 },
	SetTableEnabledInput: { tableId: 1, enabled: false },
	MoveTableInput: { tableId: 1, direction: "up" },
	CallStaffInput: { tableToken: "s.abc", kind: "waiter" },
	ChangeStaffRoleInput: { shopId: 1, memberId: 2, role: "manager" },
	ClearTableInput: { billId: 1, expectedTotal: 0 },
	CreateTableInput: { shopId: 1, number: "A7", seats: 4, area: { "zh-CN": "露台", en: "Terrace", km: "រានហាល" } },
	CreateBranchInput: {
		sourceShopId: 1,
		name: { "zh-CN": "堆谷店", en: "BKK1", km: "បឹងកេងកង១" },
		address: { "zh-CN": "金边 278 街", en: "Street 278, Phnom Penh", km: "ផ្លូវ 278" },
		phone: "+855 23 900 456",
		latitude: 11.5536,
		longitude: 104.9265,
	},
	DineInPaymentInput: { shopId: 1, payAfterMeal: true },
	DisplayCurrencyInput: {
		shopId: 1,
		second: { code: "KHR", symbol: "៛", rate: 4100, roundTo: 100, symbolPosition: "after" },
	},
	MenuOptionInput: { id: 4, name: { "zh-CN": "大杯", en: "Large", km: "ធំ" }, priceDelta: -50, isDefault: true },
	MoveMenuRowInput: { shopId: 1, id: 2, direction: "up" },
	RemoveMenuRowInput: { shopId: 1, id: 2, version: 3 },
	SaveMenuCategoryInput: {
		shopId: 1,
		id: 2,
		version: 1,
		name: { "zh-CN": "咖啡", en: "Coffee", km: "កាហ្វេ" },
		visible: false,
	},
	SaveMenuItemInput: {
		shopId: 1,
		id: 2,
		version: 1,
		categoryId: 3,
		name: { "zh-CN": "拿铁", en: "Latte", km: "ឡាតេ" },
		description: { "zh-CN": "浓缩咖啡\n加牛奶", en: "Espresso and milk", km: "" },
		image: "/uploads/a.webp",
		price: 250,
		originalPrice: 300,
		stock: 20,
		stockRead: 18,
		orderTypes: ["takein", "desk"],
	},
	SaveOptionGroupInput: {
		shopId: 1,
		itemId: 2,
		id: 3,
		version: 1,
		name: { "zh-CN": "杯型", en: "Size", km: "ទំហំ" },
		minChoices: 1,
		maxChoices: 1,
		options: [{ id: 4, name: { "zh-CN": "中杯", en: "Regular", km: "មធ្យម" }, priceDelta: 0, isDefault: true }],
	},
	SetSoldOutInput: { shopId: 1, kind: "option", id: 2, soldOut: true },
	OrderIdInput: { orderId: 1 },
	PayBillInput: { tableToken: "t.abc", payMethod: "balance", expectedTotal: 1200 },
	PayOrderInput: { orderId: 1, payMethod: "sandbox" },
	PlaceOrderInput: {
		shopId: 1,
		orderType: "desk",
		lines: [{ itemId: 1, quantity: 2, optionIds: [3] }],
		addressId: 2,
		tableToken: "t.abc",
		diners: 2,
		contactPhone: "13800000003",
		remark: "less ice",
		pickupTime: "asap",
	},
	PriceCartInput: {
		shopId: 1,
		orderType: "takeout",
		lines: [{ itemId: 1, quantity: 2, optionIds: [3] }],
		addressId: 2,
		location: { latitude: 11.55, longitude: 104.92 },
		tableToken: "t.abc",
	},
	RefreshTokenInput: { refreshToken: "r.abc" },
	RefundDecisionInput: { orderId: 1, approve: false, note: "not eaten" },
	RefundRequestInput: { orderId: 1, reason: "cold" },
	SecondCurrencyInput: { code: "KHR", symbol: "៛", rate: 4100, roundTo: 100, symbolPosition: "after" },
	SaveAddressInput: {
		id: 1,
		recipient: "Sok",
		phone: "13800000003",
		address: "Street 1, Phnom Penh",
		houseNumber: "12B",
		latitude: 11.55,
		longitude: -104.92,
		isDefault: true,
	},
	RemoveRoundInput: { orderId: 1 },
	RemoveStaffInput: { shopId: 1, memberId: 2 },
	UpdateTableInput: { tableId: 1, number: "A7", seats: 4, area: { "zh-CN": "露台" } },
	ReprintTableCodeInput: { tableId: 1 },
	PauseShopInput: { shopId: 1, minutes: 30 },
	PreviewShopRulesInput: {
		shopId: 1,
		settings: SHOP_SETTINGS_EXAMPLE,
		orderType: "takeout",
		lines: [{ itemId: 1, quantity: 2, optionIds: [3] }],
		location: { latitude: 11.57, longitude: 104.925 },
		at: "2026-11-24T05:00:00Z",
	},
	SaveShopSettingsInput: { shopId: 1, version: 3, settings: SHOP_SETTINGS_EXAMPLE },
	ShopSettingsInput: SHOP_SETTINGS_EXAMPLE,
	OpeningWindowInput: { weekday: 0, opensAt: "08:00", closesAt: "22:00" },
	ClosureInput: { startsOn: "2026-12-24", endsOn: "2026-12-26", label: { "zh-CN": "假日", en: "holiday", km: "" } },
	DeliveryZoneInput: {
		points: [
			{ latitude: 11.58, longitude: 104.92 },
			{ latitude: 11.58, longitude: 104.93 },
			{ latitude: 11.56, longitude: 104.93 },
		],
		fee: 100,
		minOrder: 500,
	},
	SendSmsCodeInput: { mobile: "13800000003", scene: 1 },
	SettleBillInput: { billId: 1, expectedTotal: 0 },
	SmsLoginInput: { mobile: "13800000003", code: "123456" },
	StaffOrderActionInput: { orderId: 1, action: "reject", reason: "sold out" },
	StaffPlaceOrderInput: {
		shopId: 1,
		orderType: "takein",
		lines: [{ itemId: 1, quantity: 1, optionIds: [] }],
		remark: "no sugar",
		pickupTime: "2026-11-24T05:00:00Z",
		customerMobile: "13800000004",
	},
	TelegramUserInput: {
		initData: "query_id=AA&user=%7B%7D&auth_date=1700000000&hash=ab",
		chat_id: "5",
		user_name: "sok",
		query_id: "AA",
		last_name: "Sok",
		first_name: "Dara",
		language_code: "km",
		allows_write_to_pm: true,
		photo_url: "https://t.me/i/userpic/1.jpg",
		auth_date: "1700000000",
		signature: "sig",
		hash: "ab",
		version: "8.0",
		platform: "ios",
	},
	UpdateProfileInput: { nickname: "Dara", avatar: "/uploads/abcdef12.webp", gender: 1, birthday: "1990-01-02" },
	// Reservations (issue 11)
	UpdateReservationSettingsInput: {
		shopId: 1,
		version: 2,
		enabled: true,
		slotMinutes: 15,
		turnTimes: [
			{ upToParty: 2, minutes: 90 },
			{ upToParty: 50, minutes: 150 },
		],
		bufferMinutes: 10,
		minNoticeMinutes: 60,
		maxDaysAhead: 30,
		onlinePartyMax: 12,
		pacingCoversPerSlot: 20,
		autoConfirmPercent: 80,
		cancelWindowMinutes: 120,
		graceMinutes: 15,
		depositMinParty: 6,
		depositPerPerson: 500,
		depositStrikes: 2,
		strikeWindowDays: 180,
	},
	UpdateReservableTableInput: { tableId: 1, reservable: true, minSeats: 2 },
	PreorderInput: { lines: [{ itemId: 1, quantity: 2, optionIds: [3] }], pay: "now" },
	CreateReservationInput: {
		shopId: 1,
		startsAt: "2026-11-24T12:00:00Z",
		party: 4,
		name: "Dara",
		phone: "13800000006",
		occasion: "birthday",
		areaPreference: "露台",
		note: "window seat",
		preorder: { lines: [{ itemId: 1, quantity: 1, optionIds: [] }], pay: "atTable" },
		agreed: true,
	},
	StaffCreateReservationInput: {
		shopId: 1,
		startsAt: "2026-11-24T12:00:00Z",
		party: 8,
		name: "Dara",
		phone: "13800000006",
		note: "called at 10:00",
		tableIds: [1, 2],
	},
	PayReservationInput: { reservationId: 1, payMethod: "balance" },
	CancelReservationInput: { reservationId: 1, reason: "plans changed", depositKeptAtMost: 2000 },
	ChangePreorderInput: { reservationId: 1, preorder: { lines: [{ itemId: 1, quantity: 1 }], pay: "now" } },
	StaffReservationActionInput: { reservationId: 1, action: "reject", reason: "private event" },
	AssignReservationTablesInput: { reservationId: 1, tableIds: [1, 2] },
	ArriveReservationInput: { shopId: 1, code: "K7M2QX" },
	RechargeInput: { packageId: 1, payMethod: "sandbox", agree: true },
	CounterChargeInput: { shopId: 1, code: "123456789012345678", amount: 1250, note: "2 coffees" },
	CounterRefundInput: { shopId: 1, paymentId: 3 },
	// The counter and its till (issue 28, decision 029)
	TakePaymentInput: {
		shopId: 1,
		purpose: "order",
		purposeId: 7,
		amount: 1235,
		method: "cash",
		tendered: 2000,
		tenderedSecond: 0,
	},
	OpenShiftInput: { shopId: 1, floatCash: 5000, floatCashSecond: 40000 },
	CloseShiftInput: { shopId: 1, shiftId: 2, countedCash: 6235, countedCashSecond: 37300, countedCard: 0, note: "" },
	CashRefundInput: { shopId: 1, takeId: 4 },
	SaveRechargePackageInput: {
		shopId: 1,
		id: 2,
		version: 1,
		name: { "zh-CN": "充100送10", en: "Pay 100, get 110", km: "បង់ 100 បាន 110" },
		payAmount: 10000,
		bonusAmount: 1000,
		sort: 1,
		onSale: true,
	},
	SaveStoredValueAgreementInput: {
		shopId: 1,
		agreement: { "zh-CN": "储值不退不换", en: "Stored value is not refundable", km: "មិនអាចដកវិញបានទេ" },
	},
	BuyCardInput: { cardTypeId: 1, payMethod: "balance" },
	SaveVipCardInput: {
		shopId: 1,
		id: 2,
		version: 3,
		name: { "zh-CN": "金卡", en: "Gold card", km: "កាតមាស" },
		description: { "zh-CN": "全场九折", en: "10 % off", km: "បញ្ចុះ 10 %" },
		price: 9900,
		validityDays: 365,
		discountPercent: 10,
		discountCap: 2000,
		freeDelivery: true,
		pointsPercent: 200,
		sort: 0,
		onSale: true,
	},
	ClaimCouponInput: { code: "WELCOME10" },
	CouponsForCartInput: {
		shopId: 1,
		orderType: "takein",
		lines: [{ itemId: 10, quantity: 2, optionIds: [3], seenUnitPrice: 900 }],
	},
	SaveCouponTemplateInput: {
		shopId: 1,
		id: 2,
		version: 1,
		title: { "zh-CN": "满20减3", en: "3 off 20", km: "បញ្ចុះ 3" },
		instructions: { "zh-CN": "全场通用", en: "Any item", km: "គ្រប់មុខ" },
		kind: "amountOff",
		amountOff: 300,
		percentOff: null,
		maxDiscount: null,
		threshold: 2000,
		useType: 0,
		shopIds: [1, 2],
		validity: { kind: "days", days: 30 },
		totalQuantity: 100,
		perMemberLimit: 2,
		exchangeCode: "WELCOME10",
		listed: true,
		enabled: true,
	},
	SavePointsRuleInput: { shopId: 1, pointsPerUnit: 10 },
	RedeemPointsItemInput: { itemId: 3, fulfilment: "pickup", shopId: 1 },
	RedemptionIdInput: { id: 4 },
	SavePointsItemInput: {
		shopId: 1,
		id: 3,
		version: 2,
		name: { "zh-CN": "帆布袋", en: "Tote bag", km: "កាបូប" },
		description: { "zh-CN": "限量", en: "Limited", km: "មានកំណត់" },
		image: "/uploads/bag.webp",
		pointsPrice: 500,
		stock: 20,
		stockRead: 18,
		fulfilments: ["pickup", "delivery"],
		sort: 0,
		onShelf: true,
	},
	HandOverRedemptionInput: { shopId: 1, code: "K7M2QXAB9C" },
	ShipRedemptionInput: { shopId: 1, id: 4, trackingNote: "J&T 6100123" },
	CancelRedemptionInput: { shopId: 1, id: 4, reason: "out of stock" },
	// The merchant's money (issue 14)
	SendMoneyCodeInput: { shopId: 1 },
	AddBankCardInput: {
		shopId: 1,
		holder: "Sok Dara",
		bank: "ABA Bank",
		cardNumber: "6222 0202 0011 2233",
		code: "123456",
	},
	RemoveBankCardInput: { shopId: 1, cardId: 2 },
	CreateWithdrawalInput: { shopId: 1, amount: 5000, cardId: 2, code: "123456" },
	ApproveWithdrawalInput: { id: 3, version: 0 },
	RejectWithdrawalInput: { id: 3, version: 1, reason: "The holder's name does not match" },
	MarkWithdrawalPaidInput: { id: 3, version: 1, reference: "FT2611240001", transferDate: "2026-11-24" },
	// Paying out (issue 28)
	ReturnWithdrawalInput: { id: 3, version: 1, reason: "The bank refused: account closed" },
	RevealWithdrawalInput: { id: 3, code: "123456" },
	ExportPayoutsInput: { code: "123456", shopId: 1 },
	SavePlatformSettingsInput: { commissionBps: 500, holdHours: 24, minimumWithdrawal: 1000 },
	// A KHQR refund transferred back by the operator, with the transfer's reference (issue 29)
	RecordRefundTransferInput: { refundId: "0b9c3a52-4f7e-4d0a-9a55-3f1d2e6b7c81", reference: "FT26120712345" },
	// Payment differences resolved by the platform operator (issue 29 item 8)
	ResolveDiscrepancyInput: { id: 7, note: "WeChat support: their bill was corrected" },
	// Payment rails set up by the platform operator (issue 29 part 6)
	SaveRailSettingsInput: {
		rail: "khqr",
		settings: {
			bakongAccountId: "bayon@aclb",
			merchantName: "Bayon Demo",
			merchantCity: "Phnom Penh",
			token: "bakong.token.renewed",
			tokenExpiresAt: "2027-03-01T00:00:00.000Z",
			environment: "sit",
		},
	},
	RailActionInput: { rail: "wechat" },
	// The Telegram bot (issue 15)
	SaveNoticeSettingInput: { category: "orders", enabled: false },
	CreateTelegramGroupLinkInput: { shopId: 1 },
	UnlinkTelegramGroupInput: { shopId: 1 },
	// Query strings and paths
	DeliveryCheckQuery: { shopId: "1", lat: "-11.5", lng: "104.9" },
	RailAuditQuery: { rail: "alipay" },
	IdParams: { id: "12" },
	MerchantBillListQuery: { shopId: "1" },
	TillQuery: { shopId: "1" },
	MerchantOrderListQuery: { shopId: "1", scope: "all", page: "2", pageSize: "20" },
	OrderIdQuery: { orderId: "3" },
	OrderListQuery: { type: "-1", page: "1", pageSize: "10" },
	PageQuery: { page: "1", pageSize: "10" },
	ServiceContentQuery: { id: "1", slug: "about-us" },
	ShopIdQuery: { shop_id: "1" },
	ShopChangesQuery: { shopId: "1", page: "2", pageSize: "20" },
	ShopQuery: { shopId: "1" },
	ShopTodayQuery: { shopId: "1" },
	StaffListQuery: { shopId: "1" },
	StoreListQuery: { lat: "11.55", lng: "104.92", kw: "tea" },
	TableBillQuery: { tableToken: "t.abc" },
	TableTokenQuery: { token: "t.abc" },
	AvailabilityQuery: { shopId: "1", date: "2026-11-24", party: "4" },
	MyReservationListQuery: { status: "0", page: "1", pageSize: "10" },
	ReservationIdQuery: { id: "5" },
	MerchantReservationListQuery: { shopId: "1", date: "2026-11-24", scope: "day", page: "1", pageSize: "50" },
	ReservationGridQuery: { shopId: "1", date: "2026-11-24" },
	RechargeIdQuery: { id: "4" },
	BillQuery: { direction: "out", cursor: "1200", limit: "20" },
	CounterPaymentsQuery: { shopId: "1" },
	MemberListQuery: { shopId: "1", q: "Dara", cursor: "40", limit: "20" },
	BusinessAdminsQuery: { shopId: "1" },
	AddressListQuery: { shopId: "1" },
	VipCardIdQuery: { id: "2" },
	CardPurchaseIdQuery: { id: "9" },
	CouponCenterQuery: { shopId: "1" },
	MyCouponsQuery: { status: "0", page: "1", pageSize: "20" },
	PointsBillQuery: { cursor: "120", pageSize: "20" },
	PointsItemListQuery: { keyword: "bag" },
	PointsItemIdQuery: { id: "3" },
	RedemptionListQuery: { status: "pending", page: "1", pageSize: "20" },
	RedemptionIdQuery: { id: "4" },
	MerchantRedemptionListQuery: { shopId: "1", status: "pending", page: "1", pageSize: "20" },
	WalletStatementQuery: { shopId: "1", from: "2026-11-01", to: "2026-11-30", cursor: "120", pageSize: "20" },
	WalletExportQuery: { shopId: "1", from: "2026-11-01", to: "2026-11-30" },
	WithdrawalListQuery: { shopId: "1", status: "0", cursor: "40", pageSize: "20" },
	WithdrawalDetailQuery: { shopId: "1", id: "3" },
	PlatformWithdrawalQuery: { status: "1", shopId: "1", cursor: "40", pageSize: "20" },
	DiscrepancyListQuery: { status: "resolved", rail: "wechat", page: "2" },
	DiscrepancyExportQuery: { rail: "khqr" },
	PaymentCheckoutParams: { paymentId: "0b9c3a52-4f7e-4d0a-9a55-3f1d2e6b7c81" },
	ShopTelegramGroupQuery: { shopId: "1" },
};

/** Fields where a line break or tab belongs (typed into a multi-line box). */
const MULTI_LINE_FIELDS = new Set(["remark", "reason", "note", "description", "agreement", "instructions"]);
/** Closed vocabularies: a spoiled value is refused with their own message, not the control-character one. */
const CHOICE_FIELDS = new Set([
	// Payment rails (issue 29 part 6): which rail, and its provider environment.
	"rail",
	"environment",
	// Our payment and refund ids (issue 29): UUIDs, refused as not one.
	"paymentId",
	"refundId",
	"orderType",
	"category",
	"orderTypes",
	"payMethod",
	"action",
	"scope",
	"pickupTime",
	"symbolPosition",
	"at",
	"role",
	"kind",
	"direction",
	"occasion",
	"pay",
	"slotMinutes",
	"agreed",
	"startsAt",
	"agree",
	"fulfilment",
	"fulfilments",
	"useType",
	"status",
	// The counter (decision 029): what a taking pays for and how.
	"purpose",
	"method",
]);
/** Numbers where null is a value of its own (no original price, unlimited stock). */
const NULLABLE_NUMBER_FIELDS = new Set([
	"originalPrice",
	"stock",
	// The stock the editor showed: null when it showed unlimited (menu items; points items never are).
	"stockRead",
	"pacingCoversPerSlot",
	"depositMinParty",
	"depositStrikes",
	"discountCap",
	"amountOff",
	"percentOff",
	"maxDiscount",
]);
/** Kept from the original Telegram client: either a string or a number. */
const TEXT_OR_NUMBER_FIELDS = new Set(["chat_id", "auth_date"]);

const requestSchemas = Object.entries(contract)
	.filter(([name, value]) => value instanceof z.ZodType && /(Input|Query|Params)$/.test(name))
	.map(([name, schema]) => ({ name, schema: schema as z.ZodType, fromQuery: !name.endsWith("Input") }));

interface Leaf {
	path: (string | number)[];
	value: string | number | boolean;
}

function leavesOf(value: Json, at: (string | number)[] = []): Leaf[] {
	if (Array.isArray(value)) return value.flatMap((item, index) => leavesOf(item, [...at, index]));
	if (value !== null && typeof value === "object")
		return Object.entries(value).flatMap(([key, item]) => leavesOf(item, [...at, key]));
	return value === null ? [] : [{ path: at, value }];
}

function withLeaf(example: Json, leafPath: (string | number)[], value: unknown): unknown {
	const copy = structuredClone(example) as Record<string | number, unknown>;
	let node = copy;
	for (const key of leafPath.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
	node[leafPath.at(-1) as string | number] = value;
	return copy;
}

const fieldName = (leaf: Leaf) => String(leaf.path.findLast((key) => typeof key === "string"));

/** Control characters, the Unicode line separators and lone surrogate halves; `keepLines` leaves out tab, LF and CR. */
function controlCharacter(keepLines: boolean) {
	const c0 = fc.integer({ min: 0, max: 0x1f }).filter((code) => !keepLines || ![0x09, 0x0a, 0x0d].includes(code));
	const delAndC1 = fc.integer({ min: 0x7f, max: 0x9f });
	return fc.oneof(
		fc.oneof(c0, delAndC1).map((code) => String.fromCharCode(code)),
		fc.constantFrom("\u0000", "\u2028", "\u2029", "\ud800", "\udfff"),
	);
}

/** Every mark that changes the direction text is shown in, and the byte-order mark (decision 007). */
const DIRECTION_MARK_SAMPLES = [
	"\u061C",
	"\u200E",
	"\u200F",
	"\u202A",
	"\u202B",
	"\u202C",
	"\u202D",
	"\u202E",
	"\u2066",
	"\u2067",
	"\u2068",
	"\u2069",
	"\uFEFF",
];

/** Anything a JSON body may carry in place of a number that is not a JSON number. */
const notAJsonNumber = fc.oneof(
	fc.constantFrom<unknown>(true, false, null, [], [[1]], [[[[1]]]], [1], {}, "1", "0x10", " ", "", "1e3", "NaN", "-0"),
	fc.string(),
	fc.boolean(),
	fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
	fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
);

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** Query-string values that are not plain decimal digits, including repeated keys (arrays). */
function notPlainDigits(integer: boolean) {
	return fc.oneof(
		fc.constantFrom<unknown>(
			"",
			" ",
			"0x10",
			"1e3",
			"+1",
			" 1",
			"1 ",
			"NaN",
			"Infinity",
			"true",
			"false",
			"null",
			"[]",
			"1,2",
			"１",
			"1\u0000",
			["1", "2"],
			["1"],
			[],
			...(integer ? ["1.5", "1.0"] : ["1.", ".5"]),
		),
		fc.string().filter((text) => !PLAIN_DECIMAL.test(text)),
		fc.array(fc.constantFrom("1", "2", "abc"), { minLength: 1, maxLength: 3 }),
	);
}

const notText = fc.oneof(
	fc.constantFrom<unknown>(1, 0, true, false, [], {}, ["a"]),
	fc.integer(),
	fc.array(fc.string(), { minLength: 1, maxLength: 2 }),
);

/** Asserts the schema refuses the example with one field replaced, and returns the issue for that field. */
function refusal(schema: z.ZodType, example: Json, leaf: Leaf, value: unknown) {
	const result = schema.safeParse(withLeaf(example, leaf.path, value));
	if (result.success) throw new Error(`accepted ${JSON.stringify(value)} at ${leaf.path.join(".")}`);
	return result.error.issues.find((issue) => issue.path.join(".") === leaf.path.join("."));
}

describe("request schemas refuse what they cannot take as it is", () => {
	it("has a valid example for every exported request schema", () => {
		expect(requestSchemas.map(({ name }) => name).sort()).toEqual(Object.keys(validExamples).sort());
		for (const { name, schema } of requestSchemas) {
			const example = validExamples[name] as Json;
			expect(schema.safeParse(example).error?.issues ?? [], name).toEqual([]);
			expect(leavesOf(example).length, name).toBeGreaterThan(0);
		}
	});

	for (const { name, schema, fromQuery } of requestSchemas) {
		const example = (validExamples[name] ?? {}) as Json;
		describe(name, () => {
			for (const leaf of leavesOf(example)) {
				const field = leaf.path.join(".");
				const numeric = fromQuery ? PLAIN_DECIMAL.test(String(leaf.value)) : typeof leaf.value === "number";

				if (numeric && fromQuery) {
					it(`${field}: only plain decimal digits`, () => {
						fc.assert(
							fc.property(notPlainDigits(!String(leaf.value).includes(".")), (value) => {
								refusal(schema, example, leaf, value);
							}),
						);
					});
				} else if (numeric) {
					it(`${field}: only a JSON number`, () => {
						fc.assert(
							fc.property(
								notAJsonNumber.filter((value) => value !== null || !NULLABLE_NUMBER_FIELDS.has(fieldName(leaf))),
								(value) => {
									refusal(schema, example, leaf, value);
								},
							),
						);
					});
				} else if (typeof leaf.value === "boolean") {
					it(`${field}: only true or false`, () => {
						fc.assert(
							fc.property(fc.constantFrom<unknown>(1, 0, "true", "false", "", null, [], {}, [true]), (value) => {
								refusal(schema, example, leaf, value);
							}),
						);
					});
				} else {
					const text = String(leaf.value);
					// A description's languages (`description.en`) are multi-line too.
					const multiLine = leaf.path.some((key) => MULTI_LINE_FIELDS.has(String(key)));
					it(`${field}: no control characters${multiLine ? " (line breaks and tabs kept)" : ""}`, () => {
						fc.assert(
							fc.property(fc.nat({ max: text.length }), controlCharacter(multiLine), (at, control) => {
								const issue = refusal(schema, example, leaf, text.slice(0, at) + control + text.slice(at));
								if (!CHOICE_FIELDS.has(fieldName(leaf)) && !TEXT_OR_NUMBER_FIELDS.has(fieldName(leaf)))
									expect(issue?.message).toBe("textHasControlChars");
							}),
						);
						const broken = `${text.slice(0, 1)}\n\t${text.slice(1)}`;
						if (multiLine) expect(schema.safeParse(withLeaf(example, leaf.path, broken)).success).toBe(true);
						else refusal(schema, example, leaf, broken);
					});
					it(`${field}: no direction marks or byte-order mark`, () => {
						fc.assert(
							fc.property(fc.nat({ max: text.length }), fc.constantFrom(...DIRECTION_MARK_SAMPLES), (at, mark) => {
								const issue = refusal(schema, example, leaf, text.slice(0, at) + mark + text.slice(at));
								if (!CHOICE_FIELDS.has(fieldName(leaf)) && !TEXT_OR_NUMBER_FIELDS.has(fieldName(leaf)))
									expect(issue?.message).toBe("textHasDirectionMarks");
							}),
						);
					});
					if (!TEXT_OR_NUMBER_FIELDS.has(fieldName(leaf))) {
						it(`${field}: only a string`, () => {
							fc.assert(
								fc.property(notText, (value) => {
									refusal(schema, example, leaf, value);
								}),
							);
						});
					}
				}
			}
		});
	}
});

describe("the contract's sources", () => {
	const sourceDir = path.dirname(new URL(import.meta.url).pathname);
	const sources = readdirSync(sourceDir).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));

	it("build text only from oneLineText or multiLineText, and never coerce", () => {
		const offending = sources.flatMap((file) => {
			const text = readFileSync(path.join(sourceDir, file), "utf8");
			const bareStrings = file === "common.ts" ? [] : (text.match(/z\s*\.\s*string\s*\(/g) ?? []);
			const coercions = text.match(/z\s*\.\s*(coerce|preprocess)\b/g) ?? [];
			return [...bareStrings, ...coercions].map((found) => `${file}: ${found}`);
		});
		expect(offending).toEqual([]);
	});
});

describe("direction marks in stored text (decision 007)", () => {
	const name = contract.oneLineText().trim().min(1);
	const remark = contract.multiLineText();

	it("refuses each of them, anywhere, on one line and in a text block", () => {
		for (const mark of DIRECTION_MARK_SAMPLES) {
			for (const text of [`${mark}A1`, `A${mark}1`, `A1${mark}`]) {
				expect(name.safeParse(text).error?.issues[0]?.message, JSON.stringify(text)).toBe("textHasDirectionMarks");
				expect(remark.safeParse(`line\n${text}`).error?.issues[0]?.message).toBe("textHasDirectionMarks");
			}
		}
	});

	it("keeps what Khmer and Chinese need: zero-width space, joiner and non-joiner", () => {
		for (const text of ["ម្ហូប\u200Bខ្មែរ", "ក\u200Dខ", "ក\u200Cខ", "桌 A1", "Table 12"])
			expect(name.safeParse(text).success, JSON.stringify(text)).toBe(true);
	});

	it("tells why in every language", () => {
		for (const lang of ["zh-CN", "en", "km"]) {
			const text = contract.formatMessage("textHasDirectionMarks", lang);
			expect(text).not.toBe("textHasDirectionMarks");
			expect(text).not.toBe(contract.formatMessage("textHasControlChars", lang));
		}
	});
});
