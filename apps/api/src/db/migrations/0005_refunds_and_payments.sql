-- Refund requests on orders, and payments through external gateways (the sandbox first).

ALTER TABLE customer_order
	ADD COLUMN refund_status text NOT NULL DEFAULT 'none' CHECK (refund_status IN ('none', 'requested', 'approved', 'rejected')),
	ADD COLUMN refund_reason text,
	ADD COLUMN refund_decision_note text,
	ADD COLUMN refund_requested_at timestamptz,
	ADD COLUMN refund_decided_at timestamptz,
	ADD COLUMN accepted_at timestamptz;

-- One row per attempt to pay an order through a gateway. The provider's transaction id is
-- unique, so a callback delivered many times is applied once.
CREATE TABLE gateway_payment (
	id uuid PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	order_id bigint NOT NULL REFERENCES customer_order (id),
	provider text NOT NULL CHECK (provider IN ('sandbox', 'wechat', 'alipay')),
	amount bigint NOT NULL CHECK (amount > 0),
	status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'declined')),
	provider_txn_id text,
	created_at timestamptz NOT NULL,
	updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX gateway_payment_provider_txn_idx ON gateway_payment (provider, provider_txn_id) WHERE provider_txn_id IS NOT NULL;
CREATE INDEX gateway_payment_order_idx ON gateway_payment (order_id);
