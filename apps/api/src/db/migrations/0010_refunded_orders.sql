-- An order whose refund the shop approved is closed as 'refunded': it leaves the shop's active
-- board and reads refunded everywhere, instead of staying "ready" with its money given back.
-- Orders refunded that way before this change are closed too, each with its trace in the log.

ALTER TABLE customer_order
	DROP CONSTRAINT customer_order_status_check,
	ADD CONSTRAINT customer_order_status_check
		CHECK (status IN ('unpaid', 'new', 'in_production', 'ready', 'delivering', 'completed', 'cancelled', 'rejected', 'refunded'));

INSERT INTO order_event (order_id, at, actor, actor_member_id, from_status, to_status, note)
	SELECT id, now(), 'system', NULL, status, 'refunded', 'refund_approved: closed by migration 0010'
	FROM customer_order
	WHERE refund_status = 'approved' AND status <> 'refunded';

UPDATE customer_order
	SET status = 'refunded', closed_at = coalesce(refund_decided_at, now()), close_reason = 'refunded'
	WHERE refund_status = 'approved' AND status <> 'refunded';
