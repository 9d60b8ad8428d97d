-- The organisation (one per server) and its settings.
CREATE TABLE realm (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  name text NOT NULL,
  string_id text NOT NULL,
  description text NOT NULL DEFAULT '',
  date_created bigint NOT NULL
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL,
  full_name text NOT NULL,
  -- Zulip roles: 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest.
  role smallint NOT NULL DEFAULT 400 CHECK (role IN (100, 200, 300, 400, 600)),
  is_bot boolean NOT NULL DEFAULT false,
  -- Zulip bot types: 1 generic, 2 incoming webhook, 3 outgoing webhook, 4 embedded.
  bot_type smallint,
  bot_owner_id integer REFERENCES users (id),
  is_active boolean NOT NULL DEFAULT true,
  api_key text NOT NULL UNIQUE,
  password_hash text,
  timezone text NOT NULL DEFAULT '',
  date_joined bigint NOT NULL
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- Who a message goes to, as in Zulip: 1 a user (direct message), 2 a stream, 3 a direct-message group.
CREATE TABLE recipients (
  id serial PRIMARY KEY,
  type smallint NOT NULL CHECK (type IN (1, 2, 3)),
  type_id integer NOT NULL,
  UNIQUE (type, type_id)
);

CREATE TABLE streams (
  id serial PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  invite_only boolean NOT NULL DEFAULT false,
  history_public_to_subscribers boolean NOT NULL DEFAULT true,
  date_created bigint NOT NULL,
  first_message_id integer
);
CREATE UNIQUE INDEX streams_name_key ON streams (lower(name));

CREATE TABLE subscriptions (
  user_id integer NOT NULL REFERENCES users (id),
  stream_id integer NOT NULL REFERENCES streams (id),
  active boolean NOT NULL DEFAULT true,
  color text NOT NULL,
  is_muted boolean NOT NULL DEFAULT false,
  pin_to_top boolean NOT NULL DEFAULT false,
  PRIMARY KEY (user_id, stream_id)
);
CREATE INDEX subscriptions_stream_idx ON subscriptions (stream_id) WHERE active;

CREATE TABLE direct_message_groups (
  id serial PRIMARY KEY,
  -- Sorted, comma-separated ids of every participant, the sender included.
  user_ids_string text NOT NULL UNIQUE
);

CREATE TABLE messages (
  id serial PRIMARY KEY,
  sender_id integer NOT NULL REFERENCES users (id),
  recipient_id integer NOT NULL REFERENCES recipients (id),
  stream_id integer REFERENCES streams (id),
  subject text NOT NULL DEFAULT '',
  content text NOT NULL,
  rendered_content text NOT NULL,
  date_sent bigint NOT NULL,
  sending_client text NOT NULL,
  last_edit_time bigint
);
CREATE INDEX messages_stream_topic_idx ON messages (stream_id, lower(subject), id);
CREATE INDEX messages_recipient_idx ON messages (recipient_id, id);
CREATE INDEX messages_sender_idx ON messages (sender_id, id);

-- One row per user who received a message; flags is Zulip's bit set (see server/db/flags.ts).
CREATE TABLE user_messages (
  user_id integer NOT NULL REFERENCES users (id),
  message_id integer NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  flags integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, message_id)
);
CREATE INDEX user_messages_unread_idx ON user_messages (user_id, message_id) WHERE (flags & 1) = 0;
CREATE INDEX user_messages_message_idx ON user_messages (message_id);
