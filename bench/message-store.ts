// The client's message store on its own (Node): applying 10,000 message events to a store that
// holds 100,000 messages (goal ≤ 0.05 ms per event), one event per batch and in batches of 100,
// and switching narrow on that store (goal: the new id list ready in ≤ 5 ms). Prints the medians
// of several runs and writes bench/results/message-store.json.
//
//   node --import tsx bench/message-store.ts [runs=7]
import type { Message } from "../common/wire/message";
import {
  allMessagesNarrow,
  dmNarrow,
  mentionsNarrow,
  searchNarrow,
  starredNarrow,
  streamNarrow,
  topicNarrow,
  type Narrow,
} from "../src/lib/narrow";
import {
  createMessageStore,
  getNarrowState,
  type MessageStoreState,
} from "../src/stores/message-store";
import * as eg from "../src/test/example-data";
import { median, round, writeResults } from "./lib";

const HELD = 100_000;
const EVENTS = 10_000;
const STREAMS = 20;
const TOPICS_PER_STREAM = 50;
const OWN_ID = eg.iago.user_id;
const runs = Number(process.argv[2] ?? 7);

/** Message `id`: mostly stream messages spread over streams and topics, some direct ones. */
function message(id: number): Message {
  const flags = id % 50 === 0 ? ["starred"] : id % 70 === 0 ? ["mentioned"] : [];
  if (id % 9 === 0) {
    const other = 100 + (id % 7);
    return eg.streamMessage({
      id,
      type: "private",
      subject: "",
      stream_id: undefined,
      display_recipient: [OWN_ID, other].map((userId) => ({
        id: userId,
        email: `u${userId}@bench.test`,
        full_name: `User ${userId}`,
      })),
      sender_id: other,
      flags,
    });
  }
  const streamId = 1 + (id % STREAMS);
  return eg.streamMessage({
    id,
    stream_id: streamId,
    display_recipient: `stream ${streamId}`,
    subject: `topic ${Math.floor(id / STREAMS) % TOPICS_PER_STREAM}`,
    flags,
  });
}

function fetchAll(state: MessageStoreState, narrow: Narrow, messages: Message[]): void {
  const ticket = state.fetchStarted(narrow, "around");
  state.messagesFetched(ticket, eg.messagesResponse(messages));
}

/**
 * A store holding 100,000 messages, caught up in "all", with the narrows a session would have
 * open or visited: some streams and topics, conversations, starred, mentions. A listener stands in
 * for React, reading the open topic's state after every change.
 */
function buildStore() {
  const store = createMessageStore();
  const state = store.getState();
  state.sessionStarted(OWN_ID);
  const messages = Array.from({ length: HELD }, (_, i) => message(i + 1));
  fetchAll(state, allMessagesNarrow(), messages);
  const openTopic = topicNarrow(1, "stream 1", "topic 1");
  for (const narrow of [
    streamNarrow(1, "stream 1"),
    streamNarrow(2, "stream 2"),
    openTopic,
    topicNarrow(2, "stream 2", "topic 2"),
    dmNarrow([101]),
    starredNarrow(),
    mentionsNarrow(),
  ]) {
    state.narrowOpened(narrow);
  }
  let seen = 0;
  store.subscribe((next) => {
    seen += getNarrowState(next, openTopic)?.ids.length ?? 0;
  });
  return { store, seenByListener: () => seen };
}

/** Milliseconds per event for 10,000 new messages applied in batches of `batchSize`. */
function applyEvents(batchSize: number): number {
  const { store } = buildStore();
  const events = Array.from({ length: EVENTS }, (_, i) => {
    const m = message(HELD + 1 + i);
    return { message: m, flags: m.flags ?? [] };
  });
  const start = performance.now();
  for (let i = 0; i < events.length; i += batchSize) {
    store.getState().messagesReceived(events.slice(i, i + batchSize));
  }
  const elapsed = performance.now() - start;
  const all = getNarrowState(store.getState(), allMessagesNarrow());
  if (all?.ids.length !== HELD + EVENTS) throw new Error("events were not all applied");
  return elapsed / EVENTS;
}

/** Milliseconds until a newly opened narrow's id list is ready, for each kind of switch. */
function switchNarrow(run: number) {
  const { store } = buildStore();
  const time = (narrow: Narrow) => {
    const start = performance.now();
    store.getState().narrowOpened(narrow);
    const ids = getNarrowState(store.getState(), narrow)?.ids;
    const elapsed = performance.now() - start;
    if (ids === undefined || ids.length === 0) throw new Error("no list after switching");
    return elapsed;
  };
  // A narrow no list held can give (a search): ready when its first window is merged.
  const fetched = Array.from({ length: 200 }, (_, i) => message(1000 + run * 200 + i));
  const fromServer = () => {
    const narrow = searchNarrow(`query ${run}`);
    const start = performance.now();
    store.getState().narrowOpened(narrow);
    fetchAll(store.getState(), narrow, fetched);
    const length = getNarrowState(store.getState(), narrow)?.ids.length;
    const elapsed = performance.now() - start;
    if (length !== fetched.length) throw new Error("the window was not merged");
    return elapsed;
  };
  // Different narrows each run, so none is held already (except the last, which is).
  const streamId = 3 + (run % (STREAMS - 3));
  return {
    searchWindowOf200: fromServer(),
    streamFromAll: time(streamNarrow(streamId, "s")),
    topicFromStream: time(topicNarrow(streamId, "s", `topic ${run % TOPICS_PER_STREAM}`)),
    topicFromAll: time(topicNarrow(1 + ((streamId + 5) % STREAMS), "s", "topic 3")),
    dmFromAll: time(dmNarrow([100 + (run % 7)])),
    alreadyHeld: time(streamNarrow(1, "stream 1")),
  };
}

function medianOf<T extends Record<string, number>>(samples: T[], key: keyof T): number {
  return round(median(samples.map((sample) => sample[key] ?? Number.NaN)), 4);
}

// Warm-up (JIT), then the measured runs.
applyEvents(1);
applyEvents(100);
switchNarrow(0);

const perEventSingle: number[] = [];
const perEventBatched: number[] = [];
const switches: ReturnType<typeof switchNarrow>[] = [];
for (let run = 1; run <= runs; run++) {
  perEventSingle.push(applyEvents(1));
  perEventBatched.push(applyEvents(100));
  switches.push(switchNarrow(run));
}

const figures = {
  heldMessages: HELD,
  events: EVENTS,
  runs,
  msPerEventOneEventPerBatch: round(median(perEventSingle), 4),
  msPerEventBatchesOf100: round(median(perEventBatched), 4),
  msPerEventRuns: {
    oneEventPerBatch: perEventSingle.map((v) => round(v, 4)),
    batchesOf100: perEventBatched.map((v) => round(v, 4)),
  },
  switchNarrowMs: {
    streamDerivedFromAll: medianOf(switches, "streamFromAll"),
    topicDerivedFromStream: medianOf(switches, "topicFromStream"),
    topicDerivedFromAll: medianOf(switches, "topicFromAll"),
    dmDerivedFromAll: medianOf(switches, "dmFromAll"),
    alreadyHeld: medianOf(switches, "alreadyHeld"),
    searchFirstWindowOf200Merged: medianOf(switches, "searchWindowOf200"),
  },
};

console.log(
  `store of ${String(HELD)} messages, ${String(EVENTS)} message events, ${String(runs)} runs (medians)`,
);
console.log(
  `  one event per batch:  ${figures.msPerEventOneEventPerBatch.toFixed(4)} ms/event (goal ≤ 0.05)`,
);
console.log(
  `  batches of 100:       ${figures.msPerEventBatchesOf100.toFixed(4)} ms/event (goal ≤ 0.05)`,
);
console.log("switching narrow, until the new id list is ready (goal ≤ 5 ms):");
for (const [name, ms] of Object.entries(figures.switchNarrowMs)) {
  console.log(`  ${name.padEnd(30)} ${ms.toFixed(3)} ms`);
}
await writeResults("message-store", figures);
