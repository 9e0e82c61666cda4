-- Shops, their staff, opening hours, and the menu the demo seed fills for the ordering
-- issues. Names and descriptions are jsonb {"zh-CN": …, "en": …, "km": …}; zh-CN is required.
-- `code` columns are stable natural keys so that seeds and imports are idempotent.

CREATE TABLE shop (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	code text NOT NULL,
	name jsonb NOT NULL CHECK (name ? 'zh-CN'),
	address jsonb NOT NULL CHECK (address ? 'zh-CN'),
	phone text NOT NULL,
	latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
	longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
	timezone text NOT NULL,
	notice jsonb,
	logo text,
	accepting_orders boolean NOT NULL DEFAULT true,
	preparation_minutes smallint NOT NULL DEFAULT 15 CHECK (preparation_minutes >= 0),
	created_at timestamptz NOT NULL DEFAULT now(),
	UNIQUE (tenant_id, code)
);

CREATE TABLE shop_staff (
	shop_id bigint NOT NULL REFERENCES shop (id),
	member_id bigint NOT NULL REFERENCES member (id),
	role text NOT NULL CHECK (role IN ('owner', 'staff')),
	created_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (shop_id, member_id)
);
CREATE INDEX shop_staff_member_idx ON shop_staff (member_id);

-- Weekly windows in the shop's local time; closes_at <= opens_at means the window ends
-- after midnight. Several windows per weekday are allowed (0 = Sunday).
CREATE TABLE shop_opening_hours (
	shop_id bigint NOT NULL REFERENCES shop (id),
	weekday smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6),
	opens_at time NOT NULL,
	closes_at time NOT NULL,
	PRIMARY KEY (shop_id, weekday, opens_at)
);

CREATE TABLE menu_category (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	shop_id bigint NOT NULL REFERENCES shop (id),
	code text NOT NULL,
	name jsonb NOT NULL CHECK (name ? 'zh-CN'),
	sort smallint NOT NULL DEFAULT 0,
	UNIQUE (shop_id, code)
);

CREATE TABLE menu_item (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	shop_id bigint NOT NULL REFERENCES shop (id),
	category_id bigint NOT NULL REFERENCES menu_category (id),
	code text NOT NULL,
	name jsonb NOT NULL CHECK (name ? 'zh-CN'),
	description jsonb NOT NULL DEFAULT '{}'::jsonb,
	image text,
	price bigint NOT NULL CHECK (price >= 0),
	original_price bigint CHECK (original_price >= 0),
	-- NULL means stock is not tracked for this item.
	stock integer CHECK (stock >= 0),
	sold_out boolean NOT NULL DEFAULT false,
	sales_count integer NOT NULL DEFAULT 0 CHECK (sales_count >= 0),
	sort smallint NOT NULL DEFAULT 0,
	UNIQUE (shop_id, code)
);
CREATE INDEX menu_item_category_idx ON menu_item (category_id);

CREATE TABLE menu_option_group (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	item_id bigint NOT NULL REFERENCES menu_item (id),
	code text NOT NULL,
	name jsonb NOT NULL CHECK (name ? 'zh-CN'),
	min_choices smallint NOT NULL DEFAULT 0 CHECK (min_choices >= 0),
	max_choices smallint NOT NULL DEFAULT 1 CHECK (max_choices >= 1),
	sort smallint NOT NULL DEFAULT 0,
	CHECK (min_choices <= max_choices),
	UNIQUE (item_id, code)
);

CREATE TABLE menu_option (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	group_id bigint NOT NULL REFERENCES menu_option_group (id),
	code text NOT NULL,
	name jsonb NOT NULL CHECK (name ? 'zh-CN'),
	price_delta bigint NOT NULL DEFAULT 0,
	is_default boolean NOT NULL DEFAULT false,
	sort smallint NOT NULL DEFAULT 0,
	UNIQUE (group_id, code)
);
