/**
 * An ascending, duplicate-free list of message ids that appends in place and copies only for
 * other changes, with cheap immutable snapshots.
 *
 * Why: a narrow may hold 100,000 ids and new messages arrive one by one; copying the list per
 * message would cost O(n) each. The buffer is only ever pushed to; any other change (insert in
 * the middle, removal, replacement) swaps in a new buffer. So a snapshot taken earlier (buffer,
 * length) keeps reading exactly the ids it saw, and copies them out only if someone reads them.
 */
export class IdList {
  private buffer: number[];

  constructor(sortedIds: number[] = []) {
    this.buffer = sortedIds;
  }

  get length(): number {
    return this.buffer.length;
  }

  get first(): number | undefined {
    return this.buffer[0];
  }

  get last(): number | undefined {
    return this.buffer[this.buffer.length - 1];
  }

  /** Whether `id` is in the list (binary search). */
  has(id: number): boolean {
    const index = lowerBound(this.buffer, id);
    return this.buffer[index] === id;
  }

  /**
   * The ids as they are now, read lazily: the returned function gives the same array on every
   * call, unaffected by later changes to the list.
   */
  snapshot(): () => readonly number[] {
    const buffer = this.buffer;
    const length = buffer.length;
    let ids: readonly number[] | undefined;
    return () => (ids ??= buffer.slice(0, length));
  }

  /** Adds ids (ascending or not, duplicates allowed); returns whether the list changed. */
  add(ids: readonly number[]): boolean {
    if (ids.length === 0) return false;
    const sorted = isAscending(ids) ? ids : [...ids].sort((a, b) => a - b);
    const last = this.last;
    const firstNew = sorted[0];
    if (firstNew !== undefined && (last === undefined || firstNew > last)) {
      // The common case (new messages): append in place, skipping duplicates within `ids`.
      for (const id of sorted) if (id !== this.buffer[this.buffer.length - 1]) this.buffer.push(id);
      return true;
    }
    const merged = mergeSortedIds(this.buffer, sorted);
    if (merged.length === this.buffer.length) return false;
    this.buffer = merged;
    return true;
  }

  /** Removes the given ids; returns whether the list changed. */
  remove(ids: ReadonlySet<number>): boolean {
    if (ids.size === 0) return false;
    const kept = this.buffer.filter((id) => !ids.has(id));
    if (kept.length === this.buffer.length) return false;
    this.buffer = kept;
    return true;
  }

  /** The ids inside the closed range [low, high] (binary search, then one copy). */
  between(low: number, high: number): number[] {
    return this.buffer.slice(lowerBound(this.buffer, low), upperBound(this.buffer, high));
  }

  /** The ids outside the closed range [low, high]. */
  outside(low: number, high: number): number[] {
    return this.buffer.filter((id) => id < low || id > high);
  }

  /** Replaces the whole list with ascending, duplicate-free ids. */
  replace(sortedIds: number[]): void {
    this.buffer = sortedIds;
  }

  /** Calls `visit` for each id, ascending (no copy). */
  forEach(visit: (id: number) => void): void {
    for (const id of this.buffer) visit(id);
  }
}

/** The first index whose id is ≥ `id`. */
function lowerBound(ids: readonly number[], id: number): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((ids[middle] ?? Infinity) < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first index whose id is > `id`. */
function upperBound(ids: readonly number[], id: number): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((ids[middle] ?? Infinity) <= id) low = middle + 1;
    else high = middle;
  }
  return low;
}

function isAscending(ids: readonly number[]): boolean {
  for (let i = 1; i < ids.length; i++) if ((ids[i - 1] ?? 0) > (ids[i] ?? 0)) return false;
  return true;
}

/** Merges two ascending id lists into one ascending list without duplicates. */
export function mergeSortedIds(a: readonly number[], b: readonly number[]): number[] {
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    const next = y === undefined || (x !== undefined && x <= y) ? x : y;
    if (next === undefined) break;
    if (next === x) i++;
    if (next === y) j++;
    if (merged[merged.length - 1] !== next) merged.push(next);
  }
  return merged;
}
