-- Issue 10: the bell. A diner at a table calls the staff ("call a waiter", "bring the bill")
-- from the seating they joined by scanning; the staff answer it. One row per call: the last
-- call of a table gives the 60-second cool-down, unanswered calls make the staff's grid ring.
CREATE TABLE table_call (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	shop_id bigint NOT NULL REFERENCES shop (id),
	table_id bigint NOT NULL REFERENCES dining_table (id),
	-- The seating (the table's open bill, decision 009) the diner called from.
	bill_id bigint NOT NULL REFERENCES table_bill (id),
	-- The diner, when signed in (the table page works without signing in).
	member_id bigint REFERENCES member (id),
	kind text NOT NULL CHECK (kind IN ('waiter', 'bill')),
	called_at timestamptz NOT NULL,
	answered_at timestamptz,
	answered_by_member_id bigint REFERENCES member (id),
	CHECK ((answered_at IS NULL) = (answered_by_member_id IS NULL))
);
CREATE INDEX table_call_table_idx ON table_call (table_id, called_at DESC);
CREATE INDEX table_call_unanswered_idx ON table_call (shop_id) WHERE answered_at IS NULL;
