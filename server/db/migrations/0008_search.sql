-- Full-text search as Zulip's PostgreSQL backend does it (zerver/lib/narrow.py
-- `_by_search_tsearch`, zerver migration 0001's `zulip.english_us_search` and `search_tsvector`).
--
-- Zulip's configuration is English with a hunspell en_us dictionary in front of the snowball
-- stemmer; hunspell's files ship with neither PostgreSQL nor PGlite, so ours is English's snowball
-- stemmer with its stop words alone ("running" finds "run", "the" finds nothing), the same on both.
CREATE TEXT SEARCH CONFIGURATION english_us_search (COPY = pg_catalog.english);

-- Zulip's `escape_html`, so that a topic is highlighted in the escaped form it is shown in.
CREATE FUNCTION escape_html(text) RETURNS text IMMUTABLE STRICT LANGUAGE sql AS $$
  SELECT replace(replace(replace(replace(replace($1, '&', '&amp;'), '<', '&lt;'),
                                 '>', '&gt;'), '"', '&quot;'), '''', '&#39;');
$$;

-- Zulip keeps the vector of topic and rendered content in a column a trigger refreshes; a stored
-- generated column is that without the trigger: every insert, edit and topic move recomputes it,
-- and adding it fills the existing rows. The parser sees HTML tags and entities as tokens of their
-- own that the configuration does not index, so only the text a reader sees is searchable.
ALTER TABLE messages ADD COLUMN search_tsvector tsvector
  GENERATED ALWAYS AS (to_tsvector('english_us_search', subject || ' ' || rendered_content)) STORED;

-- As Zulip: without fastupdate a message is searchable as soon as its insert commits, and a search
-- never scans a long list of pending entries.
CREATE INDEX messages_search_tsvector_idx ON messages USING gin (search_tsvector)
  WITH (fastupdate = off);
