import type { MessageKey } from "./messages.js";

/**
 * Business codes carried in the envelope's `code`. 0 is success. The spec fixes 401
 * (sign in), 1004004002 (go back to the stored index_url) and 5109 (toast the message).
 * Small HTTP-like codes are shared by every feature; ten-digit codes are grouped per
 * feature (1001 system, 1004 member/identity, 1008003 menu items, 1008007 orders, 1008016 stores and
 * delivery, 1008017 tables and the bell, 1009 files), as yshop-drink does, so that
 * codes of different features never collide.
 */
export const ErrorCode = {
	Success: 0,
	BadRequest: 400,
	Unauthorized: 401,
	Forbidden: 403,
	NotFound: 404,
	/** A save made on an older version of a record someone else has changed since (no lost update). */
	ChangedBySomeoneElse: 409,
	TooManyRequests: 429,
	InternalError: 500,
	ServiceNotice: 5109,

	TenantUnknown: 1001001000,
	ShopKeyInvalid: 1001001001,

	SmsCodeWrong: 1004001000,
	SmsCodeExpired: 1004001001,
	SmsSendTooFrequent: 1004001002,
	SmsSendLimit: 1004001003,
	SmsSendIpLimit: 1004001004,
	SessionExpired: 1004002000,
	MemberDisabled: 1004002001,
	TelegramInvalid: 1004003000,
	TelegramExpired: 1004003001,
	TelegramNotConfigured: 1004003002,
	TelegramAlreadyLinked: 1004003003,
	/** Spec §4: the client redirects to the stored index_url. */
	WechatLoginFailed: 1004004002,

	AddressLimit: 1004006000,

	ItemUnavailable: 1008003000,
	ItemSoldOut: 1008003001,
	InsufficientStock: 1008003002,
	OptionInvalid: 1008003003,
	OptionRequired: 1008003004,
	TooManyOptions: 1008003005,
	ItemNotForOrderType: 1008003006,
	/** A menu row was saved by someone else since the editor read it (its version moved on). */
	MenuChanged: 1008003007,
	/** The cart was priced at a unit price the menu no longer has. */
	PriceChanged: 1008003008,

	OrderNotPayable: 1008007000,
	InsufficientBalance: 1008007001,
	IdempotencyKeyRequired: 1008007002,
	IdempotencyKeyReused: 1008007003,
	PickupTimeInvalid: 1008007004,
	PickupTimeOutsideHours: 1008007005,
	OrderNotCancellable: 1008007006,
	PayMethodUnavailable: 1008007007,
	OrderStateChanged: 1008007008,
	RefundNotAllowed: 1008007009,
	CustomerNotFound: 1008007010,
	BillChanged: 1008007011,
	BillSettled: 1008007012,
	BillNothingDue: 1008007013,
	NoOpenBill: 1008007014,
	SeatingEnded: 1008007015,
	BillRoundPaid: 1008007016,

	StoreClosed: 1008016000,
	StoreNotAccepting: 1008016001,
	OrderTypeNotOffered: 1008016002,
	AddressOutOfRange: 1008016003,
	BelowMinDeliveryPrice: 1008016004,
	AddressRequired: 1008016005,
	TableInvalid: 1008016006,
	/** The shop paused new orders for a while (busy kitchen); the message says until when. */
	StorePaused: 1008016007,

	/** Shop staff (issue 10): 1008020 groups the staff list of a shop. */
	StaffLastOwner: 1008020000,
	StaffAlreadyAdded: 1008020001,

	FileMissing: 1009001000,
	FileNotImage: 1009001001,
	FileTooLarge: 1009001002,
	ImageDimensionsTooLarge: 1009001003,

	TableNumberTaken: 1008017000,
	BellCoolingDown: 1008017001,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The message each code is answered with, unless a more precise rule message applies. */
export const errorMessageKeys: Record<Exclude<ErrorCode, 0>, MessageKey> = {
	[ErrorCode.BadRequest]: "badRequest",
	[ErrorCode.Unauthorized]: "pleaseSignIn",
	[ErrorCode.Forbidden]: "forbidden",
	[ErrorCode.NotFound]: "notFound",
	[ErrorCode.ChangedBySomeoneElse]: "changedBySomeoneElse",
	[ErrorCode.TooManyRequests]: "tooManyRequests",
	[ErrorCode.InternalError]: "internalError",
	[ErrorCode.ServiceNotice]: "internalError",
	[ErrorCode.TenantUnknown]: "tenantUnknown",
	[ErrorCode.ShopKeyInvalid]: "shopKeyInvalid",
	[ErrorCode.SmsCodeWrong]: "smsCodeWrong",
	[ErrorCode.SmsCodeExpired]: "smsCodeExpired",
	[ErrorCode.SmsSendTooFrequent]: "smsSendTooFrequent",
	[ErrorCode.SmsSendLimit]: "smsSendLimit",
	[ErrorCode.SmsSendIpLimit]: "smsSendIpLimit",
	[ErrorCode.SessionExpired]: "sessionExpired",
	[ErrorCode.MemberDisabled]: "memberDisabled",
	[ErrorCode.TelegramInvalid]: "telegramInvalid",
	[ErrorCode.TelegramExpired]: "telegramExpired",
	[ErrorCode.TelegramNotConfigured]: "telegramNotConfigured",
	[ErrorCode.TelegramAlreadyLinked]: "telegramAlreadyLinked",
	[ErrorCode.WechatLoginFailed]: "wechatLoginFailed",
	[ErrorCode.AddressLimit]: "addressLimit",
	[ErrorCode.ItemUnavailable]: "itemUnavailable",
	[ErrorCode.ItemSoldOut]: "itemSoldOut",
	[ErrorCode.InsufficientStock]: "insufficientStock",
	[ErrorCode.OptionInvalid]: "optionInvalid",
	[ErrorCode.OptionRequired]: "optionRequired",
	[ErrorCode.TooManyOptions]: "tooManyOptions",
	[ErrorCode.ItemNotForOrderType]: "itemNotForOrderType",
	[ErrorCode.MenuChanged]: "menuChanged",
	[ErrorCode.PriceChanged]: "priceChanged",
	[ErrorCode.OrderNotPayable]: "orderNotPayable",
	[ErrorCode.InsufficientBalance]: "insufficientBalance",
	[ErrorCode.IdempotencyKeyRequired]: "idempotencyKeyRequired",
	[ErrorCode.IdempotencyKeyReused]: "idempotencyKeyReused",
	[ErrorCode.PickupTimeInvalid]: "chooseCorrectTime",
	[ErrorCode.PickupTimeOutsideHours]: "outsideOpeningHours",
	[ErrorCode.OrderNotCancellable]: "orderNotCancellable",
	[ErrorCode.PayMethodUnavailable]: "payMethodUnavailable",
	[ErrorCode.OrderStateChanged]: "orderStateChanged",
	[ErrorCode.RefundNotAllowed]: "refundNotAllowed",
	[ErrorCode.CustomerNotFound]: "customerNotFound",
	[ErrorCode.BillChanged]: "billChanged",
	[ErrorCode.BillSettled]: "billSettled",
	[ErrorCode.BillNothingDue]: "billNothingDue",
	[ErrorCode.NoOpenBill]: "noOpenBill",
	[ErrorCode.SeatingEnded]: "seatingEnded",
	[ErrorCode.BillRoundPaid]: "billRoundPaid",
	[ErrorCode.StoreClosed]: "storeClosed",
	[ErrorCode.StoreNotAccepting]: "storeNotAccepting",
	[ErrorCode.OrderTypeNotOffered]: "orderTypeNotOffered",
	[ErrorCode.AddressOutOfRange]: "addressOutOfRange",
	[ErrorCode.BelowMinDeliveryPrice]: "belowMinDeliveryPrice",
	[ErrorCode.AddressRequired]: "chooseDeliveryAddress",
	[ErrorCode.TableInvalid]: "tableInvalid",
	[ErrorCode.StorePaused]: "storePausedUntil",
	[ErrorCode.StaffLastOwner]: "staffLastOwner",
	[ErrorCode.StaffAlreadyAdded]: "staffAlreadyAdded",
	[ErrorCode.FileMissing]: "fileMissing",
	[ErrorCode.FileNotImage]: "fileNotImage",
	[ErrorCode.FileTooLarge]: "fileTooLarge",
	[ErrorCode.ImageDimensionsTooLarge]: "imageDimensionsTooLarge",
	[ErrorCode.TableNumberTaken]: "tableNumberTaken",
	[ErrorCode.BellCoolingDown]: "bellCoolingDown",
};
