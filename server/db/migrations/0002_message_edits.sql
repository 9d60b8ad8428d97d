-- The edit history of messages: one row per edit of one message (a topic edit that moves several
-- messages writes a row for each). A pair of prev_/new columns is NULL when that edit left the
-- part alone, so Zulip's `message_history` snapshots (topic, content, rendered_content, and the
-- prev_* fields only where they changed) can be rebuilt exactly.
CREATE TABLE message_edits (
  id serial PRIMARY KEY,
  message_id integer NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  -- The editor (Zulip's edit history `user_id`).
  user_id integer NOT NULL REFERENCES users (id),
  edit_time bigint NOT NULL,
  prev_content text,
  content text,
  prev_rendered_content text,
  rendered_content text,
  prev_topic text,
  topic text,
  CHECK ((prev_content IS NULL) = (content IS NULL)),
  CHECK ((prev_rendered_content IS NULL) = (prev_content IS NULL)),
  CHECK ((rendered_content IS NULL) = (content IS NULL)),
  CHECK ((prev_topic IS NULL) = (topic IS NULL)),
  CHECK (content IS NOT NULL OR topic IS NOT NULL)
);
CREATE INDEX message_edits_message_idx ON message_edits (message_id, id);
