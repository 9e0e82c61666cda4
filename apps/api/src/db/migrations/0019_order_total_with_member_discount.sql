-- An order's total is its goods plus delivery less the member's VIP card discount (issue 12,
-- decision 021). 0004's CHECK (total = subtotal + delivery_fee) is replaced: the discount is
-- never more than the goods, and a card that gave something is named on the order.
ALTER TABLE customer_order
	DROP CONSTRAINT customer_order_check,
	ADD CONSTRAINT customer_order_total_adds_up CHECK (total = subtotal + delivery_fee - member_discount),
	ADD CONSTRAINT customer_order_discount_within_goods CHECK (member_discount <= subtotal),
	ADD CONSTRAINT customer_order_waived_fee_not_charged CHECK (delivery_fee_waived = 0 OR delivery_fee = 0),
	ADD CONSTRAINT customer_order_card_named CHECK ((member_discount = 0 AND delivery_fee_waived = 0) OR member_card_name IS NOT NULL);
