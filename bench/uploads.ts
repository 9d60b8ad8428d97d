// Uploads (issue 22): a production build served by the real server (`server/main.ts`, a child
// process on a fresh data folder on disk, as `npm start` runs it; bench/app-server.ts).
//   (a) throughput: `POST /api/v1/user_uploads` of a 20 MiB file (random bytes, then the same
//       size with a PNG signature, which the server sniffs as an image) over real HTTP with Basic
//       auth from this process (not the server's), each answer checked (200 and a `uri`);
//       request → answer read, median and min/max of the runs, in ms and MiB/s. Then a 26 MiB
//       file at the default 25 MiB limit: request → the 400 read;
//   (b) time to first preview in Chromium: cordelia pastes a 64×64 PNG into the message box,
//       waits for its link in the draft and presses Enter (Send); from the keydown to her own
//       row on screen and to its preview `<img>` loaded (`complete && naturalWidth > 0`), and to
//       the same preview loaded in hamlet's tab open on the same stream.
// Prints the figures and writes bench/results/uploads.json.
//
//   node --import tsx bench/uploads.ts [--runs 7]
// With UPLOADS_CLIENT_DIR=<folder> it serves a client built before instead of building one.
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import type { Browser, Page } from "@playwright/test";
import { z } from "zod";
import {
  firstMessageScript,
  logIn,
  startAppServer,
  streamHash,
  waitInPage,
  withAppInChromium,
  type Login,
} from "./app-server";
import { median, round, writeResults } from "./lib";
import { isSizeRefusal, summariseUploads, uploadBytes, uploadedUri } from "./uploads-lib";

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "7" } } });
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs: not a positive whole number`);
const MIB = 2 ** 20;
const SENDER = "cordelia@parley.test";
const READER = "hamlet@parley.test";
const STREAM = "design";

async function apiKeyOf(url: string, email: string): Promise<string> {
  const answer = await fetch(`${url}/api/v1/dev_fetch_api_key`, {
    method: "POST",
    body: new URLSearchParams({ username: email }),
  });
  return z.object({ api_key: z.string() }).parse(await answer.json()).api_key;
}

/** One upload: the time from the request to its answer read, and the answer. */
async function upload(
  url: string,
  auth: string,
  data: Uint8Array<ArrayBuffer>,
  name: string,
  type: string,
) {
  const form = new FormData();
  form.append("file", new Blob([data], { type }), name);
  const start = performance.now();
  const answer = await fetch(`${url}/api/v1/user_uploads`, {
    method: "POST",
    headers: { Authorization: auth },
    body: form,
  });
  const text = await answer.text();
  return { ms: performance.now() - start, status: answer.status, text };
}

async function throughput(url: string) {
  const auth = `Basic ${Buffer.from(`${SENDER}:${await apiKeyOf(url, SENDER)}`).toString("base64")}`;
  const size = 20 * MIB;
  const kinds = [
    {
      key: "random",
      data: uploadBytes(size, false),
      name: "random.bin",
      type: "application/octet-stream",
    },
    { key: "pngHeaded", data: uploadBytes(size, true), name: "big.png", type: "image/png" },
  ];
  // Warm-up: the server's first upload (its storage folder, the JIT).
  const warm = await upload(
    url,
    auth,
    uploadBytes(MIB, false),
    "warm.bin",
    "application/octet-stream",
  );
  uploadedUri(warm.status, warm.text);
  const times = new Map(kinds.map((kind) => [kind.key, [] as number[]]));
  for (let run = 0; run < runs; run++) {
    // Interleaved: the machine's load drifts, and the ratio is the reliable part.
    for (const kind of kinds) {
      const answer = await upload(url, auth, kind.data, kind.name, kind.type);
      uploadedUri(answer.status, answer.text);
      times.get(kind.key)?.push(answer.ms);
    }
  }
  const tooLarge = uploadBytes(26 * MIB, false);
  const refusals: number[] = [];
  for (let run = 0; run < runs; run++) {
    const answer = await upload(url, auth, tooLarge, "too-large.bin", "application/octet-stream");
    if (!isSizeRefusal(answer.status, answer.text)) {
      throw new Error(
        `26 MiB was not refused: ${String(answer.status)} ${answer.text.slice(0, 300)}`,
      );
    }
    refusals.push(answer.ms);
  }
  return {
    fileMiB: 20,
    random: summariseUploads(times.get("random") ?? [], size),
    pngHeaded: summariseUploads(times.get("pngHeaded") ?? [], size),
    refusal26MiB: summariseUploads(refusals, 26 * MIB),
  };
}

const PNG_1X1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/**
 * Runs in a page: watches for the row holding `text` and its preview loaded, noting when (ms
 * since the epoch, comparable across the two tabs) in `window.__upload`, and, in the sender's
 * tab, when Enter went down.
 */
function watchScript(text: string): string {
  return `(() => {
    const state = { sendAt: null, rowAt: null, previewAt: null };
    window.__upload = state;
    const clock = () => performance.timeOrigin + performance.now();
    const onKey = (event) => {
      if (event.key === "Enter" && state.sendAt === null) state.sendAt = clock();
    };
    window.addEventListener("keydown", onKey, { capture: true });
    const text = ${JSON.stringify(text)};
    const check = () => {
      const row = [...document.querySelectorAll('ol[aria-label="Messages"] li[data-message-id]')]
        .find((li) => li.textContent.includes(text));
      if (row !== undefined && state.rowAt === null) {
        const rect = row.getBoundingClientRect();
        if (rect.height > 0 && rect.bottom > 0 && rect.top < innerHeight) state.rowAt = clock();
      }
      const img = row?.querySelector(".message_inline_image img");
      if (state.previewAt === null && img && img.complete && img.naturalWidth > 0) {
        state.previewAt = clock();
        window.removeEventListener("keydown", onKey, { capture: true });
      }
      // The preview can be loaded before the row has scrolled into view: watch on for the row
      // (a few seconds at most, so a tab that never shows it does not poll for ever).
      if (state.previewAt !== null && (state.rowAt !== null || clock() - state.previewAt > 5000)) {
        return;
      }
      setTimeout(check, 4);
    };
    check();
  })()`;
}

const watchSchema = z.object({
  sendAt: z.number().nullable(),
  rowAt: z.number().nullable(),
  previewAt: z.number(),
});

async function openTab(browser: Browser, url: string, login: Login): Promise<Page> {
  const stream = login.streams.find((item) => item.name === STREAM);
  if (stream === undefined)
    throw new Error(`not subscribed to #${STREAM}: ${JSON.stringify(login)}`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ content: firstMessageScript(login.session) });
  const page = await context.newPage();
  await page.goto(`${url}/${streamHash(stream)}`);
  await waitInPage(page, "window.__firstMessage !== undefined");
  return page;
}

/** Waits until the draft holds the link of the uploaded file (the upload answered). */
async function waitForLink(page: Page): Promise<void> {
  const message = page.getByRole("textbox", { name: "Message" });
  for (let tries = 0; tries < 3000; tries++) {
    if (/\[pixel\.png\]\(\/user_uploads\/\d+\//.test(await message.inputValue())) return;
    await new Promise((resolveWait) => setTimeout(resolveWait, 10));
  }
  throw new Error(`no upload link in the draft: ${await message.inputValue()}`);
}

/** One send of a pasted PNG: Enter → own row on screen, own preview, the reader's preview. */
async function previewRun(sender: Page, reader: Page, run: number) {
  const text = `Preview ${String(run)} ${Date.now().toString(36)}`;
  await sender.getByRole("textbox", { name: "Topic" }).fill("uploads bench");
  const message = sender.getByRole("textbox", { name: "Message" });
  await message.click();
  await message.fill(`${text} `);
  await message.evaluate((textarea, base64) => {
    const data = new DataTransfer();
    const binary = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    data.items.add(new File([binary], "pixel.png", { type: "image/png" }));
    textarea.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, PNG_1X1);
  await waitForLink(sender);
  await sender.evaluate(watchScript(text));
  await reader.evaluate(watchScript(text));
  await message.press("Enter");
  await waitInPage(
    sender,
    "window.__upload.previewAt !== null && window.__upload.rowAt !== null",
    60_000,
  );
  await waitInPage(reader, "window.__upload.previewAt !== null", 60_000);
  const own = watchSchema.parse(await sender.evaluate("window.__upload"));
  const other = watchSchema.parse(await reader.evaluate("window.__upload"));
  if (own.sendAt === null || own.rowAt === null)
    throw new Error(`run ${String(run)}: no send seen: ${JSON.stringify(own)}`);
  return {
    sendToRowMs: round(own.rowAt - own.sendAt),
    sendToPreviewMs: round(own.previewAt - own.sendAt),
    sendToOtherTabPreviewMs: round(other.previewAt - own.sendAt),
  };
}

type PreviewFigures = Awaited<ReturnType<typeof previewRun>>;

async function previews(browser: Browser, url: string) {
  const sender = await openTab(browser, url, await logIn(url, SENDER));
  const reader = await openTab(browser, url, await logIn(url, READER));
  await previewRun(sender, reader, 0); // warm-up: the first render of a preview
  const list: PreviewFigures[] = [];
  for (let run = 1; run <= runs; run++) list.push(await previewRun(sender, reader, run));
  const pick = (key: keyof PreviewFigures) => round(median(list.map((item) => item[key])));
  return {
    runs,
    medianSendToRowMs: pick("sendToRowMs"),
    medianSendToPreviewMs: pick("sendToPreviewMs"),
    medianSendToOtherTabPreviewMs: pick("sendToOtherTabPreviewMs"),
    maxSendToPreviewMs: Math.max(...list.map((item) => item.sendToPreviewMs)),
    all: list,
  };
}

async function main(): Promise<void> {
  await withAppInChromium(
    { env: "UPLOADS_CLIENT_DIR", folder: "bench-uploads" },
    async (clientDir) => [await startAppServer({ clientDir, demoSize: "default" })],
    async ([server], browser) => {
      if (server === undefined) throw new Error("no server");
      await measure(server.url, browser);
    },
  );
}

/** Throughput over HTTP, then the previews in Chromium, reported and written. */
async function measure(url: string, browser: Browser): Promise<void> {
  const upload20 = await throughput(url);
  const preview = await previews(browser, url);
  const result = {
    how: "production build served by server/main.ts on a fresh data folder; uploads from the bench's process with Basic auth; previews in Chromium (cordelia sends, hamlet reads)",
    throughput: upload20,
    preview,
    loadAverageAtEnd: loadavg().map((load) => round(load, 2)),
  };
  console.table({
    "20 MiB random": row(upload20.random),
    "20 MiB PNG-headed": row(upload20.pngHeaded),
    "26 MiB refused (400)": { ...row(upload20.refusal26MiB), medianMiBps: "" },
  });
  console.table({
    "Enter → own row on screen": { medianMs: preview.medianSendToRowMs },
    "Enter → own preview loaded": { medianMs: preview.medianSendToPreviewMs },
    "Enter → other tab's preview loaded": { medianMs: preview.medianSendToOtherTabPreviewMs },
  });
  console.log(`load ${JSON.stringify(result.loadAverageAtEnd)}`);
  console.log(`wrote ${await writeResults("uploads", result)}`);
}

function row(summary: ReturnType<typeof summariseUploads>) {
  const { medianMs, minMs, maxMs, medianMiBps } = summary;
  return { medianMs, minMs, maxMs, medianMiBps };
}

await main();
