import type { Queryable } from "./database";

/** A row of `linkifiers`. */
export interface LinkifierRow {
  id: number;
  pattern: string;
  url_template: string;
  order: number;
}

/** Linkifiers in the order they apply: `order`, then creation. */
export async function listLinkifiers(db: Queryable): Promise<LinkifierRow[]> {
  return db.query<LinkifierRow>(
    `SELECT id, pattern, url_template, "order" FROM linkifiers ORDER BY "order", id`,
  );
}

export async function findLinkifierByPattern(
  db: Queryable,
  pattern: string,
): Promise<LinkifierRow | undefined> {
  const rows = await db.query<LinkifierRow>(
    `SELECT id, pattern, url_template, "order" FROM linkifiers WHERE pattern = $1`,
    [pattern],
  );
  return rows[0];
}

/** Appends a linkifier after every existing one. */
export async function insertLinkifier(
  db: Queryable,
  pattern: string,
  urlTemplate: string,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO linkifiers (pattern, url_template, "order")
     VALUES ($1, $2, (SELECT COALESCE(MAX("order") + 1, 0) FROM linkifiers)) RETURNING id`,
    [pattern, urlTemplate],
  );
  if (!row) throw new Error("INSERT … RETURNING gave no row");
  return row.id;
}

/** Sets a linkifier's pattern and template; false when there was none with that id. */
export async function updateLinkifierRow(
  db: Queryable,
  id: number,
  pattern: string,
  urlTemplate: string,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    "UPDATE linkifiers SET pattern = $2, url_template = $3 WHERE id = $1 RETURNING id",
    [id, pattern, urlTemplate],
  );
  return rows.length > 0;
}

/** Gives each linkifier its position in `orderedIds` as its "order" (ids not listed keep theirs). */
export async function reorderLinkifierRows(
  db: Queryable,
  orderedIds: readonly number[],
): Promise<void> {
  await db.query(
    `UPDATE linkifiers SET "order" = position.ordinality - 1
       FROM unnest($1::int[]) WITH ORDINALITY AS position (id, ordinality)
      WHERE linkifiers.id = position.id`,
    [orderedIds],
  );
}

/** Deletes a linkifier; false when there was none with that id. */
export async function deleteLinkifier(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>("DELETE FROM linkifiers WHERE id = $1 RETURNING id", [
    id,
  ]);
  return rows.length > 0;
}

/** A row of `realm_emoji` with its author's public fields. */
export interface EmojiRow {
  id: number;
  name: string;
  file_name: string;
  deactivated: boolean;
  author_id: number | null;
  author_email: string | null;
  author_full_name: string | null;
}

const EMOJI_SELECT = `SELECT e.id, e.name, e.file_name, e.deactivated, e.author_id,
       u.email AS author_email, u.full_name AS author_full_name
  FROM realm_emoji e LEFT JOIN users u ON u.id = e.author_id`;

/** Every custom emoji, deactivated ones included (old messages still show them). */
export async function listEmoji(db: Queryable): Promise<EmojiRow[]> {
  return db.query<EmojiRow>(`${EMOJI_SELECT} ORDER BY e.id`);
}

export async function findActiveEmojiByName(
  db: Queryable,
  name: string,
): Promise<EmojiRow | undefined> {
  const rows = await db.query<EmojiRow>(`${EMOJI_SELECT} WHERE e.name = $1 AND NOT e.deactivated`, [
    name,
  ]);
  return rows[0];
}

/** Inserts an emoji whose file name is derived from its new id: `<id>.<extension>`. */
export async function insertEmoji(
  db: Queryable,
  name: string,
  extension: string,
  authorId: number | null,
): Promise<{ id: number; fileName: string }> {
  const [row] = await db.query<{ id: number; file_name: string }>(
    `INSERT INTO realm_emoji (name, file_name, author_id)
     VALUES ($1, '', $2) RETURNING id, file_name`,
    [name, authorId],
  );
  if (!row) throw new Error("INSERT … RETURNING gave no row");
  const fileName = `${row.id}.${extension}`;
  await db.query("UPDATE realm_emoji SET file_name = $2 WHERE id = $1", [row.id, fileName]);
  return { id: row.id, fileName };
}

export async function deactivateEmoji(db: Queryable, id: number): Promise<void> {
  await db.query("UPDATE realm_emoji SET deactivated = true WHERE id = $1", [id]);
}
