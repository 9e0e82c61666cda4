-- Payments as one capability (issue 28, decision 028). A payment row is one attempt to take
-- money that is not a balance move: through a hosted gateway today, at the counter next. What it
-- pays for is data, a purpose and the purpose's own id, instead of one nullable foreign key per
-- thing payable: the payments capability names none of the features that take money, and a
-- new purpose needs no new column. The purposes' own rows keep their ties the other way
-- (customer_order.gateway_payment_id, reservation_payment.gateway_payment_id).

ALTER TABLE gateway_payment RENAME TO payment;
ALTER TABLE payment ADD COLUMN purpose text, ADD COLUMN purpose_id bigint;
UPDATE payment SET
	purpose = CASE
		WHEN bill_id IS NOT NULL THEN 'table_bill'
		WHEN reservation_id IS NOT NULL THEN 'booking'
		WHEN recharge_id IS NOT NULL THEN 'recharge'
		WHEN card_purchase_id IS NOT NULL THEN 'vip_card'
		ELSE 'order'
	END,
	purpose_id = coalesce(bill_id, reservation_id, recharge_id, card_purchase_id, order_id);
ALTER TABLE payment
	DROP CONSTRAINT gateway_payment_pays_one_thing,
	DROP COLUMN order_id,
	DROP COLUMN bill_id,
	DROP COLUMN reservation_id,
	DROP COLUMN recharge_id,
	DROP COLUMN card_purchase_id,
	ALTER COLUMN purpose SET NOT NULL,
	ALTER COLUMN purpose_id SET NOT NULL,
	ADD CONSTRAINT payment_purpose_check CHECK (purpose IN ('order', 'table_bill', 'booking', 'recharge', 'vip_card')),
	DROP CONSTRAINT gateway_payment_provider_check,
	-- cash and card_terminal: taken by staff at the counter (the shop holds that money itself).
	ADD CONSTRAINT payment_provider_check CHECK (provider IN ('sandbox', 'wechat', 'alipay', 'cash', 'card_terminal'));
CREATE INDEX payment_purpose_idx ON payment (purpose, purpose_id);

-- A gateway refund says what it gives money back for the same way: an order refunded on its
-- own (purpose order), or a payment that arrived too late for what it paid (the payment's purpose).
ALTER TABLE gateway_refund ADD COLUMN purpose text, ADD COLUMN purpose_id bigint;
UPDATE gateway_refund r SET
	purpose = CASE WHEN r.order_id IS NOT NULL THEN 'order' ELSE p.purpose END,
	purpose_id = coalesce(r.order_id, p.purpose_id)
	FROM payment p WHERE p.id = r.gateway_payment_id;
ALTER TABLE gateway_refund
	DROP COLUMN order_id,
	ALTER COLUMN purpose SET NOT NULL,
	ALTER COLUMN purpose_id SET NOT NULL,
	ADD CONSTRAINT gateway_refund_purpose_check CHECK (purpose IN ('order', 'table_bill', 'booking', 'recharge', 'vip_card'));
CREATE INDEX gateway_refund_purpose_idx ON gateway_refund (purpose, purpose_id);
