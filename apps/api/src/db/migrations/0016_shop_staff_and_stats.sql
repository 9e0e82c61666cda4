-- Issue 10, the merchant home: today's and last week's orders of one shop are read by placement
-- time whatever their status; the existing (shop_id, status, created_at) index serves the board.
CREATE INDEX customer_order_shop_created_idx ON customer_order (shop_id, created_at);
