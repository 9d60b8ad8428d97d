-- Moves between streams: an edit may change a message's stream (Zulip's edit history
-- `prev_stream` and `stream`), alone or with its topic.
ALTER TABLE message_edits ADD COLUMN prev_stream integer;
ALTER TABLE message_edits ADD COLUMN stream integer;
ALTER TABLE message_edits ADD CONSTRAINT message_edits_stream_pair
  CHECK ((prev_stream IS NULL) = (stream IS NULL));
-- "content or topic" becomes "content, topic or stream": find the old check by what it says.
DO $$
DECLARE
  old_check text;
BEGIN
  SELECT conname INTO old_check FROM pg_constraint
   WHERE conrelid = 'message_edits'::regclass AND contype = 'c'
     AND pg_get_constraintdef(oid) LIKE '%content IS NOT NULL) OR (topic IS NOT NULL%';
  IF old_check IS NOT NULL THEN
    EXECUTE format('ALTER TABLE message_edits DROP CONSTRAINT %I', old_check);
  END IF;
END $$;
ALTER TABLE message_edits ADD CONSTRAINT message_edits_changes_something
  CHECK (content IS NOT NULL OR topic IS NOT NULL OR stream IS NOT NULL);
