// The client's render pipeline in Chromium: the Markdown renderer followed by the sanitiser, over
// the demo messages (messages per second, with the bare renderer in the same run as the floor),
// and the worst time of one message over hostile inputs (the DOMPurify corpus and §7.12 shapes).
// Run: node --import tsx bench/render-pipeline.ts (goal: ≥ 5,000 messages/s, ≤ 50 ms each).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { build } from "esbuild";
import { CORPORA, readCorpus } from "../common/test/corpora";
import { generateHistory } from "../server/demo/history";
import { median, round, writeResults } from "./lib";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const ORIGIN = "http://parley.bench";
const ROUNDS = 5;

/** The page's module: the two pipeline stages, bundled from the project's own sources. */
async function bundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents:
        'import { renderMarkdown } from "./common/markdown/render";\n' +
        'import { sanitizeHtml } from "./src/lib/sanitize";\n' +
        "globalThis.parleyPipeline = { renderMarkdown, sanitizeHtml };\n",
      resolveDir: ROOT,
      loader: "ts",
    },
    bundle: true,
    format: "iife",
    minify: true,
    write: false,
    target: "es2022",
  });
  const file = result.outputFiles[0];
  if (file === undefined) throw new Error("esbuild produced nothing");
  return file.text;
}

function demoMessages(): string[] {
  const users = Array.from({ length: 11 }, (_, index) => ({
    id: index + 1,
    fullName: `Person ${index + 1}`,
  }));
  const streams = ["general", "design", "engineering", "random"].map((name, index) => ({
    id: index + 1,
    name,
    topics: ["planning", "standup", "random", "questions", "wins"],
    subscriberIds: users.map((user) => user.id),
  }));
  const now = 1_700_000_000;
  return generateHistory(streams, users, {
    count: 3_000,
    directShare: 0.2,
    startTime: now - 90 * 86_400,
    endTime: now,
    seed: 5,
  }).map((message) => message.content);
}

function hostileInputs(): string[] {
  const corpus: unknown = JSON.parse(readCorpus(CORPORA.dompurifyCases));
  const payloads = Array.isArray(corpus)
    ? corpus.flatMap((item: unknown) =>
        typeof item === "object" &&
        item !== null &&
        "payload" in item &&
        typeof item.payload === "string"
          ? [item.payload]
          : [],
      )
    : [];
  return [
    ...payloads,
    `${"a".repeat(9_999)}!`,
    "*".repeat(5_000),
    "_".repeat(9_000),
    "[".repeat(10_000),
    `${"> ".repeat(2_000)}x`,
    "~~~\n".repeat(500),
    "```\n".repeat(2_000),
    "[a](".repeat(2_000),
    `${"<".repeat(5_000)}${">".repeat(5_000)}`,
    "**a ".repeat(2_000),
    ":smile: ".repeat(1_100),
    "@**Person 1** ".repeat(700),
    "https://example.com/a ".repeat(450),
    `${"- ".repeat(2_000)}x`,
    "$$".repeat(5_000),
    "\\".repeat(10_000),
    "`".repeat(10_000),
  ];
}

interface PageFigures {
  bareMs: number[];
  pipelineMs: number[];
  hostileWorstMs: number;
  hostileWorstIndex: number;
}

async function main(): Promise<void> {
  const script = await bundle();
  const messages = demoMessages();
  const hostile = hostileInputs();
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const page = await browser.newPage();
    // A real http origin, so relative URLs resolve and same-origin checks mean something.
    await page.route(`${ORIGIN}/**`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>bench</title>" }),
    );
    await page.goto(`${ORIGIN}/`);
    await page.addScriptTag({ content: script });
    // tsx compiles this file with esbuild's keepNames, so `measure` calls a `__name` helper.
    await page.addScriptTag({ content: "globalThis.__name = (fn) => fn;" });
    const figures = await page.evaluate(measure, { messages, hostile, rounds: ROUNDS });
    report(messages.length, hostile, figures);
  } finally {
    await browser.close();
  }
}

/** Runs in the page: each round renders every message bare, then through the whole pipeline. */
function measure(input: { messages: string[]; hostile: string[]; rounds: number }): PageFigures {
  const pipeline: unknown = Reflect.get(globalThis, "parleyPipeline");
  const render: unknown = Reflect.get(Object(pipeline), "renderMarkdown");
  const sanitize: unknown = Reflect.get(Object(pipeline), "sanitizeHtml");
  if (typeof render !== "function" || typeof sanitize !== "function") {
    throw new Error("pipeline not loaded");
  }
  // The page's own functions, checked to be functions just above: a parsed boundary.
  const renderFn = render as (text: string) => string;
  const sanitizeFn = sanitize as (html: string) => string;
  const renderText = (text: string): string => renderFn(text);
  const full = (text: string): string => sanitizeFn(renderFn(text));
  const time = (fn: (text: string) => string, texts: readonly string[]): number => {
    const start = performance.now();
    let size = 0;
    for (const text of texts) size += fn(text).length;
    if (size < 0) throw new Error("unreachable");
    return performance.now() - start;
  };
  time(full, input.messages); // warm-up
  const bareMs: number[] = [];
  const pipelineMs: number[] = [];
  for (let round = 0; round < input.rounds; round++) {
    bareMs.push(time(renderText, input.messages));
    pipelineMs.push(time(full, input.messages));
  }
  let hostileWorstMs = 0;
  let hostileWorstIndex = -1;
  input.hostile.forEach((text, index) => {
    // The best of three runs of one input: its cost, not a GC pause that happened to land on it.
    const ms = Math.min(time(full, [text]), time(full, [text]), time(full, [text]));
    if (ms > hostileWorstMs) {
      hostileWorstMs = ms;
      hostileWorstIndex = index;
    }
  });
  return { bareMs, pipelineMs, hostileWorstMs, hostileWorstIndex };
}

function report(count: number, hostile: readonly string[], figures: PageFigures): void {
  const rate = (ms: readonly number[]) => round((count * 1000) / median(ms), 0);
  const result = {
    messages: count,
    rounds: ROUNDS,
    bareRendererPerSecond: rate(figures.bareMs),
    pipelinePerSecond: rate(figures.pipelineMs),
    hostileInputs: hostile.length,
    hostileWorstMs: round(figures.hostileWorstMs, 2),
    hostileWorstInput: (hostile[figures.hostileWorstIndex] ?? "").slice(0, 80),
    goals: { pipelinePerSecond: 5_000, hostileWorstMs: 50 },
  };
  console.log(JSON.stringify(result, null, 2));
  void writeResults("render-pipeline", result).then((file) => {
    console.log(`wrote ${file}`);
  });
}

await main();
