-- Real payment rails (issue 29, decision 031): WeChat Pay, Alipay and KHQR beside the sandbox.

-- A payment attempt names its rail, and keeps what the rail was asked for: the ledger's currency
-- (always), and the rail's own currency and amount when it differs (KHQR in riel for a dollar
-- shop). How the payer was sent to pay (the rail's channel) and what the checkout page shows
-- (a QR string, a deep link, the JSAPI parameters) are kept so the page can be opened again.
ALTER TABLE payment DROP CONSTRAINT payment_provider_check;
ALTER TABLE payment ADD CONSTRAINT payment_provider_check
	CHECK (provider IN ('sandbox', 'wechat', 'alipay', 'khqr', 'cash', 'card_terminal'));
ALTER TABLE payment
	ADD COLUMN currency text,
	ADD COLUMN rail_currency text,
	ADD COLUMN rail_amount bigint CHECK (rail_amount > 0),
	ADD COLUMN channel text,
	-- The rail's own reference for the attempt, known before it is paid (KHQR's md5, WeChat's prepay id).
	ADD COLUMN rail_ref text,
	ADD COLUMN checkout jsonb,
	-- The app page the payer returns to when the checkout is decided (on our own checkout page).
	ADD COLUMN return_path text,
	-- When the rail stops taking this payment (the checkout's own expiry).
	ADD COLUMN rail_expires_at timestamptz;
UPDATE payment p SET currency = t.currency_code FROM tenant t WHERE t.id = p.tenant_id;

-- KHQR has no refund call: a refund waits for staff to transfer the money back and record the
-- transfer's reference ('awaiting_transfer'). A rail that answers "processing" keeps a refund
-- pending until its callback or a later question says how it ended.
ALTER TABLE gateway_refund DROP CONSTRAINT gateway_refund_provider_check;
ALTER TABLE gateway_refund ADD CONSTRAINT gateway_refund_provider_check
	CHECK (provider IN ('sandbox', 'wechat', 'alipay', 'khqr'));
ALTER TABLE gateway_refund DROP CONSTRAINT gateway_refund_status_check;
ALTER TABLE gateway_refund ADD CONSTRAINT gateway_refund_status_check
	CHECK (status IN ('pending', 'succeeded', 'failed', 'awaiting_transfer'));
ALTER TABLE gateway_refund
	ADD COLUMN transfer_recorded_by bigint REFERENCES member (id),
	ADD COLUMN transfer_recorded_at timestamptz;
CREATE INDEX gateway_refund_awaiting_idx ON gateway_refund (tenant_id, created_at) WHERE status = 'awaiting_transfer';

-- A rail's settings for the platform of one tenant (decision 023: the platform collects). The
-- secrets are one AES-256-GCM sealed JSON document; `summary` holds only what may be shown back
-- (ids, the last characters of keys, the Bakong token's expiry).
CREATE TABLE payment_rail_settings (
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	rail text NOT NULL CHECK (rail IN ('wechat', 'alipay', 'khqr')),
	enabled boolean NOT NULL DEFAULT true,
	sealed text NOT NULL,
	summary jsonb NOT NULL DEFAULT '{}',
	-- When the Bakong token stops working (KHQR only): warned of a week ahead.
	expires_at timestamptz,
	updated_at timestamptz NOT NULL,
	updated_by bigint REFERENCES member (id),
	PRIMARY KEY (tenant_id, rail)
);

-- Every change to a rail's settings and every connection test: who, when, what (never a secret).
CREATE TABLE payment_rail_audit (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	rail text NOT NULL,
	member_id bigint REFERENCES member (id),
	action text NOT NULL CHECK (action IN ('saved', 'enabled', 'disabled', 'removed', 'tested')),
	-- The names of the fields changed, or a connection test's outcome.
	detail jsonb NOT NULL DEFAULT '{}',
	at timestamptz NOT NULL
);
CREATE INDEX payment_rail_audit_tenant_idx ON payment_rail_audit (tenant_id, at DESC);

-- A payer's WeChat openid on the platform's official account (JSAPI needs it), learnt once by
-- WeChat's web sign-in (snsapi_base) and kept for the next payment.
CREATE TABLE wechat_payer (
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	member_id bigint NOT NULL REFERENCES member (id),
	app_id text NOT NULL,
	openid text NOT NULL,
	created_at timestamptz NOT NULL,
	PRIMARY KEY (tenant_id, member_id, app_id)
);

-- Something about a rail's money a person must look at: a callback refused (another amount,
-- currency or merchant), a payer who paid one thing twice, and each difference the daily
-- reconciliation finds between our payments and the rail's own statement. Listed for the
-- operator until resolved.
CREATE TABLE payment_discrepancy (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	rail text NOT NULL,
	kind text NOT NULL CHECK (kind IN (
		'amount_mismatch', 'currency_mismatch', 'merchant_mismatch', 'paid_twice',
		'missing_at_rail', 'missing_here', 'status_differs', 'amount_differs', 'refund_differs'
	)),
	payment_id uuid REFERENCES payment (id),
	rail_trade_no text,
	-- The statement day it was found on (daily reconciliation), in the platform's time zone.
	statement_date date,
	-- Our amount and the rail's, in the rail's minor units, where they apply.
	our_amount bigint,
	rail_amount bigint,
	detail jsonb NOT NULL DEFAULT '{}',
	found_at timestamptz NOT NULL,
	resolved_at timestamptz,
	resolved_by bigint REFERENCES member (id),
	resolution_note text
);
-- One open flag per thing: a replayed callback or a second reconciliation run finds it again.
CREATE UNIQUE INDEX payment_discrepancy_once_idx ON payment_discrepancy
	(tenant_id, rail, kind, coalesce(payment_id::text, ''), coalesce(rail_trade_no, ''), coalesce(statement_date, '1970-01-01'));
CREATE INDEX payment_discrepancy_open_idx ON payment_discrepancy (tenant_id, found_at DESC) WHERE resolved_at IS NULL;

-- Each rail's statement day, reconciled once (a job on several servers claims it by this row).
CREATE TABLE payment_statement_run (
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	rail text NOT NULL,
	statement_date date NOT NULL,
	status text NOT NULL CHECK (status IN ('running', 'done', 'failed')),
	our_count integer NOT NULL DEFAULT 0,
	rail_count integer NOT NULL DEFAULT 0,
	differences integer NOT NULL DEFAULT 0,
	last_error text,
	started_at timestamptz NOT NULL,
	finished_at timestamptz,
	PRIMARY KEY (tenant_id, rail, statement_date)
);

-- What each purpose was paid by may now be KHQR too.
ALTER TABLE customer_order DROP CONSTRAINT customer_order_pay_method_check,
	ADD CONSTRAINT customer_order_pay_method_check CHECK (pay_method IN ('balance', 'sandbox', 'wechat', 'alipay', 'khqr', 'counter'));
ALTER TABLE table_bill DROP CONSTRAINT table_bill_settle_method_check,
	ADD CONSTRAINT table_bill_settle_method_check
	CHECK (settle_method IN ('balance', 'sandbox', 'wechat', 'alipay', 'khqr', 'counter', 'nothing_due'));
ALTER TABLE reservation_payment DROP CONSTRAINT reservation_payment_pay_method_check,
	ADD CONSTRAINT reservation_payment_pay_method_check CHECK (pay_method IN ('balance', 'sandbox', 'wechat', 'alipay', 'khqr'));
ALTER TABLE recharge DROP CONSTRAINT recharge_provider_check,
	ADD CONSTRAINT recharge_provider_check CHECK (provider IN ('sandbox', 'wechat', 'alipay', 'khqr'));
ALTER TABLE card_purchase DROP CONSTRAINT card_purchase_pay_method_check,
	ADD CONSTRAINT card_purchase_pay_method_check CHECK (pay_method IN ('balance', 'sandbox', 'wechat', 'alipay', 'khqr'));
