-- Dine-in paid after the meal: the table's open bill.
--
-- A shop may let dine-in guests eat first and pay at the end. Such orders go to the
-- kitchen unpaid (status 'new', payment 'unpaid', no payment deadline) and join the
-- table's open bill; every later round from the same table joins it too. Paying the bill
-- (online by anyone at the table, or at the counter through the staff) pays every unpaid
-- order in it at once and settles it; the next order at that table opens a new bill.

ALTER TABLE shop ADD COLUMN desk_pay_after_meal boolean NOT NULL DEFAULT false;

CREATE TABLE table_bill (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	shop_id bigint NOT NULL REFERENCES shop (id),
	table_id bigint NOT NULL REFERENCES dining_table (id),
	status text NOT NULL CHECK (status IN ('open', 'settled')),
	opened_at timestamptz NOT NULL,
	settled_at timestamptz,
	-- How it was settled: online (balance or a gateway), at the counter (cash or card taken
	-- by the staff), or closed by the staff with nothing left to pay.
	settle_method text CHECK (settle_method IN ('balance', 'sandbox', 'wechat', 'alipay', 'counter', 'nothing_due')),
	settled_by_member_id bigint REFERENCES member (id),
	paid_total bigint CHECK (paid_total >= 0),
	CHECK ((status = 'settled') = (settled_at IS NOT NULL AND settle_method IS NOT NULL AND paid_total IS NOT NULL))
);
-- One open bill per table, even when two first rounds arrive at once.
CREATE UNIQUE INDEX table_bill_one_open_idx ON table_bill (table_id) WHERE status = 'open';
CREATE INDEX table_bill_shop_idx ON table_bill (shop_id, status);

ALTER TABLE customer_order
	ADD COLUMN bill_id bigint REFERENCES table_bill (id),
	-- Who paid, when it was not the orderer (a friend paying the table's bill): balance
	-- refunds go back to the wallet they came from.
	ADD COLUMN paid_by_member_id bigint REFERENCES member (id),
	-- Orders on a bill have no payment deadline.
	ALTER COLUMN expires_at DROP NOT NULL,
	ADD CONSTRAINT customer_order_unpaid_expires CHECK (status <> 'unpaid' OR expires_at IS NOT NULL),
	DROP CONSTRAINT customer_order_pay_method_check,
	ADD CONSTRAINT customer_order_pay_method_check CHECK (pay_method IN ('balance', 'sandbox', 'wechat', 'alipay', 'counter'));
CREATE INDEX customer_order_bill_idx ON customer_order (bill_id) WHERE bill_id IS NOT NULL;

-- A gateway payment pays either one order or a whole table bill, and was started by a member
-- (for a bill, any diner at the table).
ALTER TABLE gateway_payment
	ALTER COLUMN order_id DROP NOT NULL,
	ADD COLUMN bill_id bigint REFERENCES table_bill (id),
	ADD COLUMN payer_member_id bigint REFERENCES member (id),
	ADD CONSTRAINT gateway_payment_pays_one_thing CHECK ((order_id IS NULL) <> (bill_id IS NULL));
CREATE INDEX gateway_payment_bill_idx ON gateway_payment (bill_id) WHERE bill_id IS NOT NULL;

-- An order line's item and option names in every language at the time of the order, so the
-- kitchen and every diner of a shared table read it in their own (name keeps the orderer's).
ALTER TABLE order_line ADD COLUMN names jsonb;

-- The gateway payment that paid an order (one order's own, or its bill's): a refund of the
-- order is a refund against that payment.
ALTER TABLE customer_order ADD COLUMN gateway_payment_id uuid REFERENCES gateway_payment (id);
UPDATE customer_order o SET gateway_payment_id = p.id
	FROM gateway_payment p
	WHERE p.order_id = o.id AND p.status = 'succeeded' AND o.pay_method = p.provider AND o.paid_at IS NOT NULL
		AND NOT EXISTS (SELECT 1 FROM gateway_payment q WHERE q.order_id = o.id AND q.status = 'succeeded' AND q.updated_at < p.updated_at);
