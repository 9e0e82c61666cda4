-- Money as a double-entry ledger, and customer orders.
--
-- Every balance change is a ledger transaction whose entries sum to zero, written in the
-- same database transaction as the balance update (security-and-money B2). The member's
-- stored value is the balance of their `member_wallet` account, so member.balance (always 0
-- so far: nothing could move money before this migration) goes away.

ALTER TABLE member DROP COLUMN balance;

CREATE TABLE ledger_account (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	-- member_wallet: a member's stored value (never negative);
	-- shop_revenue: what a shop has earned; external_funds: money that entered or left
	-- through payment gateways or promotions (the outside world; negative by nature).
	kind text NOT NULL CHECK (kind IN ('member_wallet', 'shop_revenue', 'external_funds')),
	member_id bigint REFERENCES member (id),
	shop_id bigint REFERENCES shop (id),
	balance bigint NOT NULL DEFAULT 0,
	CHECK (kind <> 'member_wallet' OR balance >= 0),
	CHECK ((kind = 'member_wallet') = (member_id IS NOT NULL)),
	CHECK ((kind = 'shop_revenue') = (shop_id IS NOT NULL))
);
CREATE UNIQUE INDEX ledger_account_wallet_idx ON ledger_account (member_id) WHERE kind = 'member_wallet';
CREATE UNIQUE INDEX ledger_account_shop_idx ON ledger_account (shop_id) WHERE kind = 'shop_revenue';
CREATE UNIQUE INDEX ledger_account_external_idx ON ledger_account (tenant_id) WHERE kind = 'external_funds';

-- idempotency_key makes each money movement happen at most once (one payment per order…).
CREATE TABLE ledger_txn (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	kind text NOT NULL CHECK (kind IN ('order_payment', 'order_refund', 'wallet_grant', 'recharge')),
	idempotency_key text NOT NULL UNIQUE,
	order_id bigint,
	created_at timestamptz NOT NULL
);

CREATE TABLE ledger_entry (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	txn_id bigint NOT NULL REFERENCES ledger_txn (id),
	account_id bigint NOT NULL REFERENCES ledger_account (id),
	amount bigint NOT NULL CHECK (amount <> 0)
);
CREATE INDEX ledger_entry_account_idx ON ledger_entry (account_id);
CREATE INDEX ledger_entry_txn_idx ON ledger_entry (txn_id);

-- Pickup numbers restart every local day per shop.
CREATE TABLE shop_day_counter (
	shop_id bigint NOT NULL REFERENCES shop (id),
	day date NOT NULL,
	last_number integer NOT NULL,
	PRIMARY KEY (shop_id, day)
);

CREATE TABLE customer_order (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	shop_id bigint NOT NULL REFERENCES shop (id),
	member_id bigint NOT NULL REFERENCES member (id),
	order_no text NOT NULL UNIQUE,
	order_type text NOT NULL CHECK (order_type IN ('takein', 'takeout', 'desk')),
	-- unpaid → new (paid, waiting for the shop) → in_production → ready | delivering
	--   → completed; cancelled from unpaid/new (customer, expiry) or rejected by the shop.
	status text NOT NULL CHECK (status IN ('unpaid', 'new', 'in_production', 'ready', 'delivering', 'completed', 'cancelled', 'rejected')),
	payment_status text NOT NULL CHECK (payment_status IN ('unpaid', 'paying', 'paid', 'refunded')),
	pay_method text CHECK (pay_method IN ('balance', 'sandbox', 'wechat', 'alipay')),
	pickup_number integer NOT NULL,
	business_day date NOT NULL,
	pickup_at timestamptz,
	table_id bigint REFERENCES dining_table (id),
	diners smallint CHECK (diners BETWEEN 1 AND 50),
	delivery_address jsonb,
	contact_phone text,
	remark text NOT NULL DEFAULT '' CHECK (char_length(remark) <= 50),
	subtotal bigint NOT NULL CHECK (subtotal >= 0),
	delivery_fee bigint NOT NULL CHECK (delivery_fee >= 0),
	total bigint NOT NULL CHECK (total >= 0),
	placed_by_member_id bigint REFERENCES member (id),
	created_at timestamptz NOT NULL,
	expires_at timestamptz NOT NULL,
	paid_at timestamptz,
	closed_at timestamptz,
	close_reason text,
	CHECK (total = subtotal + delivery_fee),
	CHECK (NOT (payment_status = 'paid' AND status = 'unpaid'))
);
CREATE INDEX customer_order_member_idx ON customer_order (member_id, created_at DESC);
CREATE INDEX customer_order_shop_idx ON customer_order (shop_id, status, created_at DESC);
CREATE INDEX customer_order_expiry_idx ON customer_order (expires_at) WHERE status = 'unpaid';
CREATE UNIQUE INDEX customer_order_pickup_idx ON customer_order (shop_id, business_day, pickup_number);

CREATE TABLE order_line (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	order_id bigint NOT NULL REFERENCES customer_order (id),
	item_id bigint NOT NULL REFERENCES menu_item (id),
	name text NOT NULL,
	options jsonb NOT NULL,
	unit_price bigint NOT NULL CHECK (unit_price >= 0),
	quantity integer NOT NULL CHECK (quantity > 0),
	line_total bigint NOT NULL CHECK (line_total = unit_price * quantity)
);
CREATE INDEX order_line_order_idx ON order_line (order_id);

-- Who changed what and when.
CREATE TABLE order_event (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	order_id bigint NOT NULL REFERENCES customer_order (id),
	at timestamptz NOT NULL,
	actor text NOT NULL CHECK (actor IN ('customer', 'staff', 'system')),
	actor_member_id bigint REFERENCES member (id),
	from_status text,
	to_status text NOT NULL,
	note text
);
CREATE INDEX order_event_order_idx ON order_event (order_id, at);

-- A client-chosen key per member and call: a retried request returns the first answer.
CREATE TABLE idempotency_record (
	member_id bigint NOT NULL REFERENCES member (id),
	scope text NOT NULL,
	key text NOT NULL,
	request_hash text NOT NULL,
	response jsonb NOT NULL,
	created_at timestamptz NOT NULL,
	PRIMARY KEY (member_id, scope, key)
);
