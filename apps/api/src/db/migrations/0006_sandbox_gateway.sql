-- The sandbox payment gateway's own records. It stands in for a hosted gateway (its checkout
-- page, its transaction ids, its callbacks), so it keeps its state apart from ours.
CREATE TABLE sandbox_gateway_txn (
	id uuid PRIMARY KEY,
	merchant_reference text NOT NULL,
	amount bigint NOT NULL CHECK (amount > 0),
	currency text NOT NULL,
	description text NOT NULL,
	status text NOT NULL CHECK (status IN ('pending', 'approved', 'declined')),
	provider_txn_id text UNIQUE,
	notify_url text NOT NULL,
	return_url text NOT NULL,
	created_at timestamptz NOT NULL,
	decided_at timestamptz
);
