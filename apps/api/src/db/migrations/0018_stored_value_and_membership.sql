-- Stored value and VIP cards (issue 12, decision 021).
--
-- A member's balance is their member_wallet ledger account (0004). Money comes in by
-- recharges paid through a gateway (the paid part, kind 'recharge', from external_funds) plus
-- the package's bonus (kind 'recharge_bonus', from the tenant's stored_value_bonus account,
-- which runs negative: the bonus the business has given away). It goes out to orders, VIP cards
-- (to the tenant's membership_revenue account) and the shop's counter (to shop_revenue).

-- Recharge packages: pay X, receive X + bonus. Tenant-wide, like the balance itself.
CREATE TABLE recharge_package (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	name jsonb NOT NULL CHECK (jsonb_typeof(name) = 'object' AND name ? 'zh-CN'),
	pay_amount bigint NOT NULL CHECK (pay_amount > 0),
	bonus_amount bigint NOT NULL DEFAULT 0 CHECK (bonus_amount >= 0),
	sort integer NOT NULL DEFAULT 0,
	on_sale boolean NOT NULL DEFAULT true,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL,
	updated_at timestamptz NOT NULL
);
CREATE INDEX recharge_package_tenant_idx ON recharge_package (tenant_id, sort, id);

-- The stored-value agreement shown beside the packages, in three languages.
CREATE TABLE stored_value_settings (
	tenant_id bigint PRIMARY KEY REFERENCES tenant (id),
	agreement jsonb NOT NULL CHECK (jsonb_typeof(agreement) = 'object' AND agreement ? 'zh-CN'),
	updated_at timestamptz NOT NULL
);

-- One recharge a member started. The package's amounts are copied when it starts, so an owner
-- changing the package meanwhile changes nothing about what this payment buys. Credited once
-- ('paid'), when the gateway confirms the amount; never paid: 'expired' (a payment that the
-- gateway confirms even later is still credited: the member paid for it).
CREATE TABLE recharge (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	member_id bigint NOT NULL REFERENCES member (id),
	package_id bigint NOT NULL REFERENCES recharge_package (id),
	package_name jsonb NOT NULL,
	pay_amount bigint NOT NULL CHECK (pay_amount > 0),
	bonus_amount bigint NOT NULL CHECK (bonus_amount >= 0),
	provider text NOT NULL CHECK (provider IN ('sandbox', 'wechat', 'alipay')),
	status text NOT NULL CHECK (status IN ('pending', 'paid', 'expired')),
	idempotency_key text NOT NULL,
	expires_at timestamptz NOT NULL,
	paid_at timestamptz,
	created_at timestamptz NOT NULL,
	UNIQUE (member_id, idempotency_key)
);
CREATE INDEX recharge_pending_idx ON recharge (expires_at) WHERE status = 'pending';
CREATE INDEX recharge_member_idx ON recharge (member_id, id DESC);

-- VIP card types: benefits the server applies. Switched off for sale, bought cards stay.
CREATE TABLE vip_card_type (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	name jsonb NOT NULL CHECK (jsonb_typeof(name) = 'object' AND name ? 'zh-CN'),
	description jsonb NOT NULL DEFAULT '{"zh-CN": ""}',
	price bigint NOT NULL CHECK (price > 0),
	validity_days integer NOT NULL CHECK (validity_days BETWEEN 1 AND 3660),
	discount_percent integer NOT NULL DEFAULT 0 CHECK (discount_percent BETWEEN 0 AND 90),
	discount_cap bigint CHECK (discount_cap IS NULL OR discount_cap > 0),
	free_delivery boolean NOT NULL DEFAULT false,
	points_percent integer NOT NULL DEFAULT 100 CHECK (points_percent BETWEEN 100 AND 500),
	sort integer NOT NULL DEFAULT 0,
	on_sale boolean NOT NULL DEFAULT true,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL,
	updated_at timestamptz NOT NULL
);
CREATE INDEX vip_card_type_tenant_idx ON vip_card_type (tenant_id, sort, id);

-- The member's card: one row per member (at most one card at a time), extended in place by
-- buying the same type again, replaced by another type only once it has expired. The benefits
-- are those it was bought or last extended with.
CREATE TABLE member_card (
	member_id bigint PRIMARY KEY REFERENCES member (id),
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	card_type_id bigint NOT NULL REFERENCES vip_card_type (id),
	name jsonb NOT NULL,
	starts_at timestamptz NOT NULL,
	expires_at timestamptz NOT NULL CHECK (expires_at > starts_at),
	discount_percent integer NOT NULL,
	discount_cap bigint,
	free_delivery boolean NOT NULL,
	points_percent integer NOT NULL,
	updated_at timestamptz NOT NULL
);
CREATE INDEX member_card_type_idx ON member_card (card_type_id, expires_at);

-- One purchase of a card. Balance purchases are paid in their own transaction; gateway ones
-- wait for the gateway ('pending'), and are refunded if, once paid, the card can no longer be
-- given (another card became active meanwhile).
CREATE TABLE card_purchase (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	member_id bigint NOT NULL REFERENCES member (id),
	card_type_id bigint NOT NULL REFERENCES vip_card_type (id),
	price bigint NOT NULL CHECK (price > 0),
	validity_days integer NOT NULL,
	pay_method text NOT NULL CHECK (pay_method IN ('balance', 'sandbox', 'wechat', 'alipay')),
	status text NOT NULL CHECK (status IN ('pending', 'paid', 'expired', 'refunded')),
	idempotency_key text NOT NULL,
	expires_at timestamptz NOT NULL,
	paid_at timestamptz,
	created_at timestamptz NOT NULL,
	UNIQUE (member_id, idempotency_key)
);
CREATE INDEX card_purchase_pending_idx ON card_purchase (expires_at) WHERE status = 'pending';

-- The discount a card gave an order, priced with it (a delivery fee it waived is kept too).
ALTER TABLE customer_order
	ADD COLUMN member_discount bigint NOT NULL DEFAULT 0 CHECK (member_discount >= 0),
	ADD COLUMN member_card_name jsonb,
	ADD COLUMN delivery_fee_waived bigint NOT NULL DEFAULT 0 CHECK (delivery_fee_waived >= 0);

-- Payment codes for the counter: random, good once, for 60 seconds. Asking for a new code
-- retires the member's older ones.
CREATE TABLE pay_code (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	member_id bigint NOT NULL REFERENCES member (id),
	code text NOT NULL UNIQUE,
	expires_at timestamptz NOT NULL,
	used_at timestamptz,
	retired_at timestamptz,
	created_at timestamptz NOT NULL
);
CREATE INDEX pay_code_member_idx ON pay_code (member_id, id DESC);
CREATE INDEX pay_code_expires_idx ON pay_code (expires_at);

-- A payment taken from a member's balance at a shop's counter; refundable once, the same day.
CREATE TABLE counter_payment (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	shop_id bigint NOT NULL REFERENCES shop (id),
	member_id bigint NOT NULL REFERENCES member (id),
	pay_code_id bigint NOT NULL UNIQUE REFERENCES pay_code (id),
	amount bigint NOT NULL CHECK (amount > 0),
	note text NOT NULL DEFAULT '',
	status text NOT NULL CHECK (status IN ('paid', 'refunded')),
	taken_by_member_id bigint NOT NULL REFERENCES member (id),
	refunded_by_member_id bigint REFERENCES member (id),
	idempotency_key text,
	created_at timestamptz NOT NULL,
	refunded_at timestamptz,
	UNIQUE (taken_by_member_id, idempotency_key)
);
CREATE INDEX counter_payment_shop_idx ON counter_payment (shop_id, created_at DESC);

-- Gateway payments may pay a recharge or a card.
ALTER TABLE gateway_payment
	ADD COLUMN recharge_id bigint REFERENCES recharge (id),
	ADD COLUMN card_purchase_id bigint REFERENCES card_purchase (id),
	DROP CONSTRAINT gateway_payment_pays_one_thing,
	ADD CONSTRAINT gateway_payment_pays_one_thing
		CHECK (num_nonnulls(order_id, bill_id, reservation_id, recharge_id, card_purchase_id) = 1);
CREATE INDEX gateway_payment_recharge_idx ON gateway_payment (recharge_id) WHERE recharge_id IS NOT NULL;
CREATE INDEX gateway_payment_card_purchase_idx ON gateway_payment (card_purchase_id) WHERE card_purchase_id IS NOT NULL;

-- The ledger: bonus given and card sales are accounts of the tenant; the movements name what
-- they are for, so the balance bill links each line without a second copy of the money.
ALTER TABLE ledger_account
	DROP CONSTRAINT ledger_account_kind_check,
	ADD CONSTRAINT ledger_account_kind_check CHECK (kind IN ('member_wallet', 'shop_revenue', 'external_funds',
		'reservation_hold', 'stored_value_bonus', 'membership_revenue'));
CREATE UNIQUE INDEX ledger_account_stored_value_bonus_idx ON ledger_account (tenant_id) WHERE kind = 'stored_value_bonus';
CREATE UNIQUE INDEX ledger_account_membership_revenue_idx ON ledger_account (tenant_id) WHERE kind = 'membership_revenue';
ALTER TABLE ledger_txn
	DROP CONSTRAINT ledger_txn_kind_check,
	ADD CONSTRAINT ledger_txn_kind_check CHECK (kind IN ('order_payment', 'order_refund', 'wallet_grant', 'recharge',
		'reservation_payment', 'reservation_refund', 'reservation_kept', 'reservation_applied',
		'recharge_bonus', 'card_purchase', 'card_refund', 'counter_payment', 'counter_refund')),
	ADD COLUMN recharge_id bigint REFERENCES recharge (id),
	ADD COLUMN card_purchase_id bigint REFERENCES card_purchase (id),
	ADD COLUMN counter_payment_id bigint REFERENCES counter_payment (id);

-- The balance after each movement, written by the same UPDATE that moves it (so it cannot
-- disagree with the account), and read by the bill without summing 10,000 rows.
ALTER TABLE ledger_entry ADD COLUMN balance_after bigint;
UPDATE ledger_entry e SET balance_after = running.balance_after
	FROM (SELECT id, sum(amount) OVER (PARTITION BY account_id ORDER BY id) AS balance_after FROM ledger_entry) running
	WHERE running.id = e.id;
-- The bill pages a member's entries newest first.
CREATE INDEX ledger_entry_account_id_idx ON ledger_entry (account_id, id DESC);
