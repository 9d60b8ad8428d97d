-- Emoji reactions, as Zulip stores them: one row per (message, user, emoji). `emoji_code` is the
-- Unicode code point sequence (`1f44d`), the realm emoji's id, or `zulip` for the extra emoji.
CREATE TABLE reactions (
  id serial PRIMARY KEY,
  message_id integer NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id),
  emoji_name text NOT NULL,
  emoji_code text NOT NULL,
  reaction_type text NOT NULL
    CHECK (reaction_type IN ('unicode_emoji', 'realm_emoji', 'zulip_extra_emoji')),
  UNIQUE (message_id, user_id, reaction_type, emoji_code)
);
