-- Tenants, languages, members, sign-in (SMS codes, sessions, Telegram), content, uploads.
-- Money and points are integers (money in minor units). Every tenant-owned row carries
-- tenant_id so that queries can always scope by it.

CREATE TABLE tenant (
	id bigint PRIMARY KEY,
	name text NOT NULL,
	shop_key text NOT NULL UNIQUE,
	currency_code text NOT NULL,
	currency_symbol text NOT NULL,
	currency_decimals smallint NOT NULL CHECK (currency_decimals BETWEEN 0 AND 4),
	-- Display rate applied to amounts (spec §9); 1 when prices are kept in the shown currency.
	currency_rate numeric(14, 6) NOT NULL DEFAULT 1 CHECK (currency_rate > 0),
	currency_symbol_position text NOT NULL DEFAULT 'before' CHECK (currency_symbol_position IN ('before', 'after')),
	created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE language (
	code text PRIMARY KEY,
	name text NOT NULL,
	sort smallint NOT NULL DEFAULT 0,
	enabled boolean NOT NULL DEFAULT true
);

CREATE TABLE member (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	mobile text NOT NULL,
	nickname text NOT NULL,
	avatar text,
	gender smallint NOT NULL DEFAULT 0 CHECK (gender IN (0, 1, 2)),
	birthday date,
	balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
	points bigint NOT NULL DEFAULT 0 CHECK (points >= 0),
	status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
	last_login_at timestamptz,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	UNIQUE (tenant_id, mobile)
);

-- One row per code sent. Only an HMAC of the code is kept (a plain hash of 10^6 codes is
-- trivially reversed). A code is dead once consumed, superseded, expired or out of tries.
CREATE TABLE sms_code (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	mobile text NOT NULL,
	scene smallint NOT NULL,
	code_hmac text NOT NULL,
	ip text NOT NULL,
	attempts smallint NOT NULL DEFAULT 0,
	created_at timestamptz NOT NULL,
	expires_at timestamptz NOT NULL,
	consumed_at timestamptz,
	superseded_at timestamptz
);
CREATE INDEX sms_code_mobile_idx ON sms_code (tenant_id, mobile, created_at DESC);
CREATE INDEX sms_code_ip_idx ON sms_code (ip, created_at DESC);

-- Opaque tokens, stored as SHA-256. A login starts a family; each refresh adds a row to it
-- and marks the previous one rotated. Presenting a rotated refresh token revokes the family.
CREATE TABLE auth_session (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	family_id uuid NOT NULL,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	member_id bigint NOT NULL REFERENCES member (id),
	access_hash text NOT NULL UNIQUE,
	access_expires_at timestamptz NOT NULL,
	refresh_hash text NOT NULL UNIQUE,
	refresh_expires_at timestamptz NOT NULL,
	rotated_at timestamptz,
	revoked_at timestamptz,
	created_at timestamptz NOT NULL,
	login_method text NOT NULL CHECK (login_method IN ('sms', 'telegram'))
);
CREATE INDEX auth_session_family_idx ON auth_session (family_id);
CREATE INDEX auth_session_member_idx ON auth_session (member_id);

-- A Telegram user seen through verified initData; linked to at most one member per tenant.
CREATE TABLE telegram_identity (
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	telegram_user_id bigint NOT NULL,
	member_id bigint REFERENCES member (id),
	username text,
	first_name text,
	last_name text,
	language_code text,
	photo_url text,
	allows_write_to_pm boolean,
	platform text,
	client_version text,
	last_auth_date timestamptz NOT NULL,
	linked_at timestamptz,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (tenant_id, telegram_user_id)
);
CREATE UNIQUE INDEX telegram_identity_member_idx ON telegram_identity (tenant_id, member_id) WHERE member_id IS NOT NULL;

-- "My services" entries and their content pages (about us, agreements, policies).
CREATE TABLE service_page (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	slug text NOT NULL,
	icon text NOT NULL,
	name jsonb NOT NULL,
	content jsonb NOT NULL,
	sort smallint NOT NULL DEFAULT 0,
	enabled boolean NOT NULL DEFAULT true,
	updated_at timestamptz NOT NULL DEFAULT now(),
	UNIQUE (tenant_id, slug)
);

CREATE TABLE news (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	slug text NOT NULL,
	title jsonb NOT NULL,
	summary jsonb NOT NULL,
	content jsonb NOT NULL,
	published_at timestamptz NOT NULL,
	enabled boolean NOT NULL DEFAULT true,
	UNIQUE (tenant_id, slug)
);
CREATE INDEX news_published_idx ON news (tenant_id, published_at DESC);

CREATE TABLE uploaded_file (
	id uuid PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	member_id bigint NOT NULL REFERENCES member (id),
	path text NOT NULL UNIQUE,
	mime_type text NOT NULL,
	size_bytes integer NOT NULL,
	width integer NOT NULL,
	height integer NOT NULL,
	created_at timestamptz NOT NULL DEFAULT now()
);
