/** Which way a linkifier moves in the order they apply. */
export type Direction = "up" | "down";

/**
 * Every linkifier's id with `id` swapped with its neighbour above or below: the list
 * `PATCH realm/linkifiers` takes. Null when it cannot move that way (first, last, or unknown).
 */
export function movedIds(
  linkifiers: readonly { id: number }[],
  id: number,
  direction: Direction,
): number[] | null {
  const ids = linkifiers.map((linkifier) => linkifier.id);
  const from = ids.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from === -1 || to < 0 || to >= ids.length) return null;
  [ids[from], ids[to]] = [ids[to] ?? id, id];
  return ids;
}

/** True when `linkifiers` are in exactly the order of `ids`. */
export function isInOrder(linkifiers: readonly { id: number }[], ids: readonly number[]): boolean {
  return linkifiers.length === ids.length && linkifiers.every((l, index) => l.id === ids[index]);
}
