import type { MessageKey } from "./messages.js";

/**
 * Business codes carried in the envelope's `code`. 0 is success. The spec fixes 401
 * (sign in), 1004004002 (go back to the stored index_url) and 5109 (toast the message).
 * Small HTTP-like codes are shared by every feature; ten-digit codes are grouped per
 * feature (1001 system, 1004 member/identity, 1008003 menu items, 1008007 orders, 1008016 stores and
 * delivery, 1008017 tables and the bell, 1008021 reservations, 1008022 stored value, 1008023 VIP cards, 1008024 coupons, 1008025 points, 1008026 the merchant's money, 1008027 the business's administrators, 1009 files), as yshop-drink does, so that
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
	/**
	 * Answered with HTTP 503 and `Retry-After`: the database cannot be reached (an outage, a
	 * restart), or the server is too busy with expensive work (the QR sheet). Nothing was done;
	 * the web app retries reads, and writes that carry an idempotency key (issue 27).
	 */
	ServiceUnavailable: 1001002000,

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
	/** Telegram did not answer (getMe) when the bot's name was needed, e.g. for a group link. */
	TelegramUnreachable: 1004003004,
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
	/** A relative stock edit would take off more than is left now (orders took some meanwhile). */
	StockBelowWhatIsLeft: 1008003009,
	/** "Back in stock" of a row that counts its stock and has none left: say how many came back. */
	RestockNeeded: 1008003010,

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
	/** A business has as many shops as it may (BRANCHES_PER_TENANT_MAX): no new branch. */
	BranchLimitReached: 1008016008,

	/** Shop staff (issue 10): 1008020 groups the staff list of a shop. */
	StaffLastOwner: 1008020000,
	StaffAlreadyAdded: 1008020001,

	FileMissing: 1009001000,
	FileNotImage: 1009001001,
	FileTooLarge: 1009001002,
	ImageDimensionsTooLarge: 1009001003,

	TableNumberTaken: 1008017000,
	BellCoolingDown: 1008017001,

	/** Reservations (issue 11): 1008021 groups table bookings. */
	ReservationSlotTaken: 1008021000,
	ReservationOutsideHours: 1008021001,
	ReservationTooSoon: 1008021002,
	ReservationTooFar: 1008021003,
	PartyTooLarge: 1008021004,
	ReservationNotCancellable: 1008021005,
	ReservationStateChanged: 1008021006,
	ReservationsClosed: 1008021007,
	ArrivalCodeUnknown: 1008021008,
	ReservationTablesDoNotFit: 1008021009,
	ReservationTableBusy: 1008021010,
	ReservationNotPayable: 1008021011,
	PreorderLocked: 1008021012,
	ArrivalTooEarly: 1008021013,
	/** A start inside the opening hours that is not one of the shop's slot times. */
	ReservationTimeInvalid: 1008021014,
	/**
	 * The guest's cancel would keep more of the deposit than the screen told them (its clock said
	 * the free time had not passed): nothing changed; the page shows the late warning (issue 27).
	 */
	ReservationCancelKeepsDeposit: 1008021015,
	/** The seating area the guest prefers has no free table then, and they did not accept another (issue 27). */
	ReservationAreaTaken: 1008021030,

	/** Stored value (issue 12): 1008022 groups recharges, the bill and counter payments. */
	RechargePackageUnavailable: 1008022000,
	/** A counter payment code that is unknown, used, expired or of another tenant: one answer for all. */
	PayCodeInvalid: 1008022001,
	CounterRefundNotAllowed: 1008022002,
	/** A member's own pay code charged at a shop where they are on the staff (decision 027). */
	PayCodeOwnShop: 1008022003,
	/** A deposit or a booking's pre-order is paid with money the member paid in, never with recharge bonus (decision 027). */
	BonusNotForBooking: 1008022004,

	/** VIP cards (issue 12): 1008023 groups membership cards. */
	VipCardUnavailable: 1008023000,
	VipCardOtherActive: 1008023001,

	/** Coupons (issue 13): 1008024 groups templates, claims and their use at checkout. */
	CouponAllGone: 1008024000,
	CouponLimitReached: 1008024001,
	ExchangeCodeUnknown: 1008024002,
	CouponNotClaimable: 1008024003,
	/** The coupon asked for does not fit this cart: the message says why (used, expired, shop, type, threshold, …). */
	CouponNotUsable: 1008024004,
	CouponTermsLocked: 1008024005,
	CouponQuantityBelowClaimed: 1008024006,
	ExchangeCodeTaken: 1008024007,

	/** Points and the points mall (issue 13): 1008025. */
	PointsInsufficient: 1008025000,
	PointsItemSoldOut: 1008025001,
	PointsItemAlreadyRedeemed: 1008025002,
	PointsItemUnavailable: 1008025003,
	PointsFulfilmentUnavailable: 1008025004,
	RedemptionStateChanged: 1008025005,
	/** A pickup code this shop has no reward for: unknown, another shop's, a delivery's — one answer (issue 27). */
	RedemptionCodeUnknown: 1008025006,
	/** The reward of this pickup code was handed over already: never twice. */
	RedemptionAlreadyHandedOver: 1008025007,

	/** The merchant's money (issue 14): 1008026 groups bank cards and withdrawals. */
	NoWithdrawableAmount: 1008026000,
	WithdrawalExceedsAvailable: 1008026001,
	WithdrawalBelowMinimum: 1008026002,
	BankCardUnknown: 1008026003,
	BankCardInUse: 1008026004,
	BankCardLimit: 1008026005,
	BankCardDuplicate: 1008026006,
	/** A review decision on a withdrawal another operator (or the owner) changed meanwhile, or not in the state it needs. */
	WithdrawalStateChanged: 1008026007,
	/** A platform page or call asked by someone who is not a platform operator. */
	NotPlatformOperator: 1008026008,
	/** Paying out (issue 28): marked paid already (by another operator, or with another reference). */
	WithdrawalAlreadyPaid: 1008026009,
	/** Returned to the shop already: it can no longer be paid or returned. */
	WithdrawalAlreadyReturned: 1008026010,
	/** Only an approved or paid withdrawal's account number is ever read. */
	WithdrawalNotRevealable: 1008026011,
	/** A transfer date after the shop's today. */
	TransferDateInFuture: 1008026012,
	/** A transfer date before the withdrawal was asked for. */
	TransferDateBeforeRequest: 1008026013,
	/** A bulk-transfer file asked for while no withdrawal awaits payment. */
	NoPayoutsToExport: 1008026014,
	/** The stored account number cannot be decrypted with the server's key (BANK_CARD_KEY changed). */
	BankCardUnreadable: 1008026015,

	/**
	 * The business's own administrators (issue 27, migration 0026): 1008027. Tenant-wide money
	 * products (recharge packages, VIP card types, coupon templates, the points mall and rule) and
	 * the second currency's rate are changed only by a business owner, not a shop's owner.
	 */
	NotBusinessAdmin: 1008027000,
	/** The business's last administrator cannot be removed: nobody could define its products any more. */
	BusinessAdminLast: 1008027001,
	/** Only an owner of one of the business's shops can be made its administrator. */
	BusinessAdminNotOwner: 1008027002,

	/**
	 * The counter and its till (issue 28, decision 029): 1008028. Taking payment at the counter
	 * needs the taker's shift open; an order or bill is paid there once.
	 */
	ShiftNotOpen: 1008028000,
	/** The staff member already has a shift open at this shop: close it first. */
	ShiftAlreadyOpen: 1008028001,
	/** Paid meanwhile (another staff member, or the customer online): nothing is taken. */
	AlreadyPaidAtCounter: 1008028002,
	/** What is due changed since the sheet showed it (a round added, removed or paid). */
	CounterAmountChanged: 1008028003,
	/** The cash handed over does not cover what is due. */
	CashTenderShort: 1008028004,
	/** The order cannot be paid now (cancelled, closed, or its payment window passed). */
	NotPayableAtCounter: 1008028005,
	/** Only a cash or card taking still paid can be handed back, at the shop that took it. */
	CounterRefundRefused: 1008028006,
	/** The shift was closed meanwhile, or is not the caller's. */
	ShiftClosed: 1008028007,
	/** The bill owes nothing (a deposit covered it): close it from the table instead. */
	NothingDueAtCounter: 1008028008,
	/** Something is due on the bill: it is paid with the counter's Take payment, not closed. */
	TakePaymentAtCounter: 1008028009,

	/** A payment rail could not be reached to start a checkout (issue 29): nothing was charged; try again or pay another way. */
	PayRailUnreachable: 1008029000,
	/** Payment rails set up by the platform operator (issue 29 part 6): 1008029030–1008029059. */
	/** The rail has no settings yet: save them first. */
	RailNotSetUp: 1008029030,
	/** The stored settings no longer open (the server's key changed): every secret must be entered again. */
	RailSettingsUnreadable: 1008029031,

	/** KHQR refunds transferred back by staff (issue 29 part 3): 1008029120–1008029149. */
	/** No KHQR refund of this tenant by that id. */
	RefundTransferNotFound: 1008029120,
	/** Recorded already with another reference (by another operator, or earlier): nothing changed. */
	RefundTransferAlreadyRecorded: 1008029121,
	/** The refund does not wait for a transfer (still being prepared, or given up). */
	RefundNotAwaitingTransfer: 1008029122,

	/**
	 * Payment differences for the operator (issue 29, daily reconciliation): 1008029150–1008029179.
	 * Resolved already (by another operator, or this one a moment ago): nothing changed.
	 */
	DiscrepancyAlreadyResolved: 1008029150,

	/** SMS providers (issue 30 part 1): 1008030000–1008030029. */
	/** Every configured provider failed to send the code: nothing was used up; send again in a moment. */
	SmsCodeNotSent: 1008030000,

	/** Files on object storage (issue 30 part 2): 1008030030–1008030059. */
	/** The file store (the S3 bucket) failed or did not answer in time: the image was not saved; try again. */
	FileStoreUnavailable: 1008030030,
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
	[ErrorCode.ServiceUnavailable]: "serviceUnavailable",
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
	[ErrorCode.TelegramUnreachable]: "telegramUnreachable",
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
	[ErrorCode.StockBelowWhatIsLeft]: "stockBelowWhatIsLeft",
	[ErrorCode.RestockNeeded]: "restockNeeded",
	[ErrorCode.OrderNotPayable]: "orderNotPayable",
	[ErrorCode.InsufficientBalance]: "insufficientBalance",
	[ErrorCode.IdempotencyKeyRequired]: "idempotencyKeyRequired",
	[ErrorCode.IdempotencyKeyReused]: "idempotencyKeyReused",
	[ErrorCode.PickupTimeInvalid]: "chooseCorrectTime",
	[ErrorCode.PickupTimeOutsideHours]: "outsideOpeningHours",
	[ErrorCode.OrderNotCancellable]: "orderNotCancellable",
	[ErrorCode.PayMethodUnavailable]: "payMethodUnavailable",
	[ErrorCode.PayRailUnreachable]: "payRailUnreachable",
	[ErrorCode.SmsCodeNotSent]: "smsCodeNotSent",
	[ErrorCode.FileStoreUnavailable]: "fileStoreUnavailable",
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
	[ErrorCode.BranchLimitReached]: "branchLimitReached",
	[ErrorCode.StaffLastOwner]: "staffLastOwner",
	[ErrorCode.StaffAlreadyAdded]: "staffAlreadyAdded",
	[ErrorCode.FileMissing]: "fileMissing",
	[ErrorCode.FileNotImage]: "fileNotImage",
	[ErrorCode.FileTooLarge]: "fileTooLarge",
	[ErrorCode.ImageDimensionsTooLarge]: "imageDimensionsTooLarge",
	[ErrorCode.TableNumberTaken]: "tableNumberTaken",
	[ErrorCode.BellCoolingDown]: "bellCoolingDown",
	[ErrorCode.ReservationSlotTaken]: "reservationSlotTaken",
	[ErrorCode.ReservationOutsideHours]: "outsideOpeningHours",
	[ErrorCode.ReservationTooSoon]: "reservationTooSoon",
	[ErrorCode.ReservationTooFar]: "reservationTooFar",
	[ErrorCode.PartyTooLarge]: "partyTooLarge",
	[ErrorCode.ReservationNotCancellable]: "reservationNotCancellable",
	[ErrorCode.ReservationStateChanged]: "reservationStateChanged",
	[ErrorCode.ReservationsClosed]: "reservationsClosed",
	[ErrorCode.ArrivalCodeUnknown]: "arrivalCodeUnknown",
	[ErrorCode.ReservationTablesDoNotFit]: "reservationTablesDoNotFit",
	[ErrorCode.ReservationTableBusy]: "reservationTableBusy",
	[ErrorCode.ReservationNotPayable]: "reservationNotPayable",
	[ErrorCode.PreorderLocked]: "preorderLocked",
	[ErrorCode.ArrivalTooEarly]: "arrivalTooEarly",
	[ErrorCode.ReservationTimeInvalid]: "chooseCorrectTime",
	[ErrorCode.ReservationCancelKeepsDeposit]: "reservationCancelKeepsDeposit",
	[ErrorCode.ReservationAreaTaken]: "reservationAreaTaken",
	[ErrorCode.RechargePackageUnavailable]: "rechargePackageUnavailable",
	[ErrorCode.PayCodeInvalid]: "payCodeExpired",
	[ErrorCode.CounterRefundNotAllowed]: "counterRefundNotAllowed",
	[ErrorCode.PayCodeOwnShop]: "payCodeOwnShop",
	[ErrorCode.BonusNotForBooking]: "bonusNotForBooking",
	[ErrorCode.VipCardUnavailable]: "vipCardUnavailable",
	[ErrorCode.VipCardOtherActive]: "vipCardOtherActive",
	[ErrorCode.CouponAllGone]: "couponAllGone",
	[ErrorCode.CouponLimitReached]: "couponLimitReached",
	[ErrorCode.ExchangeCodeUnknown]: "exchangeCodeUnknown",
	[ErrorCode.CouponNotClaimable]: "couponNotClaimable",
	[ErrorCode.CouponNotUsable]: "couponNotUsable",
	[ErrorCode.CouponTermsLocked]: "couponTermsLocked",
	[ErrorCode.CouponQuantityBelowClaimed]: "couponQuantityBelowClaimed",
	[ErrorCode.ExchangeCodeTaken]: "exchangeCodeTaken",
	[ErrorCode.PointsInsufficient]: "pointsInsufficient",
	[ErrorCode.PointsItemSoldOut]: "pointsItemSoldOut",
	[ErrorCode.PointsItemAlreadyRedeemed]: "pointsItemAlreadyRedeemed",
	[ErrorCode.PointsItemUnavailable]: "pointsItemUnavailable",
	[ErrorCode.PointsFulfilmentUnavailable]: "pointsFulfilmentUnavailable",
	[ErrorCode.RedemptionStateChanged]: "redemptionStateChanged",
	[ErrorCode.RedemptionCodeUnknown]: "redemptionCodeUnknown",
	[ErrorCode.RedemptionAlreadyHandedOver]: "redemptionAlreadyHandedOver",
	[ErrorCode.NoWithdrawableAmount]: "noWithdrawableAmount",
	[ErrorCode.WithdrawalExceedsAvailable]: "withdrawalExceedsAvailable",
	[ErrorCode.WithdrawalBelowMinimum]: "withdrawalBelowMinimum",
	[ErrorCode.BankCardUnknown]: "bankCardUnknown",
	[ErrorCode.BankCardInUse]: "bankCardInUse",
	[ErrorCode.BankCardLimit]: "bankCardLimit",
	[ErrorCode.BankCardDuplicate]: "bankCardDuplicate",
	[ErrorCode.WithdrawalStateChanged]: "withdrawalStateChanged",
	[ErrorCode.NotPlatformOperator]: "notPlatformOperator",
	[ErrorCode.WithdrawalAlreadyPaid]: "withdrawalAlreadyPaid",
	[ErrorCode.WithdrawalAlreadyReturned]: "withdrawalAlreadyReturned",
	[ErrorCode.WithdrawalNotRevealable]: "withdrawalNotRevealable",
	[ErrorCode.TransferDateInFuture]: "transferDateInFuture",
	[ErrorCode.TransferDateBeforeRequest]: "transferDateBeforeRequest",
	[ErrorCode.NoPayoutsToExport]: "noPayoutsToExport",
	[ErrorCode.BankCardUnreadable]: "bankCardUnreadable",
	[ErrorCode.NotBusinessAdmin]: "notBusinessAdmin",
	[ErrorCode.BusinessAdminLast]: "businessAdminLast",
	[ErrorCode.BusinessAdminNotOwner]: "businessAdminNotOwner",
	[ErrorCode.ShiftNotOpen]: "shiftNotOpen",
	[ErrorCode.ShiftAlreadyOpen]: "shiftAlreadyOpen",
	[ErrorCode.AlreadyPaidAtCounter]: "alreadyPaidAtCounter",
	[ErrorCode.CounterAmountChanged]: "counterAmountChanged",
	[ErrorCode.CashTenderShort]: "cashTenderShort",
	[ErrorCode.NotPayableAtCounter]: "notPayableAtCounter",
	[ErrorCode.CounterRefundRefused]: "counterRefundRefused",
	[ErrorCode.ShiftClosed]: "shiftClosed",
	[ErrorCode.NothingDueAtCounter]: "nothingDueAtCounter",
	[ErrorCode.TakePaymentAtCounter]: "takePaymentAtCounter",
	[ErrorCode.RailNotSetUp]: "railNotSetUp",
	[ErrorCode.RailSettingsUnreadable]: "railSettingsUnreadable",
	[ErrorCode.RefundTransferNotFound]: "refundTransferNotFound",
	[ErrorCode.RefundTransferAlreadyRecorded]: "refundTransferAlreadyRecorded",
	[ErrorCode.RefundNotAwaitingTransfer]: "refundNotAwaitingTransfer",
	[ErrorCode.DiscrepancyAlreadyResolved]: "discrepancyAlreadyResolved",
};
