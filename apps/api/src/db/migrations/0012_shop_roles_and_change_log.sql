-- Issue 10: a manager role between owner and staff, and a record of every change made in the
-- merchant area (who, when, before -> after), which the owner can read.
ALTER TABLE shop_staff DROP CONSTRAINT shop_staff_role_check;
ALTER TABLE shop_staff ADD CONSTRAINT shop_staff_role_check CHECK (role IN ('owner', 'manager', 'staff'));

CREATE TABLE shop_change (
	id bigserial PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	shop_id bigint NOT NULL REFERENCES shop (id),
	member_id bigint NOT NULL REFERENCES member (id),
	-- What was changed: 'menu_item', 'menu_category', 'shop', 'opening_hours', 'dining_table', 'shop_staff', …
	subject text NOT NULL,
	subject_id text,
	-- 'create', 'update', 'delete', or a named action such as 'sold_out' or 'rotate_qr'.
	action text NOT NULL,
	before jsonb,
	after jsonb,
	created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shop_change_shop_idx ON shop_change (shop_id, id DESC);
