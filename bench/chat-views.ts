// The chat views in Chromium (issue 6), on the bench page of bench/chat-views/: the real message
// list, stores and styles in a production build, with 100,000 messages of one stream in the
// store and no server.
//   (a) opening the stream narrow: from "narrow chosen" (the list rendered) to the first paint
//       of a message row, median of several opens after a warm-up (goal ≤ 100 ms);
//   (b) scrolling up through 10,000 messages, a fixed number of pixels every frame: the longest
//       task and frame, and the message rows in the DOM sampled every frame (goals ≤ 50 ms,
//       ≤ 300 rows). Several passes, each through the next 10,000 older messages; Chrome's
//       trace of the main thread's tasks (the cheap `toplevel` category) also says how much of
//       each long task the thread spent on the CPU: on a shared machine the rest is time the
//       thread waited, descheduled, and not the page's work;
//   (c) changes of the store with the narrow open: from a star on one of its messages, and from
//       a new message in another stream, to the paint of the next frame (medians of several);
//   (d) what a frame of scrolling leaves on Blink's garbage-collected heap (Oilpan: DOM nodes,
//       styles, layout objects), which V8 collects with its own in full collections and which
//       sets how often those come during a fast scroll: still, by 20 px (no row mounted) and by
//       the step, from a collected heap, with the rows mounted meanwhile;
//   (e) what one laid-out item holds on Blink's heap: copies of the message rows, and of the
//       other items (recipient headers, date separators), and what laying a copied row out again
//       after its texts change allocates (the least a recycled row would cost).
// Prints the figures and writes bench/results/chat-views.json (chat-views-step<px>.json when
// scrolling by another step). Last, a functional check: whether the message in view stays put
// when older messages are prepended (`prependProbe`, bench/chat-views/prepend-probe.ts).
//
// CHAT_VIEWS_LIST=react-virtual measures the same rows windowed by @tanstack/react-virtual
// instead of the app's own windowing (bench/chat-views/virtual-message-list.tsx; its overscan
// in rows by CHAT_VIEWS_OVERSCAN) and writes chat-views-react-virtual.json;
// CHAT_VIEWS_LIST=react-virtual-relative, with the library's scroll corrections made relative
// to the element (see `relativeScroll` there), chat-views-react-virtual-relative.json.
//
//   node --import tsx bench/chat-views.ts [opens=9] [stepPx=500] [messages=100000] [passes=3]
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type CDPSession, type Page } from "@playwright/test";
import { build } from "vite";
import { z } from "zod";
import { median, round, writeResults } from "./lib";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const PAGE_DIR = join(ROOT, "bench", "chat-views");
const OUT_DIR = join(ROOT, "dist", "bench-chat-views");
const ORIGIN = "http://parley.bench";
const opens = Number(process.argv[2] ?? 9);
const DEFAULT_STEP_PX = 500;
const stepPx = Number(process.argv[3] ?? DEFAULT_STEP_PX);
const messageCount = Number(process.argv[4] ?? 100_000);
const passes = Number(process.argv[5] ?? 3);
const SCROLLED_MESSAGES = 10_000;
/** The Long Tasks API's threshold. */
const LONG_TASK_MS = 50;
/**
 * Which list windows the rows: the app's own, or @tanstack/react-virtual's (`react-virtual`;
 * `react-virtual-relative`: its scroll corrections relative to the element).
 */
const LIST = process.env["CHAT_VIEWS_LIST"] ?? "app";
if (!["app", "react-virtual", "react-virtual-relative"].includes(LIST)) {
  throw new Error(`unknown list ${LIST}`);
}
const OVERSCAN = process.env["CHAT_VIEWS_OVERSCAN"];
/** CHAT_VIEWS_PROFILES=<folder>: also profile the scroll, and save the profiles for DevTools. */
const PROFILES_DIR = process.env["CHAT_VIEWS_PROFILES"];
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const openSchema = z.object({
  commitMs: z.number(),
  paintMs: z.number(),
  frames: z.number(),
  rows: z.number(),
});
const scrollSchema = z.object({
  messagesScrolled: z.number(),
  reachedTarget: z.boolean(),
  frames: z.number(),
  durationMs: z.number(),
  stepPx: z.number(),
  maxFrameGapMs: z.number(),
  frameGapP50Ms: z.number(),
  frameGapP95Ms: z.number(),
  frameGapP99Ms: z.number(),
  slowFrames: z.number(),
  blankFrames: z.number(),
  longTasks: z.number(),
  longestTaskMs: z.number(),
  longAnimationFrames: z.number(),
  longestAnimationFrameMs: z.number(),
  maxRows: z.number(),
  minRows: z.number(),
  maxListItems: z.number(),
  worstFrames: z.array(z.unknown()),
  worstTasks: z.array(z.object({ startMs: z.number(), durationMs: z.number() })),
  heapUsedMb: z.number(),
});

const probeSchema = z.object({
  kind: z.string(),
  messageId: z.number(),
  shiftPerFramePx: z.array(z.number().nullable()),
  finalShiftPx: z.number().nullable(),
  shiftWhileLoadingPx: z.number().nullable(),
});

/** What a long animation frame entry tells (Chrome's Long Animation Frames API). */
const frameSchema = z.object({
  startTime: z.number(),
  duration: z.number(),
  renderStart: z.number(),
  styleAndLayoutStart: z.number(),
  scripts: z.array(
    z.object({
      invoker: z.string(),
      sourceFunctionName: z.string(),
      sourceURL: z.string(),
      sourceCharPosition: z.number(),
      duration: z.number(),
      forcedStyleAndLayoutDuration: z.number(),
    }),
  ),
});

/** A long frame in a line: tasks before rendering, rAF/observers, style and layout; its scripts. */
function describeFrame(value: unknown): string {
  const parsed = frameSchema.safeParse(value);
  if (!parsed.success) return "(not a long-animation-frame entry)";
  const frame = parsed.data;
  const end = frame.startTime + frame.duration;
  const scripts = [...frame.scripts]
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 3)
    .map(
      (script) =>
        `${script.invoker} ${script.sourceFunctionName || "(anonymous)"}@` +
        `${script.sourceURL.split("/").at(-1) ?? ""}:${script.sourceCharPosition} ` +
        `${round(script.duration)} ms (forced layout ${round(script.forcedStyleAndLayoutDuration)})`,
    );
  return (
    `${round(frame.duration)} ms at ${Math.round(frame.startTime)}: tasks ${round((frame.renderStart || end) - frame.startTime)}, ` +
    `frame callbacks ${round((frame.styleAndLayoutStart || end) - (frame.renderStart || end))}, ` +
    `style+layout ${round(end - (frame.styleAndLayoutStart || end))}; ${scripts.join("; ")}`
  );
}
type OpenFigures = z.infer<typeof openSchema>;
type ScrollFigures = z.infer<typeof scrollSchema>;

/** A task of the page's main thread: how long it took, and how much of that on the CPU. */
interface TaskTime {
  wallMs: number;
  cpuMs: number;
}

const traceSchema = z.object({
  traceEvents: z.array(
    z.looseObject({
      name: z.string(),
      ph: z.string(),
      pid: z.number(),
      tid: z.number(),
      dur: z.number().optional(),
      tdur: z.number().optional(),
      args: z.looseObject({ name: z.string().optional() }).optional(),
    }),
  ),
});

/**
 * The main thread's tasks over `LONG_TASK_MS` in a trace of the `toplevel` category, longest
 * first, with their thread (CPU) time, and the longest task of all however short: the margin
 * to the goal when no task was long. The page's main thread is the `CrRendererMain` that ran
 * the most tasks.
 */
function tasksOfTrace(trace: Buffer): { long: TaskTime[]; longest: TaskTime | undefined } {
  const { traceEvents } = traceSchema.parse(JSON.parse(trace.toString("utf8")));
  const mains = new Set(
    traceEvents
      .filter((event) => event.ph === "M" && event.args?.name === "CrRendererMain")
      .map((event) => `${String(event.pid)}:${String(event.tid)}`),
  );
  const tasks = new Map<string, { dur: number; tdur: number }[]>();
  for (const event of traceEvents) {
    const thread = `${String(event.pid)}:${String(event.tid)}`;
    if (event.ph !== "X" || event.name !== "ThreadControllerImpl::RunTask") continue;
    if (!mains.has(thread) || event.dur === undefined) continue;
    const list = tasks.get(thread) ?? [];
    list.push({ dur: event.dur, tdur: event.tdur ?? Number.NaN });
    tasks.set(thread, list);
  }
  const busiest = [...tasks.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  const times = busiest
    .sort((a, b) => b.dur - a.dur)
    .map((task) => ({ wallMs: round(task.dur / 1000), cpuMs: round(task.tdur / 1000) }));
  return { long: times.filter((task) => task.wallMs > LONG_TASK_MS), longest: times[0] };
}

/** Where a stretch of main-thread time went (Chrome's own counters, milliseconds). */
interface TimeSplit {
  taskMs: number;
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
}

async function mainThreadCounters(cdp: CDPSession): Promise<TimeSplit> {
  const { metrics } = await cdp.send("Performance.getMetrics");
  const value = (name: string) =>
    (metrics.find((metric) => metric.name === name)?.value ?? 0) * 1000;
  return {
    taskMs: value("TaskDuration"),
    scriptMs: value("ScriptDuration"),
    layoutMs: value("LayoutDuration"),
    styleMs: value("RecalcStyleDuration"),
  };
}

function splitBetween(before: TimeSplit, after: TimeSplit): TimeSplit {
  return {
    taskMs: round(after.taskMs - before.taskMs),
    scriptMs: round(after.scriptMs - before.scriptMs),
    layoutMs: round(after.layoutMs - before.layoutMs),
    styleMs: round(after.styleMs - before.styleMs),
  };
}

/** Serves the built page from dist/bench-chat-views and answers every API call with success. */
async function servePage(page: Page, apiCalls: Map<string, number>): Promise<void> {
  await page.route(`${ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.startsWith("/api/")) {
      const key = `${route.request().method()} ${url.pathname}`;
      apiCalls.set(key, (apiCalls.get(key) ?? 0) + 1);
      await route.fulfill({ json: { result: "success", msg: "" } });
      return;
    }
    const file = normalize(join(OUT_DIR, url.pathname === "/" ? "index.html" : url.pathname));
    if (!file.startsWith(OUT_DIR) || !existsSync(file)) await route.fulfill({ status: 404 });
    else await route.fulfill({ path: file });
  });
}

/** A sampled CPU profile's self time per function, the heaviest first (Chrome's Profiler). */
async function profiled<T>(cdp: CDPSession, label: string, run: () => Promise<T>) {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
  await cdp.send("Profiler.start");
  const value = await run();
  const { profile } = await cdp.send("Profiler.stop");
  if (PROFILES_DIR !== undefined) {
    mkdirSync(PROFILES_DIR, { recursive: true });
    writeFileSync(join(PROFILES_DIR, `chat-views-${label}.cpuprofile`), JSON.stringify(profile));
  }
  const totalMs = (profile.endTime - profile.startTime) / 1000;
  const samples = profile.samples?.length ?? 1;
  const selfMs = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.split("/").at(-1) ?? "";
    const name = `${functionName || "(anonymous)"}${file ? ` ${file}:${lineNumber + 1}` : ""}`;
    const ms = ((node.hitCount ?? 0) * totalMs) / samples;
    selfMs.set(name, (selfMs.get(name) ?? 0) + ms);
  }
  const top = [...selfMs.entries()]
    .filter(([name]) => name !== "(idle)")
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([name, ms]) => `${round(ms)} ms ${name}`);
  return {
    value,
    profile: { totalMs: round(totalMs), idleMs: round(selfMs.get("(idle)") ?? 0), top },
  };
}

async function evaluate<T>(page: Page, expression: string, schema: z.ZodType<T>): Promise<T> {
  return schema.parse(await page.evaluate(expression));
}

/** How many of each store change (`measureChanges`). */
const CHANGES = 9;

/** Stars on messages of the open narrow, then new messages elsewhere: each in ms to the paint. */
async function measureChanges(page: Page) {
  const times = async (kind: string) => {
    const all: number[] = [];
    for (let step = 0; step < CHANGES; step++) {
      all.push(await evaluate(page, `window.parleyBench.change("${kind}", ${step})`, z.number()));
      await page.waitForTimeout(300);
    }
    return { medianMs: round(median(all)), allMs: all.map((ms) => round(ms)) };
  };
  return {
    starInNarrow: await times("star-in-narrow"),
    newMessageElsewhere: await times("message-elsewhere"),
  };
}

/** Frames per measurement of Blink's heap (`measureHeapPerFrame`), and rounds of each. */
const HEAP_FRAMES = 60;
const HEAP_ROUNDS = 2;

const heapUsageSchema = z.object({ usedSize: z.number(), embedderHeapUsedSize: z.number() });

/**
 * Blink's heap grown per frame (KB), scrolling by 0 px, 20 px and the step, each from a heap
 * just collected (rounds alternated), with the rows the list added per frame.
 */
async function measureHeapPerFrame(page: Page, cdp: CDPSession) {
  await cdp.send("HeapProfiler.enable");
  const steps = [0, 20, stepPx];
  const kb = new Map<number, number[]>(steps.map((step) => [step, []]));
  const rows = new Map<number, number[]>(steps.map((step) => [step, []]));
  for (let round = 0; round < HEAP_ROUNDS; round++) {
    for (const step of steps) {
      await cdp.send("HeapProfiler.collectGarbage");
      const before = heapUsageSchema.parse(await cdp.send("Runtime.getHeapUsage"));
      const { rowsAdded } = await evaluate(
        page,
        `window.parleyBench.scrollFrames(${step}, ${HEAP_FRAMES})`,
        z.object({ rowsAdded: z.number() }),
      );
      const after = heapUsageSchema.parse(await cdp.send("Runtime.getHeapUsage"));
      const grown = after.embedderHeapUsedSize - before.embedderHeapUsedSize;
      kb.get(step)?.push(grown / 1000 / HEAP_FRAMES);
      rows.get(step)?.push(rowsAdded / HEAP_FRAMES);
    }
  }
  return steps.map((step) => {
    const kbPerFrame = median(kb.get(step) ?? []);
    const rowsPerFrame = median(rows.get(step) ?? []);
    return {
      stepPx: step,
      blinkHeapKbPerFrame: (kb.get(step) ?? []).map((value) => round(value)),
      rowsAddedPerFrame: round(rowsPerFrame, 2),
      ...(rowsPerFrame > 1 ? { blinkHeapKbPerRowAdded: round(kbPerFrame / rowsPerFrame) } : {}),
    };
  });
}

/** Copies per measurement of Blink's heap per item (`measureHeapPerItem`). */
const ITEM_COPIES = 300;
const ITEM_ROUNDS = 5;

/** Blink's heap grown by `run` from a collected heap, in KB per copy (`ITEM_COPIES`). */
async function heapPerCopy(cdp: CDPSession, run: () => Promise<unknown>): Promise<number> {
  // Twice: Blink sweeps what a collection freed lazily, and the next one finishes that sweep
  // first; otherwise the copies just removed would be swept (and counted off) during `run`.
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("HeapProfiler.collectGarbage");
  const before = heapUsageSchema.parse(await cdp.send("Runtime.getHeapUsage"));
  await run();
  const after = heapUsageSchema.parse(await cdp.send("Runtime.getHeapUsage"));
  return (after.embedderHeapUsedSize - before.embedderHeapUsedSize) / 1000 / ITEM_COPIES;
}

/**
 * Blink's heap (KB) per laid-out copy of a message row and of another item, and allocated per
 * copied row laid out again after its texts changed (from a collected heap: the copies made
 * before are live, so what grows is the new layout's). The least of `ITEM_ROUNDS`: the page's
 * own work meanwhile (bodies sanitised in idle time, say) can only add to a round.
 */
async function measureHeapPerItem(page: Page, cdp: CDPSession) {
  const copy = (kind: string) => () =>
    page.evaluate(`window.parleyBench.copyItems("${kind}", ${ITEM_COPIES})`);
  const figures = { messageRow: [] as number[], otherItem: [] as number[], retext: [] as number[] };
  await page.waitForTimeout(1000); // the scrolls' idle work done
  for (let round = 0; round < ITEM_ROUNDS; round++) {
    await page.evaluate("window.parleyBench.removeCopies()");
    figures.otherItem.push(await heapPerCopy(cdp, copy("others")));
    await page.evaluate("window.parleyBench.removeCopies()");
    figures.messageRow.push(await heapPerCopy(cdp, copy("messages")));
    figures.retext.push(
      await heapPerCopy(cdp, () => page.evaluate("window.parleyBench.retextCopies()")),
    );
  }
  await page.evaluate("window.parleyBench.removeCopies()");
  const all = (values: number[]) => values.map((value) => round(value));
  return {
    copies: ITEM_COPIES,
    messageRowKb: round(Math.min(...figures.messageRow)),
    otherItemKb: round(Math.min(...figures.otherItem)),
    messageRowLaidOutAgainAfterItsTextsChangedKb: round(Math.min(...figures.retext)),
    rounds: {
      messageRowKb: all(figures.messageRow),
      otherItemKb: all(figures.otherItem),
      laidOutAgainKb: all(figures.retext),
    },
  };
}

/** Opens and closes the narrow `count` times; each open with Chrome's main-thread split. */
async function measureOpens(page: Page, cdp: CDPSession, count: number) {
  const figures: (OpenFigures & { split: TimeSplit })[] = [];
  for (let index = 0; index < count; index++) {
    const before = await mainThreadCounters(cdp);
    const open = await evaluate(page, "window.parleyBench.open()", openSchema);
    const split = splitBetween(before, await mainThreadCounters(cdp));
    await page.evaluate("window.parleyBench.close()");
    figures.push({ ...open, split });
  }
  return figures;
}

async function main(): Promise<void> {
  await build({ root: PAGE_DIR, configFile: join(PAGE_DIR, "vite.config.ts") });
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const apiCalls = new Map<string, number>();
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text().slice(0, 300));
    });
    await servePage(page, apiCalls);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Performance.enable");
    const listParams = `&list=${LIST}${OVERSCAN === undefined ? "" : `&overscan=${OVERSCAN}`}`;
    await page.goto(`${ORIGIN}/?messages=${messageCount}${listParams}`);
    await page.waitForFunction("window.parleyBench !== undefined", undefined, { timeout: 300_000 });
    const fillMs = await evaluate(page, "window.parleyBench.fillMs", z.number());

    const [warmUp] = await measureOpens(page, cdp, 1);
    const measured = await measureOpens(page, cdp, opens);

    const opened = await profiled(cdp, "open", () =>
      evaluate(page, "window.parleyBench.open()", openSchema),
    );
    await page.waitForTimeout(500); // the open's own frames are not part of the scroll
    const scrollOnce = () =>
      evaluate(page, `window.parleyBench.scroll(${SCROLLED_MESSAGES}, ${stepPx})`, scrollSchema);
    const scrolls: ScrollPass[] = [];
    for (let pass = 0; pass < passes; pass++) {
      const before = await mainThreadCounters(cdp);
      await browser.startTracing(page, { categories: ["toplevel"] });
      const scroll = await scrollOnce();
      const traced = tasksOfTrace(await browser.stopTracing());
      scrolls.push({
        ...scroll,
        split: splitBetween(before, await mainThreadCounters(cdp)),
        longTaskTimes: traced.long,
        longestTracedTask: traced.longest,
      });
      await page.waitForTimeout(500);
    }
    const storeChanges = await measureChanges(page);
    const heapPerFrame = await measureHeapPerFrame(page, cdp);
    const heapPerItem = await measureHeapPerItem(page, cdp);
    // The sampling profiler slows the page and adds pauses of its own: its pass is separate, and
    // only when profiles were asked for (CHAT_VIEWS_PROFILES).
    const scrollProfile = PROFILES_DIR
      ? (await profiled(cdp, "scroll", scrollOnce)).profile
      : "not profiled (set CHAT_VIEWS_PROFILES)";
    const prepend = [
      await evaluate(page, `window.parleyBench.prependProbe("at-once")`, probeSchema),
      await evaluate(page, `window.parleyBench.prependProbe("with-loading")`, probeSchema),
    ];
    const pageErrors = await evaluate(page, "window.parleyBench.errors", z.array(z.string()));
    const list = await evaluate(
      page,
      "({ list: window.parleyBench.list, overscan: window.parleyBench.overscan })",
      z.object({ list: z.string(), overscan: z.number().nullable() }),
    );
    await report({
      list,
      prepend,
      fillMs,
      warmUp,
      measured,
      scrolls,
      storeChanges,
      heapPerFrame,
      heapPerItem,
      profiles: {
        open: { paintMs: round(opened.value.paintMs), ...opened.profile },
        scroll: scrollProfile,
      },
      apiCalls: Object.fromEntries(apiCalls),
      errors: [...pageErrors, ...consoleErrors].slice(0, 20),
    });
  } finally {
    await browser.close();
  }
}

/** One pass of the scroll: the page's figures, Chrome's split, and the long tasks' CPU time. */
type ScrollPass = ScrollFigures & {
  split: TimeSplit;
  longTaskTimes: TaskTime[];
  longestTracedTask: TaskTime | undefined;
};

/** A pass as reported: rounded, its long frames described in a line each. */
function describePass(scroll: ScrollPass) {
  return {
    ...scroll,
    durationMs: round(scroll.durationMs),
    maxFrameGapMs: round(scroll.maxFrameGapMs),
    longestTaskMs: round(scroll.longestTaskMs),
    worstFrames: scroll.worstFrames.map(describeFrame),
    longTaskTimes: scroll.longTaskTimes.slice(0, 5),
  };
}

/** The passes together: each one's longest task, their median and maximum, and the CPU time. */
function summarizePasses(scrolls: readonly ScrollPass[]) {
  const longest = scrolls.map((scroll) => round(scroll.longestTaskMs));
  const cpuOfLongTasks = scrolls.flatMap((scroll) =>
    scroll.longTaskTimes.map((task) => task.cpuMs),
  );
  return {
    passes: scrolls.length,
    messagesPerPass: SCROLLED_MESSAGES,
    longestTaskMsPerPass: longest,
    medianLongestTaskMs: round(median(longest)),
    maxLongestTaskMs: Math.max(...longest),
    longTasksPerPass: scrolls.map((scroll) => scroll.longTasks),
    framesPerPass: scrolls.map((scroll) => scroll.frames),
    slowFramesPerPass: scrolls.map((scroll) => scroll.slowFrames),
    /** Each pass's longest task in Chrome's trace, however short (wall / CPU ms). */
    longestTracedTaskPerPass: scrolls.map((scroll) =>
      scroll.longestTracedTask === undefined
        ? "none traced"
        : `${String(scroll.longestTracedTask.wallMs)} / ${String(scroll.longestTracedTask.cpuMs)}`,
    ),
    /** Of the tasks over 50 ms in all passes, the most CPU time any of them used. */
    maxCpuMsOfALongTask: cpuOfLongTasks.length === 0 ? 0 : Math.max(...cpuOfLongTasks),
    maxRows: Math.max(...scrolls.map((scroll) => scroll.maxRows)),
    blankFrames: scrolls.reduce((sum, scroll) => sum + scroll.blankFrames, 0),
  };
}

async function report(figures: {
  list: { list: string; overscan: number | null };
  prepend: z.infer<typeof probeSchema>[];
  fillMs: number;
  warmUp: (OpenFigures & { split: TimeSplit }) | undefined;
  measured: (OpenFigures & { split: TimeSplit })[];
  scrolls: ScrollPass[];
  storeChanges: Awaited<ReturnType<typeof measureChanges>>;
  heapPerFrame: Awaited<ReturnType<typeof measureHeapPerFrame>>;
  heapPerItem: Awaited<ReturnType<typeof measureHeapPerItem>>;
  profiles: Record<string, unknown>;
  apiCalls: Record<string, number>;
  errors: string[];
}): Promise<void> {
  const { measured, scrolls } = figures;
  const pick = (key: "commitMs" | "paintMs") => measured.map((open) => open[key]);
  const splitMedian = (key: keyof TimeSplit) => round(median(measured.map((m) => m.split[key])));
  const result = {
    list: figures.list.list,
    ...(figures.list.overscan === null ? {} : { overscanRows: figures.list.overscan }),
    messagesInStore: messageCount,
    storeFillMs: round(figures.fillMs),
    open: {
      runs: measured.length,
      medianFirstPaintMs: round(median(pick("paintMs"))),
      medianCommitMs: round(median(pick("commitMs"))),
      minFirstPaintMs: round(Math.min(...pick("paintMs"))),
      maxFirstPaintMs: round(Math.max(...pick("paintMs"))),
      rowsAtFirstPaint: median(measured.map((open) => open.rows)),
      medianMainThread: {
        taskMs: splitMedian("taskMs"),
        scriptMs: splitMedian("scriptMs"),
        layoutMs: splitMedian("layoutMs"),
        styleMs: splitMedian("styleMs"),
      },
      firstOpenOfThePage: figures.warmUp,
      all: measured.map((open) => ({ ...open, commitMs: round(open.commitMs) })),
    },
    scroll: summarizePasses(scrolls),
    scrollPasses: scrolls.map(describePass),
    storeChangesWithTheNarrowOpen: figures.storeChanges,
    blinkHeapPerFrameOfScrolling: figures.heapPerFrame,
    blinkHeapPerItem: figures.heapPerItem,
    cpuProfileSelfTime: figures.profiles,
    /** Where the message in view moved (px) when older messages were prepended. */
    prependKeepsPlace: figures.prepend,
    loadAverageAtEnd: loadavg().map((load) => round(load, 2)),
    apiCallsAnsweredByTheDriver: figures.apiCalls,
    pageErrors: figures.errors,
    goals: { openFirstPaintMs: 100, scrollLongestTaskMs: 50, scrollMaxRows: 300 },
  };
  console.log(JSON.stringify(result, null, 2));
  const base = LIST === "app" ? "chat-views" : `chat-views-${LIST}`;
  const name = stepPx === DEFAULT_STEP_PX ? base : `${base}-step${stepPx}`;
  console.log(`wrote ${await writeResults(name, result)}`);
}

await main();
