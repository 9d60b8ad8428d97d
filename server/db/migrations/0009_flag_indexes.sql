-- Zulip's partial indexes on the per-user message flags (zerver/models/messages.py,
-- `AbstractUserMessage.Meta.indexes`; first added in Zulip's migrations 0082, 0095, 0098, 0099
-- and 0177). A narrow on a flag (`is:starred`, `is:mentioned`, `is:dm`, `is:unread`) reads the
-- user's rows with that flag newest first from its own small index instead of walking every row
-- the user has; `recent_private_conversations` reads the newest direct messages the same way.
-- The query must spell the predicate as the index does (`flags & N <> 0`) for the planner to
-- use it. The unread one (`(flags & 1) = 0`) exists since 0001.

-- 1. Zulip's `is_private` flag (bit 11, 2048): a denormalisation of "the message is a direct
-- message" onto the row, so that direct messages get an index of their own. Bookkeeping only:
-- never on the wire (server/db/flags.ts). Set at insert from now on; backfilled here.
UPDATE user_messages um
   SET flags = um.flags | 2048
  FROM messages m
 WHERE m.id = um.message_id AND m.stream_id IS NULL AND um.flags & 2048 = 0;

-- 2. The indexes, with Zulip's predicates (`zerver_usermessage_starred_message_id`,
-- `zerver_usermessage_any_mentioned_message_id` over this server's two mention bits,
-- `zerver_usermessage_has_alert_word_message_id`, `zerver_usermessage_is_private_message_id`).
CREATE INDEX user_messages_starred_idx ON user_messages (user_id, message_id)
  WHERE (flags & 2) <> 0;
CREATE INDEX user_messages_any_mentioned_idx ON user_messages (user_id, message_id)
  WHERE (flags & 24) <> 0;
CREATE INDEX user_messages_has_alert_word_idx ON user_messages (user_id, message_id)
  WHERE (flags & 512) <> 0;
CREATE INDEX user_messages_is_private_idx ON user_messages (user_id, message_id)
  WHERE (flags & 2048) <> 0;

-- 3. Statistics on the flag bits. Without them the planner takes `flags & 2 <> 0` to hold for
-- nearly every row (`<>` against one of an unknown number of values), so it expects a user's
-- starred rows to be all their rows, and merges them with `messages` walked newest first to the
-- oldest starred message: at 100,000 messages, 60,000 rows read for 100 starred ones. With the
-- bits' statistics (taken at the next `ANALYZE`) it reads the partial index and fetches each
-- message by id.
CREATE STATISTICS user_messages_flag_bits
  ON (flags & 1), (flags & 2), (flags & 24), (flags & 512), (flags & 2048)
  FROM user_messages;

-- 4. Statistics on a stream's topics: the planner otherwise multiplies the selectivities of
-- `stream_id = S` and `lower(subject) = T` as if independent, expects a handful of rows, fetches
-- the whole topic and sorts it; with them it reads the topic's newest messages from
-- (stream_id, lower(subject), id) and stops at the limit (a 655-message topic at 100,000
-- messages: 21.8 ms before, 0.6 ms after, PostgreSQL 15).
CREATE STATISTICS messages_stream_topic ON stream_id, lower(subject) FROM messages;

-- 5. Zulip's `zerver_message_realm_sender_recipient` (with the id, for the order): a sender's
-- messages to one recipient, newest first. A stream narrow with a sender (and a one-to-one
-- conversation, a pair of sender and recipient each way) otherwise walks the stream or the
-- sender newest first until it finds them: a rare sender in a busy stream read the whole
-- history (1,000,000 messages: 609 ms before, 2.8 ms after, PostgreSQL 15).
CREATE INDEX messages_sender_recipient_idx ON messages (sender_id, recipient_id, id);
