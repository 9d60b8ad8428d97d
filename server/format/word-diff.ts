/**
 * A bounded sequence diff (Myers' O((N+M)·D) algorithm) with a readability cleanup, for the
 * word-level diff of edit history. Past its budget it gives up on alignment and reports the
 * differing middle as one change, so a 10,000-byte message never costs more than a few
 * milliseconds.
 */

/** A run of the two sequences: equal, or a change (old `[oldStart, oldEnd)` became new `[newStart, newEnd)`). */
export interface DiffBlock {
  equal: boolean;
  oldStart: number;
  oldEnd: number;
  newStart: number;
  newEnd: number;
}

/** Edit distance beyond which the middle is reported as one change (bounds the trace's memory). */
const MAX_EDITS = 1000;
/** Steps of the search (diagonals tried plus words compared) before giving up. */
const MAX_WORK = 4_000_000;

function pushBlock(blocks: DiffBlock[], block: DiffBlock): void {
  if (block.oldStart === block.oldEnd && block.newStart === block.newEnd) return;
  const last = blocks[blocks.length - 1];
  if (last?.equal === block.equal) {
    last.oldEnd = block.oldEnd;
    last.newEnd = block.newEnd;
  } else {
    blocks.push({ ...block });
  }
}

/**
 * Myers' greedy search. Returns the matched pairs `[oldIndex, newIndex]` of a shortest edit
 * script in order, or null when the edit distance or the work exceeds the budget.
 */
function myersMatches(a: Int32Array, b: Int32Array): [number, number][] | null {
  const n = a.length;
  const m = b.length;
  const limit = Math.min(MAX_EDITS, n + m);
  const offset = limit + 1;
  const v = new Int32Array(2 * limit + 3);
  // trace[d] holds V before step d for diagonals -d-1..d+1, so backtracking needs O(D²) memory.
  const trace: Int32Array[] = [];
  let work = 0;
  for (let d = 0; d <= limit; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      const left = v[offset + k - 1] ?? 0;
      const up = v[offset + k + 1] ?? 0;
      const start = k === -d || (k !== d && left < up) ? up : left + 1;
      let x = start;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      work += 1 + x - start;
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, n, m);
    }
    if (work > MAX_WORK) return null;
  }
  return null;
}

function backtrack(trace: readonly Int32Array[], n: number, m: number): [number, number][] {
  const matches: [number, number][] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const row = trace[d];
    if (!row) break;
    const at = (k: number): number => row[k + d + 1] ?? 0;
    const k = x - y;
    const previousK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const previousX = at(previousK);
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      x--;
      y--;
      matches.push([x, y]);
    }
    x = previousX;
    y = previousY;
  }
  return matches.reverse();
}

/** Blocks of the middle part from its matched pairs; `base*` shift them back into place. */
function blocksOfMiddle(
  matches: readonly [number, number][] | null,
  n: number,
  m: number,
  oldBase: number,
  newBase: number,
): DiffBlock[] {
  const blocks: DiffBlock[] = [];
  const add = (
    equal: boolean,
    oldStart: number,
    oldEnd: number,
    newStart: number,
    newEnd: number,
  ): void => {
    pushBlock(blocks, {
      equal,
      oldStart: oldBase + oldStart,
      oldEnd: oldBase + oldEnd,
      newStart: newBase + newStart,
      newEnd: newBase + newEnd,
    });
  };
  let i = 0;
  let j = 0;
  for (const [x, y] of matches ?? []) {
    add(false, i, x, j, y);
    add(true, x, x + 1, y, y + 1);
    i = x + 1;
    j = y + 1;
  }
  add(false, i, n, j, m);
  return blocks;
}

function changeSize(block: DiffBlock | undefined): number {
  if (!block || block.equal) return 0;
  return Math.max(block.oldEnd - block.oldStart, block.newEnd - block.newStart);
}

/**
 * Folds short equal runs squeezed between larger changes into the change around them (as
 * diff-match-patch's semantic cleanup), so a rewritten sentence reads as one replacement
 * rather than a scatter of single words matching "the" and "a".
 */
function cleanupSemantic(input: readonly DiffBlock[]): DiffBlock[] {
  let blocks = input.map((block) => ({ ...block }));
  let changed = true;
  while (changed) {
    changed = false;
    for (let index = 1; index + 1 < blocks.length; index++) {
      const equal = blocks[index];
      const before = blocks[index - 1];
      const after = blocks[index + 1];
      if (!equal?.equal || !before || !after) continue;
      const length = equal.oldEnd - equal.oldStart;
      if (length < changeSize(before) && length < changeSize(after)) {
        const merged = { ...before, equal: false, oldEnd: after.oldEnd, newEnd: after.newEnd };
        blocks = [...blocks.slice(0, index - 1), merged, ...blocks.slice(index + 2)];
        changed = true;
        break;
      }
    }
  }
  return blocks;
}

/** How many items `a` and `b` share at their start, and then at their end (not overlapping). */
export function commonEnds<T>(
  a: ArrayLike<T>,
  b: ArrayLike<T>,
): { prefix: number; suffix: number } {
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  ) {
    suffix++;
  }
  return { prefix, suffix };
}

/** The diff of two sequences of keys (e.g. words), as alternating equal and change blocks. */
export function diffSequences(oldKeys: readonly string[], newKeys: readonly string[]): DiffBlock[] {
  const ids = new Map<string, number>();
  const intern = (key: string): number => {
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
    }
    return id;
  };
  const a = Int32Array.from(oldKeys, intern);
  const b = Int32Array.from(newKeys, intern);
  const { prefix, suffix } = commonEnds(a, b);
  const oldMiddle = a.subarray(prefix, a.length - suffix);
  const newMiddle = b.subarray(prefix, b.length - suffix);
  const blocks: DiffBlock[] = [];
  pushBlock(blocks, { equal: true, oldStart: 0, oldEnd: prefix, newStart: 0, newEnd: prefix });
  const middle = blocksOfMiddle(
    myersMatches(oldMiddle, newMiddle),
    oldMiddle.length,
    newMiddle.length,
    prefix,
    prefix,
  );
  for (const block of cleanupSemantic(middle)) pushBlock(blocks, block);
  pushBlock(blocks, {
    equal: true,
    oldStart: a.length - suffix,
    oldEnd: a.length,
    newStart: b.length - suffix,
    newEnd: b.length,
  });
  return blocks;
}
