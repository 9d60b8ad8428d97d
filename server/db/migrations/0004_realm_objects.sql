-- Organisation-wide objects: linkifiers, custom emoji, user groups, presence.

-- Linkifiers, applied in "order" (then id). Patterns are unique per realm, as in Zulip.
CREATE TABLE linkifiers (
  id serial PRIMARY KEY,
  pattern text NOT NULL UNIQUE,
  url_template text NOT NULL,
  "order" integer NOT NULL DEFAULT 0
);

-- Custom emoji. The image lives in DATA_DIR/emoji/<file_name>; a deleted emoji is only
-- deactivated (old messages keep rendering it). One active emoji per name.
CREATE TABLE realm_emoji (
  id serial PRIMARY KEY,
  name text NOT NULL,
  file_name text NOT NULL,
  author_id integer REFERENCES users (id),
  deactivated boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX realm_emoji_active_name_key ON realm_emoji (name) WHERE NOT deactivated;

-- User groups. System groups (`role:*`) have their members computed from user roles; custom
-- groups keep their members in user_group_members.
CREATE TABLE user_groups (
  id serial PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  is_system_group boolean NOT NULL DEFAULT false,
  can_mention_group integer REFERENCES user_groups (id)
);
CREATE UNIQUE INDEX user_groups_name_key ON user_groups (lower(name));

CREATE TABLE user_group_members (
  group_id integer NOT NULL REFERENCES user_groups (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id),
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX user_group_members_user_idx ON user_group_members (user_id);

CREATE TABLE user_group_subgroups (
  supergroup_id integer NOT NULL REFERENCES user_groups (id) ON DELETE CASCADE,
  subgroup_id integer NOT NULL REFERENCES user_groups (id) ON DELETE CASCADE,
  PRIMARY KEY (supergroup_id, subgroup_id)
);

-- Zulip's system groups, each containing the next one down the role ladder.
INSERT INTO user_groups (name, description, is_system_group) VALUES
  ('role:internet', 'Everyone on the Internet', true),
  ('role:everyone', 'Everyone in this organization, including guests', true),
  ('role:members', 'Members of this organization, not including guests', true),
  ('role:fullmembers', 'Members of this organization, not including new accounts and guests', true),
  ('role:moderators', 'Moderators of this organization, including administrators', true),
  ('role:administrators', 'Administrators of this organization, including owners', true),
  ('role:owners', 'Owners of this organization', true),
  ('role:nobody', 'Nobody', true);
INSERT INTO user_group_subgroups (supergroup_id, subgroup_id)
SELECT sup.id, sub.id
  FROM (VALUES ('role:internet', 'role:everyone'),
               ('role:everyone', 'role:members'),
               ('role:members', 'role:fullmembers'),
               ('role:fullmembers', 'role:moderators'),
               ('role:moderators', 'role:administrators'),
               ('role:administrators', 'role:owners')) AS pair (sup_name, sub_name)
  JOIN user_groups sup ON sup.name = pair.sup_name
  JOIN user_groups sub ON sub.name = pair.sub_name;
UPDATE user_groups SET can_mention_group = (SELECT id FROM user_groups WHERE name = 'role:nobody')
 WHERE is_system_group;

-- Presence: one row per user and client. `status` 1 active, 2 idle (Zulip's values);
-- `active_timestamp` remembers the last active report after the client turned idle.
CREATE TABLE presence (
  user_id integer NOT NULL REFERENCES users (id),
  client text NOT NULL,
  status smallint NOT NULL CHECK (status IN (1, 2)),
  "timestamp" bigint NOT NULL,
  active_timestamp bigint,
  PRIMARY KEY (user_id, client)
);
