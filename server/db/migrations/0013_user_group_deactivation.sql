-- Zulip 10's deactivated user groups: kept (and their names taken) but not mentionable, and
-- listed only to clients that ask for them (`include_deactivated_groups`).
ALTER TABLE user_groups ADD COLUMN deactivated boolean NOT NULL DEFAULT false;
