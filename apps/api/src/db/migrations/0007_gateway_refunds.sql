-- Refunds owed to payers through the gateway that took their money. The ledger books a
-- refund at once; the gateway is told later, outside the transaction, so each refund waits
-- here (an outbox) until the gateway confirms it.

CREATE TABLE gateway_refund (
	-- Also the refund's idempotency key at the gateway: retries send the same id.
	id uuid PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	-- The order refunded; null when the payment was not for one order.
	order_id bigint REFERENCES customer_order (id),
	gateway_payment_id uuid NOT NULL REFERENCES gateway_payment (id),
	-- The idempotency key of the ledger refund this carries out (order:<id>:refund,
	-- gateway:<payment>:refund): booked once, so queued once. Not the payment: one payment
	-- may one day pay several orders, each refunded on its own.
	refund_key text NOT NULL UNIQUE,
	provider text NOT NULL CHECK (provider IN ('sandbox', 'wechat', 'alipay')),
	amount bigint NOT NULL CHECK (amount > 0),
	reason text NOT NULL,
	status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
	provider_refund_id text,
	attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
	next_attempt_at timestamptz NOT NULL,
	last_error text,
	created_at timestamptz NOT NULL,
	updated_at timestamptz NOT NULL,
	CHECK (status <> 'succeeded' OR provider_refund_id IS NOT NULL)
);
CREATE INDEX gateway_refund_due_idx ON gateway_refund (next_attempt_at) WHERE status = 'pending';
CREATE INDEX gateway_refund_order_idx ON gateway_refund (order_id);
CREATE INDEX gateway_refund_payment_idx ON gateway_refund (gateway_payment_id);
CREATE UNIQUE INDEX gateway_refund_provider_refund_idx ON gateway_refund (provider, provider_refund_id)
	WHERE provider_refund_id IS NOT NULL;

-- The sandbox gateway's refunds, apart from ours like its transactions. The merchant's
-- refund id is the key: asking twice with the same id refunds once.
CREATE TABLE sandbox_gateway_refund (
	refund_id text PRIMARY KEY,
	txn_id uuid NOT NULL REFERENCES sandbox_gateway_txn (id),
	amount bigint NOT NULL CHECK (amount > 0),
	reason text NOT NULL,
	provider_refund_id text NOT NULL UNIQUE,
	created_at timestamptz NOT NULL
);
CREATE INDEX sandbox_gateway_refund_txn_idx ON sandbox_gateway_refund (txn_id);
