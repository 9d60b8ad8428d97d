-- More of each person's own settings (Zulip's `UserBaseSettings`), one column each, named as in
-- Zulip's API, with Zulip's default, except `enter_sends`: Parley's compose has always sent on
-- Enter, so everyone keeps that (Zulip's default is Ctrl+Enter; the setting changes it).
ALTER TABLE users
  ADD COLUMN twenty_four_hour_time boolean NOT NULL DEFAULT false,
  ADD COLUMN enter_sends boolean NOT NULL DEFAULT true,
  ADD COLUMN color_scheme smallint NOT NULL DEFAULT 1,
  ADD COLUMN web_home_view text NOT NULL DEFAULT 'inbox',
  ADD COLUMN web_font_size_px smallint NOT NULL DEFAULT 16,
  ADD COLUMN web_line_height_percent smallint NOT NULL DEFAULT 140,
  ADD COLUMN enable_stream_desktop_notifications boolean NOT NULL DEFAULT false,
  ADD COLUMN enable_stream_audible_notifications boolean NOT NULL DEFAULT false,
  ADD COLUMN enable_followed_topic_desktop_notifications boolean NOT NULL DEFAULT true,
  ADD COLUMN enable_followed_topic_audible_notifications boolean NOT NULL DEFAULT true,
  ADD COLUMN enable_desktop_notifications boolean NOT NULL DEFAULT true,
  ADD COLUMN enable_sounds boolean NOT NULL DEFAULT true;
