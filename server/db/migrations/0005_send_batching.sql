-- Sending in batches (server/actions/send-batch.ts), and deduplication by `local_id`.

-- 1. `user_messages` gets one row per receiver of every message: 50 rows for a message to a
-- stream of 50. Its two foreign keys were checked row by row (one `SELECT … FOR KEY SHARE` per
-- row and key: 100 lookups per message), which was over half the cost of a send on PGlite.
-- The same guarantees, checked once per statement instead: every inserted row's message and
-- user exist and are locked `FOR KEY SHARE` (so a concurrent delete waits, exactly as for a
-- foreign key), deleting a message deletes its rows (the old `ON DELETE CASCADE`), and a user
-- with rows cannot be deleted. `user_id` and `message_id` are never updated (flags are), so
-- updates need no check.
ALTER TABLE user_messages DROP CONSTRAINT user_messages_user_id_fkey;
ALTER TABLE user_messages DROP CONSTRAINT user_messages_message_id_fkey;

CREATE FUNCTION user_messages_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  message_ids integer[];
  user_ids integer[];
  found bigint;
BEGIN
  SELECT array_agg(DISTINCT message_id), array_agg(DISTINCT user_id)
    INTO message_ids, user_ids FROM new_rows;
  PERFORM 1 FROM messages WHERE id = ANY (message_ids) FOR KEY SHARE;
  GET DIAGNOSTICS found = ROW_COUNT;
  IF found <> cardinality(message_ids) THEN
    RAISE EXCEPTION 'insert into user_messages references a message that does not exist'
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  PERFORM 1 FROM users WHERE id = ANY (user_ids) FOR KEY SHARE;
  GET DIAGNOSTICS found = ROW_COUNT;
  IF found <> cardinality(user_ids) THEN
    RAISE EXCEPTION 'insert into user_messages references a user that does not exist'
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER user_messages_references AFTER INSERT ON user_messages
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_messages_check_references();

CREATE FUNCTION messages_delete_user_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_messages WHERE message_id IN (SELECT id FROM old_rows);
  DELETE FROM message_local_ids WHERE message_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END $$;

CREATE TRIGGER messages_cascade_user_messages AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION messages_delete_user_messages();

CREATE FUNCTION users_check_no_user_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM user_messages um WHERE um.user_id IN (SELECT id FROM old_rows)) THEN
    RAISE EXCEPTION 'a user with messages cannot be deleted'
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER users_restrict_user_messages AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_check_no_user_messages();

-- 2. A send with a `local_id` (Parley's extension: a client's retry after an uncertain timeout
-- must not post twice). `local_key` digests the local_id with the request (target and
-- content), so two different messages that happen to share a local_id (Zulip's clients number
-- theirs per session) are never merged. Rows older than the 10-minute window are pruned.
CREATE TABLE message_local_ids (
  sender_id integer NOT NULL,
  local_key text NOT NULL,
  -- Written in the statement that inserts the message (no foreign key: its per-row check
  -- cost as much as the rest of the row); deleted with the message by the trigger above.
  message_id integer NOT NULL,
  -- When the send was accepted, in seconds (server clock; not the message's date_sent).
  sent_at bigint NOT NULL,
  PRIMARY KEY (sender_id, local_key)
);
CREATE INDEX message_local_ids_sent_at_idx ON message_local_ids (sent_at);
CREATE INDEX message_local_ids_message_idx ON message_local_ids (message_id);
