// A functional check of the list on the bench page, beside the timings: does the message the
// reader is looking at stay where it is on screen when older messages are prepended, as
// "load older" does? On a stream of its own (the bench stream's narrow stays as it was): the
// newest half of its messages is held, the reader is put in the middle of them, then the older
// half arrives through the store's own fetch actions.
//   "at-once":      the fetch starts and its answer arrives in the same task (one render);
//   "with-loading": the answer arrives a few frames later, as from the network, so the list
//                   first shows "Loading older messages…" above the rows.
import type { Message } from "../../common/wire/message";
import { streamNarrow, type Narrow } from "../../src/lib/narrow";
import { getNarrowState, messageStore } from "../../src/stores/message-store";
import * as eg from "../../src/test/example-data";
import { findScroller, nextFrame, visibleMessageId } from "./measure";
import { benchMessages } from "./messages";

export type ProbeKind = "at-once" | "with-loading";

/** What the page does for the probe: show a narrow's list (until a row is painted), close it. */
export interface ProbeHost {
  show: (narrow: Narrow) => Promise<void>;
  hide: () => Promise<void>;
}

/** Where the message looked at moved on screen (px, + is down) after the prepend. */
export interface ProbeFigures {
  kind: ProbeKind;
  messageId: number;
  /** Per frame after the older messages arrived (null: its row was not rendered). */
  shiftPerFramePx: (number | null)[];
  /** After the last of those frames. */
  finalShiftPx: number | null;
  /** "with-loading": while "Loading older messages…" showed, before they arrived. */
  shiftWhileLoadingPx: number | null;
}

/** Messages per half (held, then prepended). */
const HALF = 500;
const SETTLE_FRAMES = 10;

function probeMessages(streamId: number, name: string): Message[] {
  const base = 1_000_000 + streamId * 10_000;
  return benchMessages(HALF * 2, streamId).map((message) => ({
    ...message,
    id: base + message.id,
    stream_id: streamId,
    display_recipient: name,
  }));
}

async function frames(count: number): Promise<void> {
  for (let frame = 0; frame < count; frame++) await nextFrame();
}

/** The top of the message's row relative to the scroller's top, if it is rendered. */
function rowTop(scroller: HTMLElement, id: number): number | null {
  const row = document.querySelector(`ol[aria-label="Messages"] li[data-message-id="${id}"]`);
  if (row === null) return null;
  return row.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
}

function shift(scroller: HTMLElement, id: number, before: number): number | null {
  const top = rowTop(scroller, id);
  return top === null ? null : Math.round((top - before) * 10) / 10;
}

/** Runs the probe of `kind` on a fresh stream; the list is closed afterwards. */
export async function prependProbe(kind: ProbeKind, host: ProbeHost): Promise<ProbeFigures> {
  const streamId = kind === "at-once" ? 13 : 14;
  const name = `probe-${kind}`;
  const narrow = streamNarrow(streamId, name);
  const all = probeMessages(streamId, name);
  const store = messageStore.getState();
  const first = store.fetchStarted(narrow, "around");
  store.messagesFetched(
    first,
    eg.messagesResponse(all.slice(HALF), { found_oldest: false, found_newest: true }),
  );
  await host.show(narrow);
  await frames(SETTLE_FRAMES);
  const scroller = findScroller();
  scroller.scrollTop = Math.round(scroller.scrollHeight / 2);
  await frames(SETTLE_FRAMES);
  const id = visibleMessageId(scroller);
  if (id === undefined) throw new Error("no message in view before the prepend");
  const before = rowTop(scroller, id) ?? 0;
  const ticket = messageStore.getState().fetchStarted(narrow, "older");
  let shiftWhileLoadingPx: number | null = null;
  if (kind === "with-loading") {
    await frames(5);
    shiftWhileLoadingPx = shift(scroller, id, before);
  }
  const oldest = getNarrowState(messageStore.getState(), narrow)?.ids[0];
  messageStore.getState().messagesFetched(ticket, {
    ...eg.messagesResponse(all.slice(0, HALF), { found_oldest: true, found_newest: false }),
    before: oldest,
  });
  const shiftPerFramePx: (number | null)[] = [];
  for (let frame = 0; frame < SETTLE_FRAMES; frame++) {
    await nextFrame();
    shiftPerFramePx.push(shift(scroller, id, before));
  }
  await host.hide();
  return {
    kind,
    messageId: id,
    shiftPerFramePx,
    finalShiftPx: shiftPerFramePx.at(-1) ?? null,
    shiftWhileLoadingPx,
  };
}
