-- Coupons, points and the points mall (issue 13, decision 022).

-- A coupon template, set by the owner. Its terms (what it gives, where, when) are fixed once
-- anyone has claimed it (the API refuses the change); text, quantity, limit, code and on/off
-- may change. Validity is either fixed dates or N days counted from claiming.
CREATE TABLE coupon_template (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	title jsonb NOT NULL CHECK (jsonb_typeof(title) = 'object' AND title ? 'zh-CN'),
	instructions jsonb NOT NULL DEFAULT '{"zh-CN": ""}',
	kind text NOT NULL CHECK (kind IN ('amount_off', 'percent_off', 'free_delivery')),
	amount_off bigint CHECK (amount_off > 0),
	percent_off integer CHECK (percent_off BETWEEN 1 AND 90),
	max_discount bigint CHECK (max_discount > 0),
	threshold bigint NOT NULL DEFAULT 0 CHECK (threshold >= 0),
	-- Spec §3: 0 general, 1 self-pickup, 2 takeout (dine-in follows general).
	use_type smallint NOT NULL CHECK (use_type IN (0, 1, 2)),
	-- False: every shop of the tenant; true: the shops in coupon_template_shop.
	limited_to_shops boolean NOT NULL DEFAULT false,
	validity_kind text NOT NULL CHECK (validity_kind IN ('fixed', 'days')),
	valid_from timestamptz,
	valid_until timestamptz,
	valid_days integer CHECK (valid_days BETWEEN 1 AND 3660),
	total_quantity integer NOT NULL CHECK (total_quantity >= 0),
	-- Counted under the row's lock: never more claims than the quantity.
	claimed_count integer NOT NULL DEFAULT 0 CHECK (claimed_count >= 0 AND claimed_count <= total_quantity),
	per_member_limit integer NOT NULL DEFAULT 1 CHECK (per_member_limit BETWEEN 1 AND 100),
	-- Upper-case letters and digits; claims the template when typed by a member.
	exchange_code text CHECK (exchange_code ~ '^[A-Z0-9]{4,20}$'),
	listed boolean NOT NULL DEFAULT true,
	enabled boolean NOT NULL DEFAULT true,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL,
	updated_at timestamptz NOT NULL,
	CHECK (
		(kind = 'amount_off' AND amount_off IS NOT NULL AND percent_off IS NULL)
		OR (kind = 'percent_off' AND percent_off IS NOT NULL AND amount_off IS NULL)
		OR (kind = 'free_delivery' AND amount_off IS NULL AND percent_off IS NULL AND max_discount IS NULL)
	),
	CHECK (
		(validity_kind = 'fixed' AND valid_from IS NOT NULL AND valid_until > valid_from AND valid_days IS NULL)
		OR (validity_kind = 'days' AND valid_days IS NOT NULL AND valid_from IS NULL AND valid_until IS NULL)
	),
	CHECK (listed OR exchange_code IS NOT NULL)
);
CREATE INDEX coupon_template_tenant_idx ON coupon_template (tenant_id, id DESC);
CREATE UNIQUE INDEX coupon_template_code_idx ON coupon_template (tenant_id, exchange_code)
	WHERE exchange_code IS NOT NULL;

CREATE TABLE coupon_template_shop (
	template_id bigint NOT NULL REFERENCES coupon_template (id) ON DELETE CASCADE,
	shop_id bigint NOT NULL REFERENCES shop (id),
	PRIMARY KEY (template_id, shop_id)
);

-- A coupon a member holds. Its dates are fixed when claimed. 'used' points at the order that
-- used it; an unpaid order that is cancelled or expires gives it back ('unused' again), a
-- refunded one does not. Expired is read from valid_until, never written.
CREATE TABLE member_coupon (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	template_id bigint NOT NULL REFERENCES coupon_template (id),
	member_id bigint NOT NULL REFERENCES member (id),
	status text NOT NULL DEFAULT 'unused' CHECK (status IN ('unused', 'used')),
	valid_from timestamptz NOT NULL,
	valid_until timestamptz NOT NULL CHECK (valid_until > valid_from),
	claimed_at timestamptz NOT NULL,
	claimed_with_code boolean NOT NULL DEFAULT false,
	idempotency_key text NOT NULL,
	order_id bigint REFERENCES customer_order (id),
	used_at timestamptz,
	CHECK ((status = 'used') = (order_id IS NOT NULL AND used_at IS NOT NULL)),
	UNIQUE (member_id, idempotency_key)
);
CREATE INDEX member_coupon_member_idx ON member_coupon (member_id, status, valid_until);
CREATE INDEX member_coupon_template_idx ON member_coupon (template_id, member_id);
-- One coupon per order.
CREATE UNIQUE INDEX member_coupon_order_idx ON member_coupon (order_id) WHERE order_id IS NOT NULL;

-- The order remembers the coupon it was placed with, what it took off and its title as it was.
-- Priced after the VIP card (decision 022): total = goods + delivery − card − coupon.
ALTER TABLE customer_order
	ADD COLUMN coupon_id bigint REFERENCES member_coupon (id),
	ADD COLUMN coupon_discount bigint NOT NULL DEFAULT 0 CHECK (coupon_discount >= 0),
	ADD COLUMN coupon_title jsonb,
	DROP CONSTRAINT customer_order_total_adds_up,
	DROP CONSTRAINT customer_order_discount_within_goods,
	ADD CONSTRAINT customer_order_total_adds_up CHECK (total = subtotal + delivery_fee - member_discount - coupon_discount),
	ADD CONSTRAINT customer_order_discounts_within_price CHECK (member_discount + coupon_discount <= subtotal + delivery_fee),
	ADD CONSTRAINT customer_order_coupon_named CHECK (coupon_discount = 0 OR (coupon_id IS NOT NULL AND coupon_title IS NOT NULL));

-- Points. member.points is the balance (0001); it may now go below zero, only when a refund
-- takes back points the member has already spent (decision 022). Spending needs enough.
ALTER TABLE member DROP CONSTRAINT member_points_check;

-- The owner's earning rule: points per one unit of the tenant's currency of goods paid.
CREATE TABLE points_rule (
	tenant_id bigint PRIMARY KEY REFERENCES tenant (id),
	points_per_unit integer NOT NULL DEFAULT 0 CHECK (points_per_unit BETWEEN 0 AND 100),
	updated_at timestamptz NOT NULL
);

-- Points-mall items, tenant-wide like the balance.
CREATE TABLE points_item (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	name jsonb NOT NULL CHECK (jsonb_typeof(name) = 'object' AND name ? 'zh-CN'),
	description jsonb NOT NULL DEFAULT '{"zh-CN": ""}',
	image text,
	points_price bigint NOT NULL CHECK (points_price > 0),
	-- Taken with a conditional update: never below zero.
	stock integer NOT NULL CHECK (stock >= 0),
	redeemed_count integer NOT NULL DEFAULT 0 CHECK (redeemed_count >= 0),
	allow_pickup boolean NOT NULL DEFAULT true,
	allow_delivery boolean NOT NULL DEFAULT false,
	sort integer NOT NULL DEFAULT 0,
	on_shelf boolean NOT NULL DEFAULT true,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL,
	updated_at timestamptz NOT NULL,
	CHECK (allow_pickup OR allow_delivery)
);
CREATE INDEX points_item_tenant_idx ON points_item (tenant_id, sort, id);

-- A member's redemption of one item: the item's name, image and price are copied.
CREATE TABLE points_redemption (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	member_id bigint NOT NULL REFERENCES member (id),
	item_id bigint NOT NULL REFERENCES points_item (id),
	item_name jsonb NOT NULL,
	item_image text,
	points_price bigint NOT NULL CHECK (points_price > 0),
	fulfilment text NOT NULL CHECK (fulfilment IN ('pickup', 'delivery')),
	shop_id bigint REFERENCES shop (id),
	delivery_address jsonb,
	status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'shipped', 'received', 'cancelled')),
	tracking_note text,
	cancel_reason text,
	idempotency_key text NOT NULL,
	handled_by_member_id bigint REFERENCES member (id),
	created_at timestamptz NOT NULL,
	shipped_at timestamptz,
	received_at timestamptz,
	cancelled_at timestamptz,
	CHECK ((fulfilment = 'pickup') = (shop_id IS NOT NULL)),
	CHECK ((fulfilment = 'delivery') = (delivery_address IS NOT NULL)),
	CHECK (status <> 'shipped' OR fulfilment = 'delivery'),
	UNIQUE (member_id, idempotency_key)
);
-- Spec §9: each member redeems an item once (a cancelled redemption does not count).
CREATE UNIQUE INDEX points_redemption_once_idx ON points_redemption (member_id, item_id) WHERE status <> 'cancelled';
CREATE INDEX points_redemption_member_idx ON points_redemption (member_id, id DESC);
CREATE INDEX points_redemption_tenant_idx ON points_redemption (tenant_id, status, id DESC);

-- The points ledger: every change of member.points is one row, with the balance after it,
-- written in the transaction that changes it. An order earns once and is taken back once; a
-- redemption spends once and is given back once (the unique keys).
CREATE TABLE points_entry (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	member_id bigint NOT NULL REFERENCES member (id),
	kind text NOT NULL CHECK (kind IN ('order_earned', 'order_reversed', 'redeemed', 'redemption_returned')),
	amount bigint NOT NULL CHECK (amount <> 0),
	balance_after bigint NOT NULL,
	order_id bigint REFERENCES customer_order (id),
	redemption_id bigint REFERENCES points_redemption (id),
	created_at timestamptz NOT NULL,
	CHECK ((kind IN ('order_earned', 'order_reversed')) = (order_id IS NOT NULL)),
	CHECK ((kind IN ('redeemed', 'redemption_returned')) = (redemption_id IS NOT NULL)),
	UNIQUE (order_id, kind),
	UNIQUE (redemption_id, kind)
);
CREATE INDEX points_entry_member_idx ON points_entry (member_id, id DESC);
