-- Uploaded files (Zulip's Attachment): who uploaded what, where it is stored (`path_id`, the
-- part of the URL after /user_uploads/), and the type sniffed from its first bytes.
CREATE TABLE attachments (
  id serial PRIMARY KEY,
  owner_id integer NOT NULL REFERENCES users (id),
  realm_id integer NOT NULL DEFAULT 1,
  path_id text NOT NULL UNIQUE,
  -- The name as uploaded (served in Content-Disposition); path_id holds the sanitised one.
  file_name text NOT NULL,
  size bigint NOT NULL CHECK (size > 0),
  content_type text NOT NULL,
  -- Milliseconds since the epoch.
  create_time bigint NOT NULL
);
CREATE INDEX attachments_owner_idx ON attachments (owner_id, id);

-- The messages that link an upload (Zulip's do_claim_attachments); a deleted message's links go
-- with it, and so do a deleted upload's.
CREATE TABLE attachment_messages (
  attachment_id integer NOT NULL REFERENCES attachments (id) ON DELETE CASCADE,
  message_id integer NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  PRIMARY KEY (attachment_id, message_id)
);
CREATE INDEX attachment_messages_message_idx ON attachment_messages (message_id);
