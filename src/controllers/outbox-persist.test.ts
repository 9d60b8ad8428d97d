import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, NetworkError } from "../api/errors";
import type { SendMessageParams } from "../api/messages";
import { realSetTimer } from "../lib/timer";
import * as markdown from "../../common/markdown/render";
import { EMPTY_RENDER_CONTEXT } from "../../common/markdown/types";
import { memoryStorage } from "../test/events-fakes";
import type { OutboxDestination } from "../stores/outbox-store";
import { createOutboxController, type OutboxDeps } from "./outbox-controller";
import { outboxStorageKey, readOutbox, STALE_OUTBOX_MS } from "./outbox-persist";
import { createOutboxStore } from "../stores/outbox-store";

const owner = "iago@parley.test";
const lunch: OutboxDestination = {
  type: "stream",
  streamId: 12,
  streamName: "general",
  topic: "lunch",
};

/** One page load: a fresh store and controller over the given storage. */
function page(
  storage: ReturnType<typeof memoryStorage>,
  answer: (params: SendMessageParams) => Promise<number>,
) {
  const sent: SendMessageParams[] = [];
  let nextLocalId = 0;
  const deps: OutboxDeps = {
    store: createOutboxStore(),
    send: async (params) => {
      sent.push(params);
      return { result: "success", msg: "", id: await answer(params) };
    },
    queueId: () => "q1",
    sender: () => ({ userId: 10, email: owner, fullName: "Iago", avatarUrl: null }),
    renderContext: () => EMPTY_RENDER_CONTEXT,
    loadRenderer: () => Promise.resolve(markdown),
    isMessageKnown: () => false,
    requestEventPoll: () => undefined,
    storage,
    createLocalId: () => `${String(Date.now())}-${String(++nextLocalId)}`,
    now: () => Date.now(),
    setTimer: realSetTimer,
    random: () => 0.5,
    warn: vi.fn(),
  };
  const outbox = createOutboxController(deps);
  outbox.start(owner);
  return { outbox, store: deps.store, sent, warn: deps.warn };
}

const hang = () => new Promise<number>(() => undefined);

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("outbox persistence", () => {
  it("restores unsent entries after a reload and resends them with their local ids", async () => {
    const storage = memoryStorage();
    const before = page(storage, (params) => {
      if (params.content === "refused")
        return Promise.reject(new ApiError(400, undefined, "No such stream"));
      if (params.content === "offline") return Promise.reject(new NetworkError("offline"));
      return params.content === "delivered" ? Promise.resolve(50) : hang();
    });
    const inFlight = before.outbox.queue(lunch, "in flight");
    const offline = before.outbox.queue({ type: "direct", userIds: [11] }, "offline");
    // Other topics: one conversation's messages go one at a time.
    const refused = before.outbox.queue({ ...lunch, topic: "plans" }, "refused");
    before.outbox.queue({ ...lunch, topic: "news" }, "delivered");
    await vi.advanceTimersByTimeAsync(0);

    // The page reloads.
    const after = page(storage, () => Promise.resolve(60));
    await vi.advanceTimersByTimeAsync(0);
    const restored = after.store.getState().entries;
    expect(restored.map((entry) => [entry.localId, entry.status, entry.content])).toEqual([
      [inFlight, "sending", "in flight"],
      [offline, "sending", "offline"],
      [refused, "failed", "refused"],
    ]);
    expect(restored[2]?.error).toBe("No such stream");
    expect(restored[0]?.echo.content).toBe("<p>in flight</p>");
    expect(after.sent).toEqual([]); // nothing goes before the event queue exists

    after.outbox.queueRegistered();
    expect(after.sent.map((params) => params.local_id)).toEqual([inFlight, offline]);
    expect(after.sent[1]).toMatchObject({ type: "direct", to: [11] });
    await vi.advanceTimersByTimeAsync(0);
    // Accepted ones are no longer stored: only the refused one is left to survive a reload.
    expect(readOutbox(storage, owner, vi.fn()).map((entry) => entry.localId)).toEqual([refused]);
  });

  it("sends the restored messages of a conversation in their order, one at a time", async () => {
    const storage = memoryStorage();
    const before = page(storage, () => Promise.reject(new NetworkError("offline")));
    const typed = ["one", "two", "three"].map((content) => before.outbox.queue(lunch, content));
    await vi.advanceTimersByTimeAsync(0);

    const answers: ((id: number) => void)[] = [];
    const after = page(
      storage,
      () =>
        new Promise<number>((resolve) => {
          answers.push(resolve);
        }),
    );
    expect(after.store.getState().entries.map((entry) => entry.localId)).toEqual(typed);
    after.outbox.queueRegistered();
    expect(after.sent.map((params) => params.local_id)).toEqual(typed.slice(0, 1));
    answers[0]?.(61);
    await vi.advanceTimersByTimeAsync(0);
    expect(after.sent.map((params) => params.local_id)).toEqual(typed.slice(0, 2));
    answers[1]?.(62);
    await vi.advanceTimersByTimeAsync(0);
    expect(after.sent.map((params) => params.local_id)).toEqual(typed);
  });

  it("doesn't send by itself what waited more than a day; it shows as failed", () => {
    const storage = memoryStorage();
    page(storage, hang).outbox.queue(lunch, "old news");
    vi.setSystemTime(Date.now() + STALE_OUTBOX_MS + 1);
    const after = page(storage, hang);
    after.outbox.queueRegistered();
    expect(after.store.getState().entries[0]).toMatchObject({
      status: "failed",
      content: "old news",
    });
    expect(after.sent).toEqual([]);
  });

  it("reads corrupt storage as empty and keeps the good entries of a damaged one", () => {
    const storage = memoryStorage();
    const key = outboxStorageKey(owner);
    for (const text of ["not json", "null", '{"version": 2, "entries": []}', '{"entries": 5}']) {
      storage.items.set(key, text);
      const loaded = page(storage, hang);
      expect(loaded.store.getState().entries).toEqual([]);
    }
    const good = {
      localId: "a",
      destination: lunch,
      content: "kept",
      status: "sending",
      error: null,
      createdAt: Date.now(),
    };
    storage.items.set(
      key,
      JSON.stringify({
        version: 1,
        entries: [
          good,
          { ...good, localId: "" },
          { ...good, destination: { type: "direct", userIds: [] } },
          7,
        ],
      }),
    );
    const loaded = page(storage, hang);
    expect(loaded.store.getState().entries.map((entry) => entry.content)).toEqual(["kept"]);
    expect(loaded.warn).toHaveBeenCalledTimes(3);
  });

  it("keeps each user's outbox apart", async () => {
    const storage = memoryStorage();
    const first = page(storage, hang);
    first.outbox.queue(lunch, "from iago");
    first.outbox.start("hamlet@parley.test");
    expect(first.store.getState().entries).toEqual([]);
    first.outbox.start(owner);
    await vi.advanceTimersByTimeAsync(0);
    expect(first.store.getState().entries.map((entry) => entry.content)).toEqual(["from iago"]);
  });
});
