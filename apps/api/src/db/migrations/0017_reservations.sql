-- Issue 11, table reservations (decision 020). A guest books a party at a time; the booking
-- holds one or more tables for [start, start + turn time + reset buffer). The database itself
-- refuses two holding bookings of one table whose stays overlap: an exclusion constraint on
-- (table, stay) — btree_gist gives the `=` on bigint to the GiST index — so no race between
-- two guests, or a guest and the staff, can double-book a table.
CREATE EXTENSION IF NOT EXISTS btree_gist;

-- Which tables take bookings, and the smallest party each is given to (its seats are the largest).
ALTER TABLE dining_table
	ADD COLUMN reservable boolean NOT NULL DEFAULT false,
	ADD COLUMN min_seats smallint NOT NULL DEFAULT 1 CHECK (min_seats >= 1);

-- The owner's rules, one row per shop (absent: the defaults of the contract, bookings off).
CREATE TABLE reservation_settings (
	shop_id bigint PRIMARY KEY REFERENCES shop (id),
	enabled boolean NOT NULL DEFAULT false,
	slot_minutes smallint NOT NULL CHECK (slot_minutes BETWEEN 5 AND 60),
	-- [{"upToParty": 2, "minutes": 90}, …] ascending; the last band covers larger parties.
	turn_times jsonb NOT NULL CHECK (jsonb_typeof(turn_times) = 'array' AND jsonb_array_length(turn_times) >= 1),
	buffer_minutes smallint NOT NULL CHECK (buffer_minutes >= 0),
	min_notice_minutes integer NOT NULL CHECK (min_notice_minutes >= 0),
	max_days_ahead smallint NOT NULL CHECK (max_days_ahead >= 0),
	online_party_max smallint NOT NULL CHECK (online_party_max >= 1),
	pacing_covers_per_slot integer CHECK (pacing_covers_per_slot >= 1),
	auto_confirm_percent smallint NOT NULL CHECK (auto_confirm_percent BETWEEN 0 AND 100),
	cancel_window_minutes integer NOT NULL CHECK (cancel_window_minutes >= 0),
	grace_minutes smallint NOT NULL CHECK (grace_minutes >= 0),
	deposit_min_party smallint CHECK (deposit_min_party >= 1),
	deposit_per_person bigint NOT NULL DEFAULT 0 CHECK (deposit_per_person >= 0),
	deposit_strikes smallint CHECK (deposit_strikes >= 1),
	strike_window_days smallint NOT NULL CHECK (strike_window_days >= 1),
	version integer NOT NULL DEFAULT 1,
	updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE reservation (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	shop_id bigint NOT NULL REFERENCES shop (id),
	-- The member who booked, or for whom the staff booked (NULL: a caller who is no member).
	member_id bigint REFERENCES member (id),
	-- Short code the guest shows on arrival (also inside the QR code).
	code text NOT NULL,
	status text NOT NULL CHECK (status IN ('awaiting_payment', 'pending', 'confirmed', 'seated', 'completed',
		'cancelled', 'late_cancelled', 'rejected', 'no_show', 'expired')),
	party smallint NOT NULL CHECK (party >= 1),
	starts_at timestamptz NOT NULL,
	-- The stay: start + turn time for the party. Tables stay held for the buffer after it.
	ends_at timestamptz NOT NULL,
	held_until timestamptz NOT NULL,
	guest_name text NOT NULL,
	guest_phone text NOT NULL,
	occasion text CHECK (occasion IN ('birthday', 'anniversary', 'business', 'date', 'celebration', 'other')),
	area_preference text,
	note text NOT NULL DEFAULT '',
	source text NOT NULL CHECK (source IN ('web', 'telegram', 'staff')),
	created_by_member_id bigint REFERENCES member (id),
	-- An unpaid hold (deposit or pre-order paid now) is released at this instant.
	pay_deadline timestamptz,
	-- Decided at booking by the auto-confirm share: once paid, the booking confirms itself
	-- (true) or waits for the staff (false).
	auto_confirm boolean NOT NULL DEFAULT false,
	reject_reason text,
	cancel_reason text,
	-- Set at arrival: the table's bill the party sits on, and the pre-order's order on it.
	bill_id bigint REFERENCES table_bill (id),
	preorder_order_id bigint REFERENCES customer_order (id),
	created_at timestamptz NOT NULL,
	updated_at timestamptz NOT NULL,
	CHECK (starts_at < ends_at AND ends_at <= held_until),
	CHECK ((status = 'awaiting_payment') = (pay_deadline IS NOT NULL)),
	UNIQUE (tenant_id, code)
);
CREATE INDEX reservation_member_idx ON reservation (member_id, starts_at DESC) WHERE member_id IS NOT NULL;
CREATE INDEX reservation_shop_time_idx ON reservation (shop_id, starts_at);
CREATE INDEX reservation_phone_idx ON reservation (shop_id, guest_phone);
-- The jobs' work lists: unpaid holds to release, confirmed bookings past their grace period.
CREATE INDEX reservation_unpaid_idx ON reservation (pay_deadline) WHERE status = 'awaiting_payment';
CREATE INDEX reservation_open_idx ON reservation (starts_at) WHERE status IN ('pending', 'confirmed');

-- The tables a booking holds. `holding` is true while the booking holds them; the exclusion
-- constraint compares holding rows only, so a cancelled booking frees its tables at once.
CREATE TABLE reservation_table (
	reservation_id bigint NOT NULL REFERENCES reservation (id),
	table_id bigint NOT NULL REFERENCES dining_table (id),
	shop_id bigint NOT NULL REFERENCES shop (id),
	stay tstzrange NOT NULL CHECK (NOT isempty(stay)),
	holding boolean NOT NULL DEFAULT true,
	PRIMARY KEY (reservation_id, table_id),
	CONSTRAINT reservation_table_no_overlap EXCLUDE USING gist (table_id WITH =, stay WITH &&) WHERE (holding)
);
CREATE INDEX reservation_table_shop_idx ON reservation_table USING gist (shop_id, stay) WHERE holding;

-- Every change of a booking, with who made it and why: the guest's timeline and the shop's record.
CREATE TABLE reservation_history (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	reservation_id bigint NOT NULL REFERENCES reservation (id),
	status text NOT NULL,
	actor text NOT NULL CHECK (actor IN ('guest', 'staff', 'system')),
	actor_member_id bigint REFERENCES member (id),
	note text,
	at timestamptz NOT NULL
);
CREATE INDEX reservation_history_idx ON reservation_history (reservation_id, id);

-- Dishes chosen with the booking: the cart lines as priced when chosen (names in every
-- language, like order lines). They become an order on the table's bill at arrival.
CREATE TABLE reservation_preorder (
	reservation_id bigint PRIMARY KEY REFERENCES reservation (id),
	pay_mode text NOT NULL CHECK (pay_mode IN ('now', 'atTable')),
	-- The priced lines: [{itemId, optionIds, quantity, unitPrice, lineTotal, name, names, options}].
	lines jsonb NOT NULL CHECK (jsonb_typeof(lines) = 'array' AND jsonb_array_length(lines) >= 1),
	total bigint NOT NULL CHECK (total >= 0),
	updated_at timestamptz NOT NULL
);

-- Money asked with a booking: a deposit, and a pre-order paid now. Each is held in the
-- tenant's reservation_hold ledger account once paid, and leaves it exactly once: refunded,
-- kept by the shop, or applied at the table.
CREATE TABLE reservation_payment (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	reservation_id bigint NOT NULL REFERENCES reservation (id),
	kind text NOT NULL CHECK (kind IN ('deposit', 'preorder')),
	amount bigint NOT NULL CHECK (amount > 0),
	status text NOT NULL CHECK (status IN ('due', 'paying', 'paid', 'refunded', 'kept', 'applied', 'void')),
	pay_method text CHECK (pay_method IN ('balance', 'sandbox', 'wechat', 'alipay')),
	gateway_payment_id uuid,
	paid_at timestamptz,
	settled_at timestamptz,
	-- Only one live payment of each kind per booking; a changed pre-order voids or refunds the old.
	created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX reservation_payment_live_idx ON reservation_payment (reservation_id, kind)
	WHERE status IN ('due', 'paying', 'paid');

-- Messages to send about a booking (reminders 24 h and 2 h before; issue 15 delivers them
-- through Telegram). Written in the booking's transaction, so none is lost or sent for a
-- booking that did not happen; a cancelled booking's pending notices are skipped.
CREATE TABLE reservation_notice (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	reservation_id bigint NOT NULL REFERENCES reservation (id),
	kind text NOT NULL CHECK (kind IN ('remind_24h', 'remind_2h')),
	due_at timestamptz NOT NULL,
	sent_at timestamptz,
	skipped_at timestamptz,
	UNIQUE (reservation_id, kind)
);
CREATE INDEX reservation_notice_due_idx ON reservation_notice (due_at) WHERE sent_at IS NULL AND skipped_at IS NULL;

-- A gateway payment may pay a booking's deposit and pre-order.
ALTER TABLE gateway_payment
	ADD COLUMN reservation_id bigint REFERENCES reservation (id),
	DROP CONSTRAINT gateway_payment_pays_one_thing,
	ADD CONSTRAINT gateway_payment_pays_one_thing CHECK (num_nonnulls(order_id, bill_id, reservation_id) = 1);
CREATE INDEX gateway_payment_reservation_idx ON gateway_payment (reservation_id) WHERE reservation_id IS NOT NULL;
ALTER TABLE reservation_payment
	ADD CONSTRAINT reservation_payment_gateway_fk FOREIGN KEY (gateway_payment_id) REFERENCES gateway_payment (id);

-- The ledger: money held for bookings, and the movements of it.
ALTER TABLE ledger_account
	DROP CONSTRAINT ledger_account_kind_check,
	ADD CONSTRAINT ledger_account_kind_check CHECK (kind IN ('member_wallet', 'shop_revenue', 'external_funds', 'reservation_hold'));
CREATE UNIQUE INDEX ledger_account_reservation_hold_idx ON ledger_account (tenant_id) WHERE kind = 'reservation_hold';
ALTER TABLE ledger_txn
	DROP CONSTRAINT ledger_txn_kind_check,
	ADD CONSTRAINT ledger_txn_kind_check CHECK (kind IN ('order_payment', 'order_refund', 'wallet_grant', 'recharge',
		'reservation_payment', 'reservation_refund', 'reservation_kept', 'reservation_applied')),
	ADD COLUMN reservation_id bigint REFERENCES reservation (id);
CREATE INDEX ledger_txn_reservation_idx ON ledger_txn (reservation_id) WHERE reservation_id IS NOT NULL;

-- A deposit credited to the table's bill at arrival: the bill owes its rounds less this.
ALTER TABLE table_bill
	ADD COLUMN reservation_id bigint REFERENCES reservation (id),
	ADD COLUMN credit bigint NOT NULL DEFAULT 0 CHECK (credit >= 0);
