/** PostgreSQL `integer` columns hold ids up to 2^31 - 1. */
const MAX_DB_ID = 2_147_483_647;

/**
 * Whether `id` can name a row of a serial column. Anything else names no row, and passing it
 * to SQL would fail as an out-of-range parameter (a 500) instead of "not found".
 */
export function isDbId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_DB_ID;
}
