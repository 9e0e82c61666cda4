import type { CheckoutPresentation, Localized } from "@bayon/contract";
import type { ColumnType, Generated, JSONColumnType } from "kysely";

/** Kysely's view of the tables created by db/migrations. Keep in step with the SQL. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** A nullable column that inserts may leave out (it starts NULL). */
type OptionalNullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A nullable timestamp a row may be inserted without. */
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type LocalizedColumn = JSONColumnType<Localized, string, string>;
type PartialLocalizedColumn = JSONColumnType<Partial<Localized>, string, string>;

export interface TenantTable {
	id: number;
	name: string;
	shop_key: string;
	currency_code: string;
	currency_symbol: string;
	currency_decimals: number;
	currency_rate: ColumnType<string, string | number | undefined, string | number>;
	currency_symbol_position: "before" | "after";
	/** The second display currency (decision 011): all five set, or all null. */
	second_currency_code: string | null;
	second_currency_symbol: string | null;
	second_currency_rate: number | null;
	second_currency_round_to: number | null;
	second_currency_symbol_position: "before" | "after" | null;
	created_at: CreatedAt;
	/** The platform's terms for its shops' money (issue 14, migration 0021). */
	settlement_hold_hours: Generated<number>;
	commission_bps: Generated<number>;
	minimum_withdrawal: Generated<number>;
}

export interface LanguageTable {
	code: string;
	name: string;
	sort: Generated<number>;
	enabled: Generated<boolean>;
}

export interface MemberTable {
	id: Generated<number>;
	tenant_id: number;
	mobile: string;
	nickname: string;
	avatar: string | null;
	gender: Generated<0 | 1 | 2>;
	birthday: string | null;
	points: Generated<number>;
	status: Generated<"active" | "disabled">;
	last_login_at: Timestamp | null;
	created_at: CreatedAt;
	updated_at: Timestamp;
}

export interface SmsCodeTable {
	id: Generated<number>;
	tenant_id: number;
	mobile: string;
	scene: number;
	code_hmac: string;
	ip: string;
	attempts: Generated<number>;
	created_at: Timestamp;
	expires_at: Timestamp;
	consumed_at: Timestamp | null;
	superseded_at: Timestamp | null;
}

export interface AuthSessionTable {
	id: Generated<number>;
	family_id: string;
	tenant_id: number;
	member_id: number;
	access_hash: string;
	access_expires_at: Timestamp;
	refresh_hash: string;
	refresh_expires_at: Timestamp;
	rotated_at: Timestamp | null;
	revoked_at: Timestamp | null;
	created_at: Timestamp;
	login_method: "sms" | "telegram";
}

export interface TelegramIdentityTable {
	tenant_id: number;
	telegram_user_id: number;
	member_id: number | null;
	username: string | null;
	first_name: string | null;
	last_name: string | null;
	language_code: string | null;
	photo_url: string | null;
	allows_write_to_pm: boolean | null;
	platform: string | null;
	client_version: string | null;
	last_auth_date: Timestamp;
	linked_at: Timestamp | null;
	created_at: CreatedAt;
	updated_at: Timestamp;
}

export interface ServicePageTable {
	id: Generated<number>;
	tenant_id: number;
	slug: string;
	icon: string;
	name: LocalizedColumn;
	content: LocalizedColumn;
	sort: Generated<number>;
	enabled: Generated<boolean>;
	updated_at: Timestamp;
}

export interface NewsTable {
	id: Generated<number>;
	tenant_id: number;
	slug: string;
	title: LocalizedColumn;
	summary: LocalizedColumn;
	content: LocalizedColumn;
	published_at: Timestamp;
	enabled: Generated<boolean>;
}

export interface UploadedFileTable {
	id: string;
	tenant_id: number;
	member_id: number;
	path: string;
	mime_type: string;
	size_bytes: number;
	width: number;
	height: number;
	created_at: CreatedAt;
}

export interface ShopTable {
	id: Generated<number>;
	tenant_id: number;
	code: string;
	name: LocalizedColumn;
	address: LocalizedColumn;
	phone: string;
	latitude: number;
	longitude: number;
	timezone: string;
	notice: LocalizedColumn | null;
	logo: string | null;
	accepting_orders: Generated<boolean>;
	preparation_minutes: Generated<number>;
	created_at: CreatedAt;
	photos: JSONColumnType<string[], string | undefined, string>;
	offers_takein: Generated<boolean>;
	offers_takeout: Generated<boolean>;
	offers_desk: Generated<boolean>;
	delivery_radius_m: number | null;
	delivery_radius_fee: number | null;
	delivery_radius_min_order: number | null;
	desk_pay_after_meal: Generated<boolean>;
	version: Generated<number>;
	paused_until: NullableTimestamp;
}

export interface ShopClosureTable {
	id: Generated<number>;
	shop_id: number;
	starts_on: string;
	ends_on: string;
	reason: LocalizedColumn | null;
}

export interface DeliveryZoneTable {
	id: Generated<number>;
	shop_id: number;
	code: string;
	name: LocalizedColumn;
	points: JSONColumnType<Array<[number, number]>, string, string>;
	fee: number;
	min_order: number;
	stroke_width: Generated<number>;
	stroke_color: Generated<string>;
	fill_color: Generated<string>;
	dash_array: Generated<string>;
	z_index: Generated<number>;
	sort: Generated<number>;
	enabled: Generated<boolean>;
}

export interface DiningTableTable {
	id: Generated<number>;
	shop_id: number;
	number: string;
	seats: number;
	area: LocalizedColumn | null;
	qr_version: Generated<number>;
	enabled: Generated<boolean>;
	sort: Generated<number>;
	/** Issue 11: whether the table takes bookings, and the smallest party it is given to. */
	reservable: Generated<boolean>;
	min_seats: Generated<number>;
}

export interface MemberAddressTable {
	id: Generated<number>;
	tenant_id: number;
	member_id: number;
	recipient: string;
	phone: string;
	address: string;
	house_number: Generated<string>;
	latitude: number;
	longitude: number;
	is_default: Generated<boolean>;
	created_at: CreatedAt;
	updated_at: Timestamp;
}

export interface ShopStaffTable {
	shop_id: number;
	member_id: number;
	role: "owner" | "manager" | "staff";
	created_at: CreatedAt;
}

/** Who changed what in the merchant area, and how (issue 10); read by the owner. */
export interface ShopChangeTable {
	id: Generated<number>;
	tenant_id: number;
	shop_id: number;
	member_id: number;
	subject: string;
	subject_id: string | null;
	action: string;
	before: ColumnType<unknown, string | null, never>;
	after: ColumnType<unknown, string | null, never>;
	created_at: CreatedAt;
}

export interface ShopOpeningHoursTable {
	shop_id: number;
	weekday: number;
	opens_at: string;
	closes_at: string;
}

export interface MenuCategoryTable {
	id: Generated<number>;
	shop_id: number;
	code: string;
	name: LocalizedColumn;
	sort: Generated<number>;
	visible: Generated<boolean>;
	version: Generated<number>;
}

export interface MenuItemTable {
	id: Generated<number>;
	shop_id: number;
	category_id: number;
	code: string;
	name: LocalizedColumn;
	description: PartialLocalizedColumn;
	image: string | null;
	price: number;
	original_price: number | null;
	stock: number | null;
	sold_out: Generated<boolean>;
	sales_count: Generated<number>;
	sort: Generated<number>;
	order_types: ColumnType<Array<"takein" | "takeout" | "desk">, string[] | undefined, string[]>;
	enabled: Generated<boolean>;
	version: Generated<number>;
}

export interface MenuOptionGroupTable {
	id: Generated<number>;
	item_id: number;
	code: string;
	name: LocalizedColumn;
	min_choices: Generated<number>;
	max_choices: Generated<number>;
	sort: Generated<number>;
	version: Generated<number>;
}

export interface ShopMenuVersionTable {
	shop_id: number;
	version: ColumnType<number, number | undefined, number>;
}

export interface MenuOptionTable {
	id: Generated<number>;
	group_id: number;
	code: string;
	name: LocalizedColumn;
	price_delta: Generated<number>;
	is_default: Generated<boolean>;
	sort: Generated<number>;
	stock: number | null;
	sold_out: Generated<boolean>;
}

export interface LedgerAccountTable {
	id: Generated<number>;
	tenant_id: number;
	kind:
		| "member_wallet"
		| "shop_revenue"
		| "external_funds"
		| "reservation_hold"
		/** Bonus given with recharges: runs negative (issue 12). */
		| "stored_value_bonus"
		/** VIP card sales (issue 12). */
		| "membership_revenue"
		/** A shop's settled money (issue 14); shop_revenue is its pending money. */
		| "shop_available"
		/** A shop's money asked for and not yet paid out (issue 14). */
		| "shop_withdrawing"
		/** The platform's commission on shops' earnings (issue 14). */
		| "platform_commission"
		/** Withdrawals paid out to shops' banks: the outside world (issue 14). */
		| "shop_payouts";
	member_id: number | null;
	shop_id: number | null;
	balance: Generated<number>;
	/** Of a member's wallet balance, the part that is recharge bonus (migration 0025); 0 on every other account. */
	bonus: Generated<number>;
}

export interface LedgerTxnTable {
	id: Generated<number>;
	tenant_id: number;
	kind:
		| "order_payment"
		| "order_refund"
		| "wallet_grant"
		| "recharge"
		| "reservation_payment"
		| "reservation_refund"
		| "reservation_kept"
		| "reservation_applied"
		| "recharge_bonus"
		| "card_purchase"
		| "card_refund"
		| "counter_payment"
		| "counter_refund"
		| "shop_settlement"
		| "shop_commission"
		| "commission_refund"
		| "withdrawal_request"
		| "withdrawal_returned"
		| "withdrawal_paid"
		| "counter_takings";
	idempotency_key: string;
	order_id: number | null;
	reservation_id: OptionalNullable<number>;
	recharge_id: OptionalNullable<number>;
	card_purchase_id: OptionalNullable<number>;
	counter_payment_id: OptionalNullable<number>;
	withdrawal_id: OptionalNullable<number>;
	shop_earning_id: OptionalNullable<number>;
	created_at: Timestamp;
}

export interface LedgerEntryTable {
	id: Generated<number>;
	txn_id: number;
	account_id: number;
	amount: number;
	/** The account's balance right after this entry (null only for entries older than migration 0018's backfill). */
	balance_after: number | null;
	/** The part of `amount` that is recharge bonus (same sign): non-zero only on a member's wallet (migration 0025). */
	bonus: Generated<number>;
}

export interface ShopDayCounterTable {
	shop_id: number;
	day: string;
	last_number: number;
}

export interface CustomerOrderTable {
	id: Generated<number>;
	tenant_id: number;
	shop_id: number;
	member_id: number;
	order_no: string;
	order_type: "takein" | "takeout" | "desk";
	status:
		| "unpaid"
		| "new"
		| "in_production"
		| "ready"
		| "delivering"
		| "completed"
		| "cancelled"
		| "rejected"
		| "refunded";
	payment_status: "unpaid" | "paying" | "paid" | "refunded";
	pay_method: "balance" | "sandbox" | "wechat" | "alipay" | "khqr" | "counter" | null;
	pickup_number: number;
	business_day: string;
	pickup_at: Timestamp | null;
	table_id: number | null;
	diners: number | null;
	delivery_address: JSONColumnType<
		{ recipient: string; phone: string; address: string; houseNumber: string; latitude: number; longitude: number },
		string | null,
		string | null
	> | null;
	contact_phone: string | null;
	remark: Generated<string>;
	subtotal: number;
	delivery_fee: number;
	/** What the member's VIP card took off (issue 12). */
	member_discount: Generated<number>;
	/** The card's name as it was, for the order's discount line. */
	member_card_name: ColumnType<Localized | null, string | null | undefined, string | null>;
	/** A delivery fee the card waived (delivery_fee is then 0). */
	delivery_fee_waived: Generated<number>;
	/** The member's coupon it was placed with (issue 13); kept after the coupon is given back. */
	coupon_id: number | null;
	/** What the coupon took off, after the card (decision 022). */
	coupon_discount: Generated<number>;
	/** The coupon's title as it was, for the order's discount line. */
	coupon_title: ColumnType<Localized | null, string | null | undefined, string | null>;
	total: number;
	placed_by_member_id: number | null;
	created_at: Timestamp;
	expires_at: Timestamp | null;
	paid_at: Timestamp | null;
	closed_at: Timestamp | null;
	close_reason: string | null;
	refund_status: Generated<"none" | "requested" | "approved" | "rejected">;
	refund_reason: string | null;
	refund_decision_note: string | null;
	refund_requested_at: Timestamp | null;
	refund_decided_at: Timestamp | null;
	accepted_at: Timestamp | null;
	bill_id: OptionalNullable<number>;
	paid_by_member_id: OptionalNullable<number>;
	gateway_payment_id: OptionalNullable<string>;
}

export interface TableBillTable {
	id: Generated<number>;
	tenant_id: number;
	shop_id: number;
	table_id: number;
	status: "open" | "settled";
	opened_at: Timestamp;
	settled_at: Timestamp | null;
	settle_method: "balance" | "sandbox" | "wechat" | "alipay" | "khqr" | "counter" | "nothing_due" | null;
	settled_by_member_id: number | null;
	paid_total: number | null;
	/** The booking seated at this bill (issue 11), whose deposit is credited to it. */
	reservation_id: OptionalNullable<number>;
	/** Deducted from what the bill owes: a deposit paid with the booking. */
	credit: Generated<number>;
}

export interface TableCallTable {
	id: Generated<number>;
	tenant_id: number;
	shop_id: number;
	table_id: number;
	bill_id: number;
	member_id: number | null;
	kind: "waiter" | "bill";
	called_at: Timestamp;
	answered_at: NullableTimestamp;
	answered_by_member_id: number | null;
}

/** One attempt to take money that is not a balance move (decision 028). */
export interface PaymentTable {
	id: string;
	tenant_id: number;
	/** What it pays for: the purpose's kind and its own id (payments names no other feature's table). */
	purpose: PaymentPurpose;
	purpose_id: number;
	payer_member_id: OptionalNullable<number>;
	provider: "sandbox" | "wechat" | "alipay" | "khqr" | "cash" | "card_terminal";
	amount: number;
	status: "pending" | "succeeded" | "declined" | "abandoned";
	/** The ledger's currency (migration 0036; null only on counter takings written before it). */
	currency: OptionalNullable<string>;
	/** The rail's own currency and amount (minor units) when it is not the ledger's: KHQR in riel. */
	rail_currency: OptionalNullable<string>;
	rail_amount: OptionalNullable<number>;
	/** How the rail was asked to take it: jsapi, h5, native, wap, page, precreate, khqr, hosted. */
	channel: OptionalNullable<string>;
	/** The rail's reference known before it is paid: KHQR's md5, WeChat's prepay id. */
	rail_ref: OptionalNullable<string>;
	/** What our checkout page shows for it (a QR, a deep link, JSAPI parameters); null for a redirect. */
	checkout: ColumnType<CheckoutPresentation | null, string | null | undefined, string | null>;
	return_path: OptionalNullable<string>;
	rail_expires_at: NullableTimestamp | undefined;
	provider_txn_id: string | null;
	created_at: Timestamp;
	updated_at: Timestamp;
	/** When the reconciliation job should next ask the gateway (pending payments). */
	next_check_at: NullableTimestamp;
	/** A server asking about it right now holds it until then. */
	claimed_until: NullableTimestamp;
	/** When the gateway last answered that the payer had not decided yet. */
	checked_at: NullableTimestamp;
	/** Questions in a row the gateway could not answer (backoff). */
	check_failures: Generated<number>;
	last_check_error: OptionalNullable<string>;
}

export interface OrderLineNames {
	item: Localized;
	options: Record<string, Localized>;
}

export interface OrderLineTable {
	id: Generated<number>;
	order_id: number;
	item_id: number;
	name: string;
	options: JSONColumnType<Array<{ id: number; name: string; priceDelta: number }>, string, string>;
	/** The item's and its options' names in every language (orders placed since migration 0008). */
	names: ColumnType<OrderLineNames | null, string | null | undefined, string | null>;
	unit_price: number;
	quantity: number;
	line_total: number;
}

export interface OrderEventTable {
	id: Generated<number>;
	order_id: number;
	at: Timestamp;
	actor: "customer" | "staff" | "system";
	actor_member_id: number | null;
	from_status: string | null;
	to_status: string;
	note: string | null;
}

export interface IdempotencyRecordTable {
	member_id: number;
	scope: string;
	key: string;
	request_hash: string;
	response: JSONColumnType<object, string, string>;
	created_at: Timestamp;
}

export interface SandboxGatewayTxnTable {
	id: string;
	merchant_reference: string;
	amount: number;
	currency: string;
	description: string;
	status: "pending" | "approved" | "declined";
	provider_txn_id: string | null;
	notify_url: string;
	return_url: string;
	/** The payer's language, for the checkout page; null for payments started before 0011. */
	language: string | null;
	created_at: Timestamp;
	decided_at: Timestamp | null;
}

export type PaymentPurpose = "order" | "table_bill" | "booking" | "recharge" | "vip_card";

export interface GatewayRefundTable {
	id: string;
	tenant_id: number;
	/** What the money goes back for: an order refunded on its own, or a late payment's own purpose. */
	purpose: PaymentPurpose;
	purpose_id: number;
	gateway_payment_id: string;
	refund_key: string;
	provider: "sandbox" | "wechat" | "alipay" | "khqr";
	amount: number;
	reason: string;
	/** awaiting_transfer: KHQR has no refund call; staff transfer it back and record the reference. */
	status: "pending" | "succeeded" | "failed" | "awaiting_transfer";
	transfer_recorded_by: OptionalNullable<number>;
	transfer_recorded_at: NullableTimestamp | undefined;
	provider_refund_id: string | null;
	attempts: Generated<number>;
	next_attempt_at: Timestamp;
	last_error: string | null;
	created_at: Timestamp;
	updated_at: Timestamp;
}

export interface SandboxGatewayRefundTable {
	refund_id: string;
	txn_id: string;
	amount: number;
	reason: string;
	provider_refund_id: string;
	created_at: Timestamp;
}

// Issue 11: reservations (migration 0017).
export interface ReservationSettingsTable {
	shop_id: number;
	enabled: boolean;
	slot_minutes: number;
	turn_times: JSONColumnType<Array<{ upToParty: number; minutes: number }>, string, string>;
	buffer_minutes: number;
	min_notice_minutes: number;
	max_days_ahead: number;
	online_party_max: number;
	pacing_covers_per_slot: number | null;
	auto_confirm_percent: number;
	cancel_window_minutes: number;
	grace_minutes: number;
	deposit_min_party: number | null;
	deposit_per_person: number;
	deposit_strikes: number | null;
	strike_window_days: number;
	version: Generated<number>;
	updated_at: Timestamp;
}

export type ReservationStatusColumn =
	| "awaiting_payment"
	| "pending"
	| "confirmed"
	| "seated"
	| "completed"
	| "cancelled"
	| "late_cancelled"
	| "rejected"
	| "no_show"
	| "expired";

export interface ReservationTable {
	id: Generated<number>;
	tenant_id: number;
	shop_id: number;
	member_id: number | null;
	code: string;
	status: ReservationStatusColumn;
	party: number;
	starts_at: Timestamp;
	ends_at: Timestamp;
	held_until: Timestamp;
	guest_name: string;
	guest_phone: string;
	occasion: "birthday" | "anniversary" | "business" | "date" | "celebration" | "other" | null;
	area_preference: string | null;
	/** Whether the tables held are in the preferred area (issue 27); null: no preference. */
	area_preference_met: boolean | null;
	note: Generated<string>;
	source: "web" | "telegram" | "staff";
	created_by_member_id: number | null;
	pay_deadline: NullableTimestamp;
	auto_confirm: Generated<boolean>;
	reject_reason: OptionalNullable<string>;
	cancel_reason: OptionalNullable<string>;
	bill_id: OptionalNullable<number>;
	preorder_order_id: OptionalNullable<number>;
	/** The guest pressed Confirm on a reminder (migration 0022). */
	guest_confirmed_at: NullableTimestamp;
	created_at: Timestamp;
	updated_at: Timestamp;
}

export interface ReservationTableTable {
	reservation_id: number;
	table_id: number;
	shop_id: number;
	/** A tstzrange literal such as `[2026-11-24 18:00:00+00,2026-11-24 19:40:00+00)`. */
	stay: string;
	holding: Generated<boolean>;
}

export interface ReservationHistoryTable {
	id: Generated<number>;
	reservation_id: number;
	status: string;
	actor: "guest" | "staff" | "system";
	actor_member_id: number | null;
	note: string | null;
	at: Timestamp;
}

export interface ReservationPreorderTable {
	reservation_id: number;
	pay_mode: "now" | "atTable";
	lines: JSONColumnType<unknown[], string, string>;
	total: number;
	updated_at: Timestamp;
}

export interface ReservationPaymentTable {
	id: Generated<number>;
	reservation_id: number;
	kind: "deposit" | "preorder";
	amount: number;
	status: "due" | "paying" | "paid" | "refunded" | "kept" | "applied" | "void";
	pay_method: "balance" | "sandbox" | "wechat" | "alipay" | "khqr" | null;
	gateway_payment_id: string | null;
	paid_at: NullableTimestamp;
	settled_at: NullableTimestamp;
	created_at: Timestamp;
}

export interface ReservationNoticeTable {
	id: Generated<number>;
	reservation_id: number;
	kind: "remind_24h" | "remind_2h";
	due_at: Timestamp;
	sent_at: NullableTimestamp;
	skipped_at: NullableTimestamp;
}

export interface DB {
	tenant: TenantTable;
	language: LanguageTable;
	member: MemberTable;
	sms_code: SmsCodeTable;
	auth_session: AuthSessionTable;
	telegram_identity: TelegramIdentityTable;
	service_page: ServicePageTable;
	news: NewsTable;
	uploaded_file: UploadedFileTable;
	shop: ShopTable;
	shop_staff: ShopStaffTable;
	shop_change: ShopChangeTable;
	shop_opening_hours: ShopOpeningHoursTable;
	menu_category: MenuCategoryTable;
	menu_item: MenuItemTable;
	menu_option_group: MenuOptionGroupTable;
	menu_option: MenuOptionTable;
	shop_menu_version: ShopMenuVersionTable;
	shop_closure: ShopClosureTable;
	delivery_zone: DeliveryZoneTable;
	dining_table: DiningTableTable;
	member_address: MemberAddressTable;
	ledger_account: LedgerAccountTable;
	ledger_txn: LedgerTxnTable;
	ledger_entry: LedgerEntryTable;
	shop_day_counter: ShopDayCounterTable;
	customer_order: CustomerOrderTable;
	table_bill: TableBillTable;
	table_call: TableCallTable;
	reservation_settings: ReservationSettingsTable;
	reservation: ReservationTable;
	reservation_table: ReservationTableTable;
	reservation_history: ReservationHistoryTable;
	reservation_preorder: ReservationPreorderTable;
	reservation_payment: ReservationPaymentTable;
	reservation_notice: ReservationNoticeTable;
	order_line: OrderLineTable;
	order_event: OrderEventTable;
	idempotency_record: IdempotencyRecordTable;
	payment: PaymentTable;
	sandbox_gateway_txn: SandboxGatewayTxnTable;
	payment_rail_settings: PaymentRailSettingsTable;
	payment_rail_audit: PaymentRailAuditTable;
	wechat_payer: WechatPayerTable;
	payment_discrepancy: PaymentDiscrepancyTable;
	payment_statement_run: PaymentStatementRunTable;
	gateway_refund: GatewayRefundTable;
	sandbox_gateway_refund: SandboxGatewayRefundTable;
	recharge_package: RechargePackageTable;
	stored_value_settings: StoredValueSettingsTable;
	recharge: RechargeTable;
	vip_card_type: VipCardTypeTable;
	member_card: MemberCardTable;
	card_purchase: CardPurchaseTable;
	pay_code: PayCodeTable;
	counter_payment: CounterPaymentTable;
	counter_shift: CounterShiftTable;
	counter_take: CounterTakeTable;
	counter_receipt_day: CounterReceiptDayTable;
	coupon_template: CouponTemplateTable;
	coupon_template_shop: CouponTemplateShopTable;
	member_coupon: MemberCouponTable;
	points_rule: PointsRuleTable;
	points_item: PointsItemTable;
	points_redemption: PointsRedemptionTable;
	points_entry: PointsEntryTable;
	platform_operator: PlatformOperatorTable;
	tenant_admin: TenantAdminTable;
	shop_earning: ShopEarningTable;
	shop_bank_card: ShopBankCardTable;
	shop_withdrawal: ShopWithdrawalTable;
	shop_withdrawal_event: ShopWithdrawalEventTable;
	shop_withdrawal_reveal: ShopWithdrawalRevealTable;
	shop_day_net: ShopDayNetTable;
	bot_chat: BotChatTable;
	member_notice_settings: MemberNoticeSettingsTable;
	shop_bot_group: ShopBotGroupTable;
	shop_bot_group_link: ShopBotGroupLinkTable;
	bot_message: BotMessageTable;
	bot_send_budget: BotSendBudgetTable;
}

// The Telegram bot (issue 15, migration 0022).

/** A chat the bot writes to: a member's private chat (id = Telegram user id) or a staff group. */
export interface BotChatTable {
	chat_id: number;
	kind: "private" | "group";
	title: OptionalNullable<string>;
	blocked_at: NullableTimestamp;
	next_send_at: ColumnType<Date, Date | string | undefined, Date | string>;
	created_at: Timestamp;
	updated_at: Timestamp;
}

export interface MemberNoticeSettingsTable {
	member_id: number;
	tenant_id: number;
	/** Notice categories (contract NOTICE_CATEGORIES) the member turned off. */
	muted: ColumnType<string[], string[] | undefined, string[]>;
	language: OptionalNullable<string>;
	updated_at: Timestamp;
}

export interface ShopBotGroupTable {
	shop_id: number;
	tenant_id: number;
	chat_id: number;
	language: string;
	linked_by_member_id: number | null;
	linked_at: Timestamp;
}

export interface ShopBotGroupLinkTable {
	token_hash: string;
	tenant_id: number;
	shop_id: number;
	member_id: number;
	language: string;
	created_at: Timestamp;
	expires_at: Timestamp;
	used_at: NullableTimestamp;
}

export type BotMessageStatus = "pending" | "sending" | "sent" | "failed" | "skipped";

export interface BotMessageTable {
	id: Generated<number>;
	tenant_id: number;
	chat_id: number;
	member_id: number | null;
	shop_id: number | null;
	kind: string;
	subject_id: number;
	dedupe_key: string;
	status: ColumnType<BotMessageStatus, BotMessageStatus | undefined, BotMessageStatus>;
	attempts: Generated<number>;
	next_attempt_at: Timestamp;
	lease_until: NullableTimestamp;
	telegram_message_id: OptionalNullable<number>;
	last_error: OptionalNullable<string>;
	created_at: Timestamp;
	sent_at: NullableTimestamp;
}

/** Telegram's limit on all of the bot's messages, shared by every server (one row). */
export interface BotSendBudgetTable {
	id: number;
	window_start: Timestamp;
	sent: number;
}

/** A shop's net earnings of one ledger transaction, on the shop's local day (migration 0021). */
export interface ShopDayNetTable {
	txn_id: number;
	shop_id: number;
	/** YYYY-MM-DD, the shop's local date. */
	day: ColumnType<string, string, string>;
	net: number;
}

// The merchant's money (issue 14, migration 0021).

export interface PlatformOperatorTable {
	tenant_id: number;
	member_id: number;
	created_at: CreatedAt;
}

/** A business administrator (migration 0026): defines the tenant-wide money products and the riel rate. */
export interface TenantAdminTable {
	tenant_id: number;
	member_id: number;
	/** Who granted it; null for those the migration or the demo seed made administrators. */
	granted_by: OptionalNullable<number>;
	created_at: CreatedAt;
}

export interface ShopEarningTable {
	id: Generated<number>;
	tenant_id: number;
	shop_id: number;
	source: "order" | "counter_payment" | "reservation_kept" | "opening";
	order_id: OptionalNullable<number>;
	counter_payment_id: OptionalNullable<number>;
	reservation_id: OptionalNullable<number>;
	ledger_txn_id: number | null;
	gross: number;
	commission: number;
	status: Generated<"pending" | "settled" | "reversed">;
	releases_at: Date | null;
	settled_at: OptionalNullable<Date>;
	reversed_at: OptionalNullable<Date>;
	/** Paid out to the shop at its own counter when taken (cash, card terminal; migration 0035). */
	counter_take_id: OptionalNullable<number>;
	created_at: Timestamp;
}

export interface ShopBankCardTable {
	id: Generated<number>;
	tenant_id: number;
	shop_id: number;
	holder: string;
	bank: string;
	last4: string;
	number_encrypted: string;
	number_hmac: string;
	added_by_member_id: number;
	created_at: Timestamp;
	removed_at: OptionalNullable<Date>;
	removed_by_member_id: OptionalNullable<number>;
}

export interface ShopWithdrawalTable {
	id: Generated<number>;
	tenant_id: number;
	shop_id: number;
	card_id: number;
	amount: number;
	/** Spec §3: 0 unaudited, 1 awaiting arrival, 2 review rejected, 3 already received. */
	status: Generated<0 | 1 | 2 | 3>;
	reject_reason: OptionalNullable<string>;
	bank_reference: OptionalNullable<string>;
	/** The day of the bank transfer, YYYY-MM-DD (migration 0034); set with status 3. */
	transfer_date: ColumnType<string | null, string | null | undefined, string | null>;
	version: Generated<number>;
	requested_by_member_id: number;
	idempotency_key: OptionalNullable<string>;
	created_at: Timestamp;
	updated_at: Timestamp;
}

export interface ShopWithdrawalEventTable {
	id: Generated<number>;
	withdrawal_id: number;
	from_status: 0 | 1 | 2 | 3 | null;
	to_status: 0 | 1 | 2 | 3;
	actor: "owner" | "operator" | "system";
	actor_member_id: number | null;
	note: string | null;
	at: Timestamp;
}

/** Every reading of a withdrawal's full account number by a platform operator (issue 28, migration 0034). */
export interface ShopWithdrawalRevealTable {
	id: Generated<number>;
	tenant_id: number;
	withdrawal_id: number;
	member_id: number;
	via: "reveal" | "export";
	request_id: string;
	ip: string;
	user_agent: string | null;
	at: Timestamp;
}

// Stored value and VIP cards (issue 12, migration 0018).

export interface RechargePackageTable {
	id: Generated<number>;
	tenant_id: number;
	name: LocalizedColumn;
	pay_amount: number;
	bonus_amount: number;
	sort: Generated<number>;
	on_sale: Generated<boolean>;
	version: Generated<number>;
	created_at: Timestamp;
	updated_at: Timestamp;
}

export interface StoredValueSettingsTable {
	tenant_id: number;
	agreement: LocalizedColumn;
	updated_at: Timestamp;
}

export interface RechargeTable {
	id: Generated<number>;
	tenant_id: number;
	member_id: number;
	package_id: number;
	package_name: LocalizedColumn;
	pay_amount: number;
	bonus_amount: number;
	provider: "sandbox" | "wechat" | "alipay" | "khqr";
	status: "pending" | "paid" | "expired";
	idempotency_key: string;
	expires_at: Timestamp;
	paid_at: NullableTimestamp;
	created_at: Timestamp;
}

export interface VipCardTypeTable {
	id: Generated<number>;
	tenant_id: number;
	name: LocalizedColumn;
	description: LocalizedColumn;
	price: number;
	validity_days: number;
	discount_percent: Generated<number>;
	discount_cap: number | null;
	free_delivery: Generated<boolean>;
	points_percent: Generated<number>;
	sort: Generated<number>;
	on_sale: Generated<boolean>;
	version: Generated<number>;
	created_at: Timestamp;
	updated_at: Timestamp;
}

export interface MemberCardTable {
	member_id: number;
	tenant_id: number;
	card_type_id: number;
	name: LocalizedColumn;
	starts_at: Timestamp;
	expires_at: Timestamp;
	discount_percent: number;
	discount_cap: number | null;
	free_delivery: boolean;
	points_percent: number;
	updated_at: Timestamp;
}

export interface CardPurchaseTable {
	id: Generated<number>;
	tenant_id: number;
	member_id: number;
	card_type_id: number;
	price: number;
	validity_days: number;
	pay_method: "balance" | "sandbox" | "wechat" | "alipay" | "khqr";
	status: "pending" | "paid" | "expired" | "refunded";
	idempotency_key: string;
	expires_at: Timestamp;
	paid_at: NullableTimestamp;
	created_at: Timestamp;
}

export interface PayCodeTable {
	id: Generated<number>;
	tenant_id: number;
	member_id: number;
	code: string;
	expires_at: Timestamp;
	used_at: NullableTimestamp;
	retired_at: NullableTimestamp;
	created_at: Timestamp;
}

export interface CounterPaymentTable {
	id: Generated<number>;
	tenant_id: number;
	shop_id: number;
	member_id: number;
	pay_code_id: number;
	amount: number;
	note: Generated<string>;
	status: "paid" | "refunded";
	taken_by_member_id: number;
	refunded_by_member_id: number | null;
	idempotency_key: string | null;
	created_at: Timestamp;
	refunded_at: NullableTimestamp;
}

// The counter and its till (issue 28, migration 0035, decision 029).

export interface CounterShiftTable {
	id: Generated<number>;
	tenant_id: number;
	shop_id: number;
	staff_member_id: number;
	status: Generated<"open" | "closed">;
	opened_at: Timestamp;
	float_cash: number;
	float_cash_second: Generated<number>;
	closed_at: NullableTimestamp;
	expected_cash: OptionalNullable<number>;
	expected_cash_second: OptionalNullable<number>;
	expected_card: OptionalNullable<number>;
	expected_balance: OptionalNullable<number>;
	counted_cash: OptionalNullable<number>;
	counted_cash_second: OptionalNullable<number>;
	counted_card: OptionalNullable<number>;
	difference_cash: OptionalNullable<number>;
	difference_cash_second: OptionalNullable<number>;
	difference_card: OptionalNullable<number>;
	close_note: Generated<string>;
}

export interface CounterTakeTable {
	id: Generated<number>;
	tenant_id: number;
	shop_id: number;
	shift_id: number;
	staff_member_id: number;
	receipt_no: string;
	purpose: "order" | "table_bill";
	purpose_id: number;
	method: "cash" | "card_terminal" | "balance";
	amount: number;
	payment_id: OptionalNullable<string>;
	payer_member_id: OptionalNullable<number>;
	tendered: OptionalNullable<number>;
	tendered_second: OptionalNullable<number>;
	change_given: OptionalNullable<number>;
	change_given_second: OptionalNullable<number>;
	terminal_reference: OptionalNullable<string>;
	status: Generated<"paid" | "refunded">;
	refunded_at: NullableTimestamp;
	refunded_by_member_id: OptionalNullable<number>;
	refund_shift_id: OptionalNullable<number>;
	idempotency_key: OptionalNullable<string>;
	created_at: Timestamp;
}

export interface CounterReceiptDayTable {
	shop_id: number;
	day: string;
	last_number: number;
}

// Coupons, points and the points mall (issue 13, migration 0020).

export interface CouponTemplateTable {
	id: Generated<number>;
	tenant_id: number;
	title: LocalizedColumn;
	instructions: LocalizedColumn;
	kind: "amount_off" | "percent_off" | "free_delivery";
	amount_off: number | null;
	percent_off: number | null;
	max_discount: number | null;
	threshold: Generated<number>;
	use_type: 0 | 1 | 2;
	limited_to_shops: Generated<boolean>;
	validity_kind: "fixed" | "days";
	valid_from: NullableTimestamp;
	valid_until: NullableTimestamp;
	valid_days: number | null;
	total_quantity: number;
	claimed_count: Generated<number>;
	per_member_limit: Generated<number>;
	exchange_code: string | null;
	listed: Generated<boolean>;
	enabled: Generated<boolean>;
	version: Generated<number>;
	created_at: Timestamp;
	updated_at: Timestamp;
}

export interface CouponTemplateShopTable {
	template_id: number;
	shop_id: number;
}

export interface MemberCouponTable {
	id: Generated<number>;
	tenant_id: number;
	template_id: number;
	member_id: number;
	status: Generated<"unused" | "used">;
	valid_from: Timestamp;
	valid_until: Timestamp;
	claimed_at: Timestamp;
	claimed_with_code: Generated<boolean>;
	idempotency_key: string;
	order_id: number | null;
	used_at: NullableTimestamp;
}

export interface PointsRuleTable {
	tenant_id: number;
	points_per_unit: Generated<number>;
	updated_at: Timestamp;
}

export interface PointsItemTable {
	id: Generated<number>;
	tenant_id: number;
	name: LocalizedColumn;
	description: LocalizedColumn;
	image: string | null;
	points_price: number;
	stock: number;
	redeemed_count: Generated<number>;
	allow_pickup: Generated<boolean>;
	allow_delivery: Generated<boolean>;
	sort: Generated<number>;
	on_shelf: Generated<boolean>;
	version: Generated<number>;
	created_at: Timestamp;
	updated_at: Timestamp;
}

export interface PointsRedemptionTable {
	id: Generated<number>;
	tenant_id: number;
	member_id: number;
	item_id: number;
	item_name: LocalizedColumn;
	item_image: string | null;
	points_price: number;
	fulfilment: "pickup" | "delivery";
	shop_id: number | null;
	delivery_address: JSONColumnType<
		{ recipient: string; phone: string; address: string; houseNumber: string },
		string | null,
		string | null
	> | null;
	status: Generated<"pending" | "shipped" | "received" | "cancelled">;
	tracking_note: string | null;
	cancel_reason: string | null;
	idempotency_key: string;
	/** Random, unique in the tenant: what the member shows and the staff scan to hand a reward over (migration 0031). */
	pickup_code: string;
	handled_by_member_id: number | null;
	created_at: Timestamp;
	shipped_at: NullableTimestamp;
	received_at: NullableTimestamp;
	cancelled_at: NullableTimestamp;
}

export interface PointsEntryTable {
	id: Generated<number>;
	tenant_id: number;
	member_id: number;
	kind: "order_earned" | "order_reversed" | "redeemed" | "redemption_returned";
	amount: number;
	balance_after: number;
	order_id: number | null;
	redemption_id: number | null;
	created_at: Timestamp;
}

// Real payment rails (issue 29, migration 0036, decision 031).
export type RailName = "wechat" | "alipay" | "khqr";

export interface PaymentRailSettingsTable {
	tenant_id: number;
	rail: RailName;
	enabled: Generated<boolean>;
	/** The secrets, sealed (payments/rail-settings/sealing.ts); never answered or logged. */
	sealed: string;
	/** What may be shown back: ids, the last characters of keys, the token's expiry. */
	summary: ColumnType<Record<string, string | null>, string | undefined, string>;
	expires_at: NullableTimestamp | undefined;
	updated_at: Timestamp;
	updated_by: number | null;
}

export interface PaymentRailAuditTable {
	id: Generated<number>;
	tenant_id: number;
	rail: RailName;
	member_id: number | null;
	action: "saved" | "enabled" | "disabled" | "removed" | "tested";
	detail: ColumnType<Record<string, unknown>, string | undefined, string>;
	at: Timestamp;
}

export interface WechatPayerTable {
	tenant_id: number;
	member_id: number;
	app_id: string;
	openid: string;
	created_at: Timestamp;
}

export type PaymentDiscrepancyKind =
	| "amount_mismatch"
	| "currency_mismatch"
	| "merchant_mismatch"
	| "paid_twice"
	| "missing_at_rail"
	| "missing_here"
	| "status_differs"
	| "amount_differs"
	| "refund_differs";

export interface PaymentDiscrepancyTable {
	id: Generated<number>;
	tenant_id: number;
	rail: GatewayRail;
	kind: PaymentDiscrepancyKind;
	payment_id: string | null;
	rail_trade_no: string | null;
	statement_date: ColumnType<string | null, string | null | undefined, string | null>;
	our_amount: number | null;
	rail_amount: number | null;
	detail: ColumnType<Record<string, unknown>, string | undefined, string>;
	found_at: Timestamp;
	resolved_at: NullableTimestamp | undefined;
	resolved_by: OptionalNullable<number>;
	resolution_note: OptionalNullable<string>;
}

/** Any gateway a payment can be taken by: the sandbox or a rail. */
export type GatewayRail = "sandbox" | RailName;

export interface PaymentStatementRunTable {
	tenant_id: number;
	rail: RailName;
	statement_date: ColumnType<string, string, string>;
	status: "running" | "done" | "failed";
	our_count: Generated<number>;
	rail_count: Generated<number>;
	differences: Generated<number>;
	last_error: OptionalNullable<string>;
	started_at: Timestamp;
	finished_at: NullableTimestamp | undefined;
}
