-- Gateway payments left in doubt are settled by asking the gateway (decision 005).
--
-- A payment stays 'pending' until the gateway's callback or our question settles it. The
-- reconciliation job asks about pending payments whose next check is due, claiming each
-- for a short lease (claimed_until) so several servers never ask about the same payment at
-- once. An unreachable gateway is asked again with growing delays (check_failures,
-- next_check_at). checked_at is when the gateway last answered that the payer had not
-- decided yet: the expiry of an order trusts only an answer given after its window closed.
-- A payer who never decides within a day makes the payment 'abandoned': no longer asked
-- about, but a callback saying it was paid after all is still taken (and refunded).
ALTER TABLE gateway_payment
	DROP CONSTRAINT gateway_payment_status_check,
	ADD CONSTRAINT gateway_payment_status_check CHECK (status IN ('pending', 'succeeded', 'declined', 'abandoned')),
	ADD COLUMN next_check_at timestamptz,
	ADD COLUMN claimed_until timestamptz,
	ADD COLUMN checked_at timestamptz,
	ADD COLUMN check_failures integer NOT NULL DEFAULT 0 CHECK (check_failures >= 0),
	ADD COLUMN last_check_error text;

UPDATE gateway_payment SET next_check_at = created_at WHERE status = 'pending';

CREATE INDEX gateway_payment_check_due_idx ON gateway_payment (next_check_at) WHERE status = 'pending';

-- An order cancelled while a gateway payment was open used to keep showing 'paying'. Its
-- payment is settled by the job now: paid → booked and refunded ('refunded'), else 'unpaid'.
UPDATE customer_order SET payment_status = 'unpaid'
	WHERE status = 'cancelled' AND payment_status = 'paying';
