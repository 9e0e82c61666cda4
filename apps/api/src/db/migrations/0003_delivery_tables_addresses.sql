-- Shops: which order types they offer, photos, delivery zones (polygons) with a radius
-- fallback, dated closures. Menu: order types per item, stock and sold-out per option.
-- Tables with QR codes, and members' delivery addresses.

ALTER TABLE shop
	ADD COLUMN photos jsonb NOT NULL DEFAULT '[]'::jsonb,
	ADD COLUMN offers_takein boolean NOT NULL DEFAULT true,
	ADD COLUMN offers_takeout boolean NOT NULL DEFAULT true,
	ADD COLUMN offers_desk boolean NOT NULL DEFAULT true,
	-- Used only where no zone polygon contains the address.
	ADD COLUMN delivery_radius_m integer CHECK (delivery_radius_m > 0),
	ADD COLUMN delivery_radius_fee bigint CHECK (delivery_radius_fee >= 0),
	ADD COLUMN delivery_radius_min_order bigint CHECK (delivery_radius_min_order >= 0),
	ADD CONSTRAINT shop_radius_complete CHECK (
		(delivery_radius_m IS NULL) = (delivery_radius_fee IS NULL)
		AND (delivery_radius_m IS NULL) = (delivery_radius_min_order IS NULL)
	);

-- Whole local days the shop is closed (holidays, renovation), inclusive.
CREATE TABLE shop_closure (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	shop_id bigint NOT NULL REFERENCES shop (id),
	starts_on date NOT NULL,
	ends_on date NOT NULL,
	reason jsonb,
	CHECK (starts_on <= ends_on)
);
CREATE INDEX shop_closure_shop_idx ON shop_closure (shop_id, ends_on);

-- A delivery zone drawn on the map: points is a JSON array of [latitude, longitude]. The
-- first zone (by sort) that contains an address decides its fee and minimum.
CREATE TABLE delivery_zone (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	shop_id bigint NOT NULL REFERENCES shop (id),
	code text NOT NULL,
	name jsonb NOT NULL CHECK (name ? 'zh-CN'),
	points jsonb NOT NULL CHECK (jsonb_typeof(points) = 'array' AND jsonb_array_length(points) >= 3),
	fee bigint NOT NULL CHECK (fee >= 0),
	min_order bigint NOT NULL CHECK (min_order >= 0),
	stroke_width smallint NOT NULL DEFAULT 2,
	stroke_color text NOT NULL DEFAULT '#d4a900',
	fill_color text NOT NULL DEFAULT '#fae35840',
	dash_array text NOT NULL DEFAULT '',
	z_index smallint NOT NULL DEFAULT 1,
	sort smallint NOT NULL DEFAULT 0,
	enabled boolean NOT NULL DEFAULT true,
	UNIQUE (shop_id, code)
);

ALTER TABLE menu_item
	ADD COLUMN order_types text[] NOT NULL DEFAULT ARRAY['takein', 'takeout', 'desk']
		CHECK (order_types <@ ARRAY['takein', 'takeout', 'desk'] AND cardinality(order_types) > 0),
	ADD COLUMN enabled boolean NOT NULL DEFAULT true;

ALTER TABLE menu_option
	ADD COLUMN stock integer CHECK (stock >= 0),
	ADD COLUMN sold_out boolean NOT NULL DEFAULT false;

-- qr_version is part of the signed token: bumping it voids every printed code of the table.
CREATE TABLE dining_table (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	shop_id bigint NOT NULL REFERENCES shop (id),
	number text NOT NULL,
	seats smallint NOT NULL CHECK (seats > 0),
	area jsonb,
	qr_version integer NOT NULL DEFAULT 1,
	enabled boolean NOT NULL DEFAULT true,
	sort smallint NOT NULL DEFAULT 0,
	UNIQUE (shop_id, number)
);

CREATE TABLE member_address (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	member_id bigint NOT NULL REFERENCES member (id),
	recipient text NOT NULL,
	phone text NOT NULL,
	address text NOT NULL,
	house_number text NOT NULL DEFAULT '',
	latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
	longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
	is_default boolean NOT NULL DEFAULT false,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_address_member_idx ON member_address (member_id);
-- At most one default address per member, even when two requests race.
CREATE UNIQUE INDEX member_address_one_default ON member_address (member_id) WHERE is_default;
