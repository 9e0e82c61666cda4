-- The merchant's money (issue 14, decision 023): earnings that settle after a hold, the
-- platform's commission, bank cards, withdrawals and their review by platform operators.

-- The platform's terms, one set per tenant: the hold after an order completes before its money
-- may be withdrawn, the commission in basis points (100 = 1%), and the smallest withdrawal.
ALTER TABLE tenant
	ADD COLUMN settlement_hold_hours integer NOT NULL DEFAULT 24 CHECK (settlement_hold_hours BETWEEN 0 AND 720),
	ADD COLUMN commission_bps integer NOT NULL DEFAULT 0 CHECK (commission_bps BETWEEN 0 AND 5000),
	ADD COLUMN minimum_withdrawal bigint NOT NULL DEFAULT 1000 CHECK (minimum_withdrawal > 0);

-- Who reviews withdrawals: members of the tenant named here (signed in by SMS like everyone).
CREATE TABLE platform_operator (
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	member_id bigint NOT NULL REFERENCES member (id),
	created_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (tenant_id, member_id)
);

-- A shop's money sits in three accounts: shop_revenue is what it earned and has not settled yet
-- ("pending"), shop_available what settled (below zero only as a debt after a refund larger than
-- it), shop_withdrawing what was asked for and not paid out. The tenant's platform_commission
-- collects the commission; shop_payouts is the outside world withdrawals are paid to.
ALTER TABLE ledger_account
	DROP CONSTRAINT ledger_account_kind_check,
	ADD CONSTRAINT ledger_account_kind_check CHECK (kind IN ('member_wallet', 'shop_revenue', 'external_funds',
		'reservation_hold', 'stored_value_bonus', 'membership_revenue', 'shop_available', 'shop_withdrawing',
		'platform_commission', 'shop_payouts'));
-- A shop's accounts name their shop, the tenant's do not (0004's rule knew only shop_revenue).
ALTER TABLE ledger_account
	DROP CONSTRAINT ledger_account_check2,
	ADD CONSTRAINT ledger_account_shop_check CHECK ((kind IN ('shop_revenue', 'shop_available', 'shop_withdrawing')) = (shop_id IS NOT NULL));
CREATE UNIQUE INDEX ledger_account_shop_available_idx ON ledger_account (shop_id) WHERE kind = 'shop_available';
CREATE UNIQUE INDEX ledger_account_shop_withdrawing_idx ON ledger_account (shop_id) WHERE kind = 'shop_withdrawing';
CREATE UNIQUE INDEX ledger_account_platform_commission_idx ON ledger_account (tenant_id) WHERE kind = 'platform_commission';
CREATE UNIQUE INDEX ledger_account_shop_payouts_idx ON ledger_account (tenant_id) WHERE kind = 'shop_payouts';

-- One row per sum of money a shop earned (an order's payment, a counter payment, a kept
-- deposit), credited to its pending account in the same transaction. It settles (pending →
-- available, then the commission out of available) once released_at has passed; an order's
-- earning gets released_at when the order completes (completion + the tenant's hold). A refund
-- reverses it: out of pending before settlement, out of available (commission given back)
-- after. The sum of the pending rows' gross is the shop's pending balance, always.
CREATE TABLE shop_earning (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	shop_id bigint NOT NULL REFERENCES shop (id),
	source text NOT NULL CHECK (source IN ('order', 'counter_payment', 'reservation_kept', 'opening')),
	order_id bigint REFERENCES customer_order (id),
	counter_payment_id bigint REFERENCES counter_payment (id),
	reservation_id bigint REFERENCES reservation (id),
	-- The ledger transaction that credited it (its idempotency key makes the earning once only);
	-- NULL only for the opening rows below.
	ledger_txn_id bigint UNIQUE REFERENCES ledger_txn (id),
	gross bigint NOT NULL CHECK (gross > 0),
	-- Fixed when earned, with the tenant's rate then: a later change of rate does not reprice it.
	commission bigint NOT NULL CHECK (commission >= 0 AND commission <= gross),
	status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'settled', 'reversed')),
	releases_at timestamptz,
	settled_at timestamptz,
	reversed_at timestamptz,
	created_at timestamptz NOT NULL
);
CREATE INDEX shop_earning_due_idx ON shop_earning (releases_at) WHERE status = 'pending';
CREATE INDEX shop_earning_order_idx ON shop_earning (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX shop_earning_counter_idx ON shop_earning (counter_payment_id) WHERE counter_payment_id IS NOT NULL;

-- A withdrawal account. Only the last four digits are ever shown; the number is kept encrypted
-- (AES-256-GCM, key from configuration) and, to refuse the same card twice, as a keyed hash.
CREATE TABLE shop_bank_card (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	shop_id bigint NOT NULL REFERENCES shop (id),
	holder text NOT NULL,
	bank text NOT NULL,
	last4 text NOT NULL CHECK (last4 ~ '^\d{4}$'),
	number_encrypted text NOT NULL,
	number_hmac text NOT NULL,
	added_by_member_id bigint NOT NULL REFERENCES member (id),
	created_at timestamptz NOT NULL,
	removed_at timestamptz,
	removed_by_member_id bigint REFERENCES member (id)
);
CREATE UNIQUE INDEX shop_bank_card_number_idx ON shop_bank_card (shop_id, number_hmac) WHERE removed_at IS NULL;
CREATE INDEX shop_bank_card_shop_idx ON shop_bank_card (shop_id) WHERE removed_at IS NULL;

-- A withdrawal. Spec §3 statuses: 0 unaudited, 1 awaiting arrival, 2 review rejected,
-- 3 already received. The money moves available → withdrawing when asked, withdrawing →
-- available when rejected, withdrawing → shop_payouts when paid; always with the status change.
CREATE TABLE shop_withdrawal (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	shop_id bigint NOT NULL REFERENCES shop (id),
	card_id bigint NOT NULL REFERENCES shop_bank_card (id),
	amount bigint NOT NULL CHECK (amount > 0),
	status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 3)),
	reject_reason text,
	bank_reference text,
	version integer NOT NULL DEFAULT 0,
	requested_by_member_id bigint NOT NULL REFERENCES member (id),
	-- The owner's Idempotency-Key: the same request sent twice asks once.
	idempotency_key text,
	created_at timestamptz NOT NULL,
	updated_at timestamptz NOT NULL,
	CHECK ((status = 2) = (reject_reason IS NOT NULL)),
	CHECK ((status = 3) = (bank_reference IS NOT NULL))
);
CREATE UNIQUE INDEX shop_withdrawal_idempotency_idx ON shop_withdrawal (shop_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX shop_withdrawal_shop_idx ON shop_withdrawal (shop_id, id DESC);
CREATE INDEX shop_withdrawal_status_idx ON shop_withdrawal (tenant_id, status, id DESC);

-- Every change of a withdrawal: who and when (the request itself has from_status NULL).
CREATE TABLE shop_withdrawal_event (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	withdrawal_id bigint NOT NULL REFERENCES shop_withdrawal (id),
	from_status smallint,
	to_status smallint NOT NULL,
	actor text NOT NULL CHECK (actor IN ('owner', 'operator', 'system')),
	actor_member_id bigint REFERENCES member (id),
	note text,
	at timestamptz NOT NULL
);
CREATE INDEX shop_withdrawal_event_idx ON shop_withdrawal_event (withdrawal_id, id);

-- The ledger's new movements, and what they are for.
ALTER TABLE ledger_txn
	DROP CONSTRAINT ledger_txn_kind_check,
	ADD CONSTRAINT ledger_txn_kind_check CHECK (kind IN ('order_payment', 'order_refund', 'wallet_grant', 'recharge',
		'reservation_payment', 'reservation_refund', 'reservation_kept', 'reservation_applied',
		'recharge_bonus', 'card_purchase', 'card_refund', 'counter_payment', 'counter_refund',
		'shop_settlement', 'shop_commission', 'commission_refund', 'withdrawal_request', 'withdrawal_returned',
		'withdrawal_paid')),
	ADD COLUMN withdrawal_id bigint REFERENCES shop_withdrawal (id),
	ADD COLUMN shop_earning_id bigint REFERENCES shop_earning (id);
CREATE INDEX ledger_txn_withdrawal_idx ON ledger_txn (withdrawal_id) WHERE withdrawal_id IS NOT NULL;
-- The statement pages a shop's movements newest first, by account.
CREATE INDEX ledger_entry_account_txn_idx ON ledger_entry (account_id, txn_id DESC);

-- Money shops earned before this migration: one earning per shop for its pending balance, due at
-- once (its orders' completion was never recorded against it), so the books agree from the start.
INSERT INTO shop_earning (tenant_id, shop_id, source, gross, commission, releases_at, created_at)
	SELECT a.tenant_id, a.shop_id, 'opening', a.balance, 0, now(), now()
	FROM ledger_account a WHERE a.kind = 'shop_revenue' AND a.balance > 0;

-- Each shop's net earnings (withdrawals excluded) per local day, one row per ledger transaction
-- that changed the shop's money, written by postLedgerTxn in the same transaction. Rows are only
-- ever inserted (no row a busy shop's payments would queue on); the wallet's today, month, chart
-- and the statement's day totals sum a few index entries per day instead of the day's lines
-- joined to their transactions.
CREATE TABLE shop_day_net (
	txn_id bigint NOT NULL REFERENCES ledger_txn (id),
	shop_id bigint NOT NULL REFERENCES shop (id),
	day date NOT NULL,
	net bigint NOT NULL,
	PRIMARY KEY (txn_id, shop_id)
);
CREATE INDEX shop_day_net_idx ON shop_day_net (shop_id, day) INCLUDE (net);
INSERT INTO shop_day_net (txn_id, shop_id, day, net)
	SELECT t.id, a.shop_id, (t.created_at AT TIME ZONE s.timezone)::date, sum(e.amount)
	FROM ledger_entry e
	JOIN ledger_account a ON a.id = e.account_id
	JOIN ledger_txn t ON t.id = e.txn_id
	JOIN shop s ON s.id = a.shop_id
	WHERE a.kind IN ('shop_revenue', 'shop_available', 'shop_withdrawing')
		AND t.kind NOT IN ('withdrawal_request', 'withdrawal_returned', 'withdrawal_paid')
	GROUP BY t.id, a.shop_id, s.timezone
	HAVING sum(e.amount) <> 0;
