-- The Telegram bot (issue 15, decision 024): the chats it writes to, what members want to hear,
-- shops' staff groups, and the outbox of messages it owes.

-- A chat the bot may write to: a member's private chat (its id is their Telegram user id) or a
-- shop's staff group. One bot serves every tenant, so a chat is the bot's, not a tenant's.
CREATE TABLE bot_chat (
	chat_id bigint PRIMARY KEY,
	kind text NOT NULL CHECK (kind IN ('private', 'group')),
	title text,
	-- Telegram answered 403 (the user blocked the bot, the group removed it, the chat is gone)
	-- or the member sent /stop: nothing more is queued or sent to it until the user starts the
	-- bot again or the group adds it back.
	blocked_at timestamptz,
	-- Pacing: the earliest moment the next message may leave for this chat (about one a second
	-- for a private chat, slower for a group, later after a 429's retry_after). Times here and in
	-- bot_message come from the server's clock, like every other due time.
	next_send_at timestamptz NOT NULL DEFAULT '-infinity',
	created_at timestamptz NOT NULL,
	updated_at timestamptz NOT NULL
);

-- What a member wants to hear in their chat, and in which language (the app's language when they
-- last signed in through Telegram or changed these settings). No row: everything, in the language
-- of their Telegram client.
CREATE TABLE member_notice_settings (
	member_id bigint PRIMARY KEY REFERENCES member (id),
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	-- Notice categories (contract NOTICE_CATEGORIES) the member turned off.
	muted text[] NOT NULL DEFAULT '{}',
	language text REFERENCES language (code),
	updated_at timestamptz NOT NULL
);

-- A shop's staff group: it hears new orders, new bookings, bell calls and refund requests.
CREATE TABLE shop_bot_group (
	shop_id bigint PRIMARY KEY REFERENCES shop (id),
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	chat_id bigint NOT NULL REFERENCES bot_chat (chat_id),
	-- The group speaks the language of the owner who linked it.
	language text NOT NULL REFERENCES language (code),
	linked_by_member_id bigint REFERENCES member (id),
	linked_at timestamptz NOT NULL
);
CREATE INDEX shop_bot_group_chat_idx ON shop_bot_group (chat_id);

-- The owner's one-time link for adding the bot to a group: only the token's hash is kept; it
-- works once, for a short while.
CREATE TABLE shop_bot_group_link (
	token_hash text PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	shop_id bigint NOT NULL REFERENCES shop (id),
	member_id bigint NOT NULL REFERENCES member (id),
	language text NOT NULL REFERENCES language (code),
	created_at timestamptz NOT NULL,
	expires_at timestamptz NOT NULL,
	used_at timestamptz
);
CREATE INDEX shop_bot_group_link_shop_idx ON shop_bot_group_link (shop_id);

-- The outbox: every message the bot owes, written in the transaction of the change that causes
-- it and delivered after commit by the workers of any server. The text is made at delivery, in
-- the chat's language then, from `kind` and `subject_id`.
CREATE TABLE bot_message (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tenant_id bigint NOT NULL REFERENCES tenant (id),
	chat_id bigint NOT NULL REFERENCES bot_chat (chat_id),
	-- A private chat's member; null for a group.
	member_id bigint REFERENCES member (id),
	-- The shop the news is about (groups, withdrawal news), when there is one.
	shop_id bigint REFERENCES shop (id),
	kind text NOT NULL,
	-- The order, booking, recharge, withdrawal or bell call the message is about.
	subject_id bigint NOT NULL,
	-- kind:subject:chat (and an occurrence when the same thing can happen twice): an event
	-- makes its message once however many times the code that reports it runs.
	dedupe_key text NOT NULL UNIQUE,
	status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'skipped')),
	attempts integer NOT NULL DEFAULT 0,
	next_attempt_at timestamptz NOT NULL,
	-- A worker that claimed the message owns it until then; past it, another may try again.
	lease_until timestamptz,
	telegram_message_id bigint,
	last_error text,
	created_at timestamptz NOT NULL,
	sent_at timestamptz
);
CREATE INDEX bot_message_open_idx ON bot_message (chat_id, id) WHERE status IN ('pending', 'sending');
CREATE INDEX bot_message_due_idx ON bot_message (next_attempt_at) WHERE status IN ('pending', 'sending');
CREATE INDEX bot_message_subject_idx ON bot_message (kind, subject_id);

-- Telegram's limit on all of the bot's messages (about 30 a second), shared by every server.
CREATE TABLE bot_send_budget (
	id smallint PRIMARY KEY CHECK (id = 1),
	window_start timestamptz NOT NULL,
	sent integer NOT NULL
);
INSERT INTO bot_send_budget (id, window_start, sent) VALUES (1, '-infinity', 0);

-- The guest pressed Confirm on a reminder: the staff see that they are coming.
ALTER TABLE reservation ADD COLUMN guest_confirmed_at timestamptz;
