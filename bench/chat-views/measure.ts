// What the bench page measures, read only through the list's DOM contract
// (`ol[aria-label="Messages"] li[data-message-id]`), so it works with whatever `MessageList`
// renders: windowed or not, with any row markup.

const ROW_SELECTOR = 'ol[aria-label="Messages"] li[data-message-id]';

/** The figures of one scroll through the list. */
export interface ScrollFigures {
  /** Messages between the one in the middle of the view at the start and at the end. */
  messagesScrolled: number;
  reachedTarget: boolean;
  frames: number;
  durationMs: number;
  stepPx: number;
  /** The longest gap between two animation frames: what the user sees as a hitch. */
  maxFrameGapMs: number;
  /** Percentiles of the gaps between frames: the typical frame, not the worst hitch. */
  frameGapP50Ms: number;
  frameGapP95Ms: number;
  frameGapP99Ms: number;
  /** Frames later than 1.5 × 16.7 ms. */
  slowFrames: number;
  /** Frames that showed no message row in the middle of the view (rows not rendered in time). */
  blankFrames: number;
  /** Long Tasks API (tasks over 50 ms): how many, and the longest. */
  longTasks: number;
  longestTaskMs: number;
  /** Long Animation Frames API (frames over 50 ms), when the browser has it; -1 otherwise. */
  longAnimationFrames: number;
  longestAnimationFrameMs: number;
  /** Message rows in the DOM, sampled every frame. */
  maxRows: number;
  minRows: number;
  /** Every `li` of the list (headers, separators) at most. */
  maxListItems: number;
  /** The five longest animation frames, as the browser describes them (`toJSON()`). */
  worstFrames: unknown[];
  /** The longest tasks: when they started (the page's clock, as long frames' `startTime`) and how long they took. */
  worstTasks: { startMs: number; durationMs: number }[];
  /** The JavaScript heap in use after the scroll (Chrome's `performance.memory`), in MB. */
  heapUsedMb: number;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(resolve));
}

/**
 * Called from an animation frame callback (or a microtask right after one): resolves once that
 * frame has been painted (a task queued now runs after the frame's rendering).
 */
export function thisFramePainted(): Promise<number> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      resolve(performance.now());
    };
    channel.port2.postMessage(null);
  });
}

/** Resolves just after the browser has painted the next frame. */
export async function afterPaint(): Promise<number> {
  await nextFrame();
  return thisFramePainted();
}

export function messageRows(): number {
  return document.querySelectorAll(ROW_SELECTOR).length;
}

function listItems(): number {
  return document.querySelectorAll('ol[aria-label="Messages"] li').length;
}

/** The element that scrolls the list: the nearest ancestor of the list that overflows. */
export function findScroller(): HTMLElement {
  const list = document.querySelector('ol[aria-label="Messages"]');
  for (let node = list?.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === "auto" || overflowY === "scroll") && node.scrollHeight > node.clientHeight) {
      return node;
    }
  }
  const root = document.scrollingElement;
  if (root instanceof HTMLElement) return root;
  throw new Error("nothing scrolls");
}

/**
 * The id of a message row shown in the middle of the scroller (a hit test, not a walk over the
 * rows: cheap even with 100,000 rows in the DOM). Tries a few points, since the middle may fall
 * on a recipient header or a date separator. Undefined when no row is visible there.
 */
export function visibleMessageId(scroller: HTMLElement): number | undefined {
  const rect = scroller.getBoundingClientRect();
  const top = Math.max(rect.top, 0);
  const bottom = Math.min(rect.bottom, window.innerHeight);
  const x = rect.left + Math.min(rect.width / 2, 200);
  for (const share of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8]) {
    const hit = document.elementFromPoint(x, top + (bottom - top) * share);
    const row = hit?.closest("li[data-message-id]");
    const id = Number(row?.getAttribute("data-message-id"));
    if (row && Number.isFinite(id) && id > 0) return id;
  }
  return undefined;
}

/** Chrome's figure for the JavaScript heap in use (MB), or -1 elsewhere. */
function heapUsedMb(): number {
  const memory: unknown = Reflect.get(performance, "memory");
  if (typeof memory !== "object" || memory === null) return -1;
  const used: unknown = Reflect.get(memory, "usedJSHeapSize");
  return typeof used === "number" ? Math.round(used / 1e5) / 10 : -1;
}

/** Observes long tasks and long animation frames while a measurement runs. */
function watchLongWork() {
  // Entries of frames before the measurement (the open before it) can arrive late: skip them.
  const since = performance.now();
  const figures = { longTasks: 0, longestTaskMs: 0, frames: -1, longestFrameMs: -1 };
  // The longest animation frames whole (their `scripts` say which callbacks took the time, and
  // how much of it was forced style and layout); the driver reads them.
  let longest: PerformanceEntry[] = [];
  let longestTasks: PerformanceEntry[] = [];
  const countTasks = (entries: PerformanceEntryList) => {
    for (const entry of entries) {
      if (entry.startTime < since) continue;
      figures.longTasks++;
      figures.longestTaskMs = Math.max(figures.longestTaskMs, entry.duration);
      longestTasks = [...longestTasks, entry].sort((a, b) => b.duration - a.duration).slice(0, 5);
    }
  };
  const countFrames = (entries: PerformanceEntryList) => {
    for (const entry of entries) {
      if (entry.startTime < since) continue;
      figures.frames++;
      figures.longestFrameMs = Math.max(figures.longestFrameMs, entry.duration);
      longest = [...longest, entry].sort((a, b) => b.duration - a.duration).slice(0, 5);
    }
  };
  const tasks = new PerformanceObserver((list) => {
    countTasks(list.getEntries());
  });
  tasks.observe({ type: "longtask" });
  const frames = new PerformanceObserver((list) => {
    countFrames(list.getEntries());
  });
  if (PerformanceObserver.supportedEntryTypes.includes("long-animation-frame")) {
    figures.frames = 0;
    figures.longestFrameMs = 0;
    frames.observe({ type: "long-animation-frame" });
  }
  return {
    stop: () => {
      // Entries of the last frames may still be queued: take them before disconnecting.
      countTasks(tasks.takeRecords());
      countFrames(frames.takeRecords());
      tasks.disconnect();
      frames.disconnect();
      const worstFrames = longest.map((entry): unknown => entry.toJSON());
      const worstTasks = longestTasks.map((entry) => ({
        startMs: Math.round(entry.startTime),
        durationMs: entry.duration,
      }));
      return { ...figures, worstFrames, worstTasks };
    },
  };
}

/**
 * Scrolls up by `stepPx` every animation frame (the way a fast wheel or a fling moves) until the
 * message in the middle of the view is `count` messages older than at the start, sampling the
 * rows in the DOM and the frame gaps. Stops early if the list cannot scroll further.
 */
export async function scrollThrough(count: number, stepPx: number): Promise<ScrollFigures> {
  const scroller = findScroller();
  const startId = visibleMessageId(scroller);
  if (startId === undefined) throw new Error("no message visible before scrolling");
  const figures = {
    frames: 0,
    maxGap: 0,
    slow: 0,
    blank: 0,
    maxRows: 0,
    minRows: Infinity,
    maxItems: 0,
  };
  const gaps: number[] = [];
  let currentId = startId;
  let stalled = 0;
  const work = watchLongWork();
  const started = await nextFrame();
  let previous = started;
  while (startId - currentId < count && stalled < 120) {
    const now = await nextFrame();
    const gap = now - previous;
    previous = now;
    figures.frames++;
    figures.maxGap = Math.max(figures.maxGap, gap);
    gaps.push(gap);
    if (gap > 25) figures.slow++;
    const rows = messageRows();
    figures.maxRows = Math.max(figures.maxRows, rows);
    figures.minRows = Math.min(figures.minRows, rows);
    figures.maxItems = Math.max(figures.maxItems, listItems());
    // What the last frame showed (plus any layout since): a blank middle is a visible gap.
    const id = visibleMessageId(scroller);
    if (id === undefined) figures.blank++;
    else currentId = id;
    const before = scroller.scrollTop;
    scroller.scrollTop = before - stepPx;
    stalled = scroller.scrollTop === before ? stalled + 1 : 0;
  }
  await afterPaint();
  const long = work.stop();
  return {
    messagesScrolled: startId - currentId,
    reachedTarget: startId - currentId >= count,
    frames: figures.frames,
    durationMs: previous - started,
    stepPx,
    maxFrameGapMs: figures.maxGap,
    frameGapP50Ms: percentile(gaps, 50),
    frameGapP95Ms: percentile(gaps, 95),
    frameGapP99Ms: percentile(gaps, 99),
    slowFrames: figures.slow,
    blankFrames: figures.blank,
    longTasks: long.longTasks,
    longestTaskMs: long.longestTaskMs,
    longAnimationFrames: long.frames,
    longestAnimationFrameMs: long.longestFrameMs,
    maxRows: figures.maxRows,
    minRows: figures.minRows === Infinity ? 0 : figures.minRows,
    maxListItems: figures.maxItems,
    worstFrames: long.worstFrames,
    worstTasks: long.worstTasks,
    heapUsedMb: heapUsedMb(),
  };
}

/**
 * Scrolls up by `stepPx` for `frames` animation frames and nothing else (no sampling), counting
 * the rows the list adds meanwhile: what a frame costs the browser's heaps, read by the driver.
 */
export async function scrollFrames(stepPx: number, frames: number): Promise<{ rowsAdded: number }> {
  const scroller = findScroller();
  const list = document.querySelector('ol[aria-label="Messages"]');
  if (list === null) throw new Error("no message list");
  let rowsAdded = 0;
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node.nodeName === "LI") rowsAdded++;
    }
  });
  observer.observe(list, { childList: true });
  for (let frame = 0; frame < frames; frame++) {
    await nextFrame();
    scroller.scrollTop -= stepPx;
  }
  await afterPaint();
  for (const record of observer.takeRecords()) {
    for (const node of record.addedNodes) if (node.nodeName === "LI") rowsAdded++;
  }
  observer.disconnect();
  return { rowsAdded };
}

/** The copies of `copyItems`, in a list of their own over the message list. */
let copies: HTMLOListElement | null = null;

/** Removes the copies of `copyItems`, if any. */
export function removeCopies(): void {
  copies?.remove();
  copies = null;
}

/**
 * Lays out `count` copies of the list's message rows (`kind` "messages") or of its other items
 * (recipient headers, date separators), cycling through those rendered, in a list of the
 * message list's class and width over it: what Blink's heap holds for one laid-out item of
 * each kind, read by the driver (its part (e)). Element copies, not React's: no handlers, no
 * observers, the markup and styles only.
 */
export async function copyItems(kind: "messages" | "others", count: number): Promise<void> {
  const list = document.querySelector('ol[aria-label="Messages"]');
  if (list === null || list.parentElement === null) throw new Error("no message list");
  const items = [...list.children].filter(
    (item) =>
      item instanceof HTMLLIElement &&
      item.hasAttribute("data-message-id") === (kind === "messages"),
  );
  if (items.length === 0) throw new Error(`no ${kind} in the list`);
  removeCopies();
  copies = document.createElement("ol");
  copies.className = list.className;
  copies.style.cssText = `position: absolute; top: 0; left: 0; width: ${list.clientWidth}px`;
  for (let index = 0; index < count; index++) {
    copies.append(items[index % items.length]?.cloneNode(true) ?? "");
  }
  list.parentElement.append(copies);
  await afterPaint();
}

/**
 * Changes every text of the copies (a character more) and lays them out again: the least a row
 * reused for another message (recycled, as some virtual lists do) would cost instead of a new
 * one, since its texts change at the least.
 */
export async function retextCopies(): Promise<void> {
  if (copies === null) throw new Error("no copies: copyItems first");
  const walker = document.createTreeWalker(copies, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    (node as Text).appendData("x");
  }
  await afterPaint();
}
