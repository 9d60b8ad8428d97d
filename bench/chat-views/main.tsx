// The chat-views bench page: the app's real `MessageList`, stores and styles in a production
// build, with 100,000 messages of one stream put into the message store through its own fetch
// actions (as JSON text parsed by the API's schema, like a fetch's) and the query caches seeded
// as the register snapshot seeds them. No server: no event queue is registered, so the list
// never fetches; other requests are answered by the driver.
// bench/chat-views.ts drives it through `window.parleyBench`. `?list=react-virtual` renders the
// same rows windowed by @tanstack/react-virtual instead (virtual-message-list.tsx; `overscan`:
// its rows rendered beyond each side of the view; `react-virtual-relative`: with its scroll
// corrections relative to the element), for the comparison in BENCHMARKS.md.
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, useLayoutEffect } from "react";
import { createRoot } from "react-dom/client";
import { getMessagesResponseSchema } from "../../common/wire/responses";
import { MessageList } from "../../src/features/message-list/message-list";
import { streamNarrow, type Narrow } from "../../src/lib/narrow";
import { createQueryClient } from "../../src/queries/query-client";
import { seedQueriesFromSnapshot } from "../../src/queries/query-events";
import { userQueries } from "../../src/queries/user-queries";
import { getNarrowState, messageStore } from "../../src/stores/message-store";
import { sessionStore } from "../../src/stores/session-store";
import * as eg from "../../src/test/example-data";
import "../../src/styles.css";
import {
  afterPaint,
  copyItems,
  findScroller,
  messageRows,
  nextFrame,
  removeCopies,
  retextCopies,
  scrollFrames,
  scrollThrough,
  thisFramePainted,
  visibleMessageId,
} from "./measure";
import { BENCH_STREAM, BENCH_SUBSCRIPTIONS, BENCH_USERS, benchMessages } from "./messages";
import { prependProbe, type ProbeKind } from "./prepend-probe";
import { VirtualMessageList } from "./virtual-message-list";

const PARAMS = new URLSearchParams(location.search);
const MESSAGE_COUNT = Number(PARAMS.get("messages") ?? 100_000);
/**
 * Which list windows the rows: the app's own, or @tanstack/react-virtual, as documented or
 * with its scroll corrections made relative to the element (`relativeScroll`).
 */
const LIST =
  ["react-virtual", "react-virtual-relative"].find((name) => name === PARAMS.get("list")) ?? "app";
/**
 * react-virtual's rows beyond each side of the view: 25 rows of this page's (about 48 px each)
 * are the app's 1,200 px of overscan.
 */
const OVERSCAN = Number(PARAMS.get("overscan") ?? 25);
const SELF = BENCH_USERS[0] ?? eg.iago;
const narrow = streamNarrow(BENCH_STREAM.stream_id, BENCH_STREAM.name);

/** One open of the narrow, in milliseconds from "narrow chosen". */
interface OpenFigures {
  /** React committed the list (a layout effect after it). */
  commitMs: number;
  /** The first frame showing a message row in the list was painted. */
  paintMs: number;
  /** Frames until then. */
  frames: number;
  /** Message rows in the DOM at that paint. */
  rows: number;
}

const errors: string[] = [];
window.addEventListener("error", (event) => {
  errors.push(event.message);
});
window.addEventListener("unhandledrejection", (event) => {
  errors.push(String(event.reason));
});

const queryClient = createQueryClient(() => {
  errors.push("the bench session was ended (401)");
});
sessionStore.getState().login({ email: SELF.email, apiKey: "bench", userId: SELF.user_id });
seedQueriesFromSnapshot(
  queryClient,
  eg.registerResponse({
    user_id: SELF.user_id,
    email: SELF.email,
    full_name: SELF.full_name,
    subscriptions: BENCH_SUBSCRIPTIONS,
    realm_users: BENCH_USERS,
    realm_emoji: {},
    realm_user_groups: [],
    realm_linkifiers: [],
  }),
);
// The profile, as the app has it long before anyone opens a narrow (rows ask who "I" am).
queryClient.setQueryData(userQueries.me().queryKey, { ...SELF, result: "success", msg: "" });

/** Fills the store the way a fetch of the whole stream would; returns the milliseconds taken. */
function fillStore(): number {
  // As a fetch delivers them: JSON text, parsed, then checked by the API's own schema (flat
  // strings, one copy per message and field, not the generator's shared and concatenated ones).
  const json = JSON.stringify(eg.messagesResponse(benchMessages(MESSAGE_COUNT)));
  const response = getMessagesResponseSchema.parse(JSON.parse(json));
  const start = performance.now();
  const store = messageStore.getState();
  store.sessionStarted(SELF.user_id);
  const ticket = store.fetchStarted(narrow, "around");
  store.messagesFetched(ticket, response);
  const held = getNarrowState(messageStore.getState(), narrow)?.ids.length;
  if (held !== MESSAGE_COUNT) throw new Error(`the store holds ${held} messages`);
  return performance.now() - start;
}

let onCommit: (() => void) | null = null;

/** Placed after the list: its layout effect runs once the list's commit is done. */
function CommitProbe() {
  useLayoutEffect(() => {
    onCommit?.();
    onCommit = null;
  });
  return null;
}

/** The list chosen by `?list=`. */
function List({ narrow }: { narrow: Narrow }) {
  return LIST !== "app" ? (
    <VirtualMessageList
      narrow={narrow}
      overscan={OVERSCAN}
      isAdjustingRelative={LIST === "react-virtual-relative"}
    />
  ) : (
    <MessageList narrow={narrow} />
  );
}

/** The centre column as the app lays it out, with the list of `shown` when `openCount` > 0. */
function Bench({ openCount, shown }: { openCount: number; shown: Narrow }) {
  return (
    <main
      className="conversation"
      aria-label="Conversation"
      style={{ height: "100vh", display: "flex", flexDirection: "column" }}
    >
      <h1 className="conversation-title">#{BENCH_STREAM.name}</h1>
      {openCount > 0 && <List key={openCount} narrow={shown} />}
      <CommitProbe />
    </main>
  );
}

const container = document.getElementById("root");
if (container === null) throw new Error("no #root");
const root = createRoot(container);
let opens = 0;

function render(openCount: number, shown: Narrow = narrow): void {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Bench openCount={openCount} shown={shown} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

/** Waits, frame by frame, until a message row is on screen; then until that frame is painted. */
async function firstRowPainted(start: number): Promise<{ paintMs: number; frames: number }> {
  for (let frames = 1; frames <= 1_000; frames++) {
    await nextFrame();
    const scroller = document.querySelector('ol[aria-label="Messages"]') ? findScroller() : null;
    if (scroller && visibleMessageId(scroller) !== undefined) {
      return { paintMs: (await thisFramePainted()) - start, frames };
    }
  }
  throw new Error("no message row became visible");
}

/** Chooses the narrow (renders the list) and times commit and first paint. */
async function open(shown: Narrow = narrow): Promise<OpenFigures> {
  opens++;
  let commitMs = Number.NaN;
  const start = performance.now();
  onCommit = () => {
    commitMs = performance.now() - start;
  };
  render(opens, shown);
  const painted = await firstRowPainted(start);
  return { commitMs, ...painted, rows: messageRows() };
}

/** Leaves the narrow (the list unmounts) and lets the page settle. */
async function close(): Promise<void> {
  render(0);
  await afterPaint();
  await new Promise((resolve) => setTimeout(resolve, 100));
}

/** What `change` does to the store while the narrow is open. */
type StoreChange = "star-in-narrow" | "message-elsewhere";

/**
 * One change of the store with the narrow open, timed from the change to the paint of the next
 * frame: a star on a message of the narrow (the `step`-th after its middle: the list regroups or
 * replaces rows), or a new message in another stream (the list's messages stay as they were).
 */
async function change(kind: StoreChange, step: number): Promise<number> {
  const store = messageStore.getState();
  const start = performance.now();
  if (kind === "star-in-narrow") {
    const ids = getNarrowState(store, narrow)?.ids ?? [];
    const id = ids[Math.floor(ids.length / 2) + step];
    if (id === undefined) throw new Error(`no message ${String(step)} after the middle`);
    store.flagsChanged({ op: "add", flag: "starred", messages: [id] });
  } else {
    const message = eg.streamMessage({
      id: MESSAGE_COUNT + 1_000 + step,
      stream_id: BENCH_STREAM.stream_id + 1,
      display_recipient: "design",
      timestamp: Math.floor(Date.now() / 1000),
    });
    store.messagesReceived([{ message, flags: [] }]);
  }
  return (await afterPaint()) - start;
}

const fillMs = fillStore();
render(0);

Object.assign(window, {
  parleyBench: {
    list: LIST,
    overscan: LIST === "app" ? null : OVERSCAN,
    messageCount: MESSAGE_COUNT,
    fillMs,
    errors,
    open,
    close,
    scroll: (count: number, stepPx: number) => scrollThrough(count, stepPx),
    scrollFrames,
    copyItems,
    retextCopies,
    removeCopies,
    change,
    prependProbe: (kind: ProbeKind) =>
      prependProbe(kind, {
        show: async (shown) => {
          await open(shown);
        },
        hide: close,
      }),
  },
});
