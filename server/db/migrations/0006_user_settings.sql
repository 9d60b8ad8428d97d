-- Each person's own settings (Zulip's `UserProfile.property_types`: PATCH /settings, the
-- `user_settings` object of POST /register). One column per setting, named as in Zulip's API,
-- with Zulip's default, so every existing person has it at once; a setting added later is a
-- column added by a later migration (server/db/user-settings.ts lists the stored ones).
ALTER TABLE users ADD COLUMN translate_emoticons boolean NOT NULL DEFAULT false;
