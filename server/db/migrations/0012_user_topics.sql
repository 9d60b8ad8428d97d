-- A user's own settings for a topic (Zulip's UserTopic): its visibility policy, 1 muted,
-- 2 unmuted (in a muted stream), 3 followed; "inherit" (0) is no row. A topic is one whatever
-- its case, as Zulip compares topic names.
CREATE TABLE user_topics (
  user_id integer NOT NULL REFERENCES users (id),
  stream_id integer NOT NULL REFERENCES streams (id),
  topic_name text NOT NULL,
  visibility_policy smallint NOT NULL CHECK (visibility_policy BETWEEN 1 AND 3),
  -- Seconds since the epoch.
  last_updated bigint NOT NULL
);
CREATE UNIQUE INDEX user_topics_topic_key ON user_topics (user_id, stream_id, lower(topic_name));

-- A subscription's notification settings (Zulip's Subscription): null inherits the user's
-- defaults.
ALTER TABLE subscriptions
  ADD COLUMN desktop_notifications boolean,
  ADD COLUMN audible_notifications boolean,
  ADD COLUMN push_notifications boolean,
  ADD COLUMN email_notifications boolean,
  ADD COLUMN wildcard_mentions_notify boolean;
