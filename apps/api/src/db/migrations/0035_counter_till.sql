-- The counter and its till (issue 28 part 3, decision 029). Staff take payment for an order or a
-- table bill at the counter (cash, a card on the shop's own terminal, or the member's balance by
-- pay code); each taking is a line of the taker's open shift, which opens with a float and
-- closes with a count.

-- A staff member's shift at one shop's counter: at most one open per person and shop.
CREATE TABLE counter_shift (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	shop_id bigint NOT NULL REFERENCES shop (id),
	staff_member_id bigint NOT NULL REFERENCES member (id),
	status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
	opened_at timestamptz NOT NULL,
	-- The float: cash in the drawer at the start, in the ledger currency's minor units and in the
	-- second display currency's whole units (riel beside dollars; 0 when none is set).
	float_cash bigint NOT NULL CHECK (float_cash >= 0),
	float_cash_second bigint NOT NULL DEFAULT 0 CHECK (float_cash_second >= 0),
	closed_at timestamptz,
	-- At the close, what the till says should be there, what was counted, and counted − expected.
	expected_cash bigint,
	expected_cash_second bigint,
	expected_card bigint,
	expected_balance bigint,
	counted_cash bigint CHECK (counted_cash >= 0),
	counted_cash_second bigint CHECK (counted_cash_second >= 0),
	counted_card bigint CHECK (counted_card >= 0),
	difference_cash bigint,
	difference_cash_second bigint,
	difference_card bigint,
	close_note text NOT NULL DEFAULT '',
	CHECK ((status = 'closed') = (closed_at IS NOT NULL AND expected_cash IS NOT NULL AND counted_cash IS NOT NULL
		AND difference_cash IS NOT NULL))
);
CREATE UNIQUE INDEX counter_shift_one_open ON counter_shift (shop_id, staff_member_id) WHERE status = 'open';
CREATE INDEX counter_shift_shop_idx ON counter_shift (shop_id, opened_at DESC);

-- One payment taken at the counter for an order or a table bill. Cash and card: a `payment` row
-- (provider cash | card_terminal) beside it; balance: a wallet debit, no payment row.
CREATE TABLE counter_take (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	shop_id bigint NOT NULL REFERENCES shop (id),
	shift_id bigint NOT NULL REFERENCES counter_shift (id),
	staff_member_id bigint NOT NULL REFERENCES member (id),
	receipt_no text NOT NULL,
	purpose text NOT NULL CHECK (purpose IN ('order', 'table_bill')),
	purpose_id bigint NOT NULL,
	method text NOT NULL CHECK (method IN ('cash', 'card_terminal', 'balance')),
	-- What the order or bill owed, in minor units: what the books record.
	amount bigint NOT NULL CHECK (amount > 0),
	payment_id uuid UNIQUE REFERENCES payment (id),
	payer_member_id bigint REFERENCES member (id),
	-- Cash: what was handed over (ledger currency minor units + second currency whole units) and
	-- the change given back the same way, rounded to what each currency's cash allows
	-- (contract counter.ts cashChange): the drawer keeps tendered − change of each.
	tendered bigint,
	tendered_second bigint,
	change_given bigint,
	change_given_second bigint,
	terminal_reference text,
	status text NOT NULL DEFAULT 'paid' CHECK (status IN ('paid', 'refunded')),
	refunded_at timestamptz,
	refunded_by_member_id bigint REFERENCES member (id),
	refund_shift_id bigint REFERENCES counter_shift (id),
	idempotency_key text,
	created_at timestamptz NOT NULL,
	CHECK ((method = 'cash') = (tendered IS NOT NULL AND tendered_second IS NOT NULL AND change_given IS NOT NULL
		AND change_given_second IS NOT NULL)),
	CHECK ((method = 'card_terminal') = (terminal_reference IS NOT NULL)),
	CHECK ((method = 'balance') = (payer_member_id IS NOT NULL AND payment_id IS NULL)),
	CHECK ((status = 'refunded') = (refunded_at IS NOT NULL))
);
CREATE UNIQUE INDEX counter_take_receipt ON counter_take (shop_id, receipt_no);
CREATE UNIQUE INDEX counter_take_key ON counter_take (staff_member_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX counter_take_shift_idx ON counter_take (shift_id);
CREATE INDEX counter_take_refund_shift_idx ON counter_take (refund_shift_id) WHERE refund_shift_id IS NOT NULL;
CREATE INDEX counter_take_purpose_idx ON counter_take (purpose, purpose_id);

-- Receipt numbers: per shop and local business day, 1, 2, 3…
CREATE TABLE counter_receipt_day (
	shop_id bigint NOT NULL REFERENCES shop (id),
	day date NOT NULL,
	last_number integer NOT NULL,
	PRIMARY KEY (shop_id, day)
);

-- Cash and card money is in the shop's hands when taken: the order's earning it pays for is
-- settled and paid out to the shop at the counter at once (counter_takings: the shop's pending
-- money → shop_payouts), so settlement never makes it withdrawable. counter_take_id names it.
ALTER TABLE shop_earning ADD COLUMN counter_take_id bigint REFERENCES counter_take (id);
CREATE INDEX shop_earning_counter_take_idx ON shop_earning (counter_take_id) WHERE counter_take_id IS NOT NULL;

-- counter_takings: the shop's pending money paid out to it at its own counter (shop_payouts).
-- Handing such money back is the order's ordinary refund (order_refund), out of shop_payouts.
ALTER TABLE ledger_txn
	DROP CONSTRAINT ledger_txn_kind_check,
	ADD CONSTRAINT ledger_txn_kind_check CHECK (kind IN ('order_payment', 'order_refund', 'wallet_grant', 'recharge',
		'reservation_payment', 'reservation_refund', 'reservation_kept', 'reservation_applied',
		'recharge_bonus', 'card_purchase', 'card_refund', 'counter_payment', 'counter_refund',
		'shop_settlement', 'shop_commission', 'commission_refund', 'withdrawal_request', 'withdrawal_returned',
		'withdrawal_paid', 'counter_takings'));
