import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, NetworkError, RateLimitedError, TimeoutError } from "../api/errors";
import * as markdown from "../../common/markdown/render";
import type { OutboxDestination } from "../stores/outbox-store";
import { setupOutbox } from "../test/outbox-fakes";
import type { EchoRenderer } from "./echo-render";
import { SEND_WATCHDOG_MS } from "./outbox-controller";

const lunch: OutboxDestination = {
  type: "stream",
  streamId: 12,
  streamName: "general",
  topic: "lunch",
};

const setup = setupOutbox;

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("outbox: sending and matching", () => {
  it("shows an echo at once and sends it with queue_id and local_id", async () => {
    const { outbox, sends, entry } = setup();
    outbox.start("iago@parley.test");
    await flush(); // the renderer loads
    const localId = outbox.queue(lunch, "**hi** there");
    expect(entry(localId)).toMatchObject({
      status: "sending",
      messageId: null,
      content: "**hi** there",
      echo: {
        type: "stream",
        subject: "lunch",
        stream_id: 12,
        display_recipient: "general",
        sender_id: 10,
        content: "<p><strong>hi</strong> there</p>",
      },
    });
    expect(entry(localId)?.echo.id).toBeLessThan(0);
    expect(sends.map((send) => send.params)).toEqual([
      {
        type: "stream",
        to: 12,
        topic: "lunch",
        content: "**hi** there",
        queue_id: "q1",
        local_id: localId,
        read_by_sender: true,
      },
    ]);
  });

  it("echo, then the event: the entry goes; the late response changes nothing", async () => {
    const { outbox, sends, entry, deps } = setup();
    const localId = outbox.queue(lunch, "hello");
    outbox.messagesArrived([{ messageId: 77, localId }]);
    expect(entry(localId)).toBeUndefined();
    sends[0]?.resolve(77);
    await flush();
    expect(deps.store.getState().entries).toEqual([]);
  });

  it("echo, then the response (sent), then the event", async () => {
    const { outbox, sends, entry, deps } = setup();
    const localId = outbox.queue(lunch, "hello");
    sends[0]?.resolve(77);
    await flush();
    expect(entry(localId)).toMatchObject({ status: "sent", messageId: 77 });
    // Our event may come without local_message_id (e.g. sent before the queue existed).
    outbox.messagesArrived([{ messageId: 77, localId: undefined }]);
    expect(entry(localId)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(SEND_WATCHDOG_MS);
    expect(deps.requestEventPoll).not.toHaveBeenCalled();
  });

  it("asks for a poll when the response came but no event within 5 s", async () => {
    const { outbox, sends, deps } = setup();
    outbox.queue(lunch, "hello");
    sends[0]?.resolve(77);
    await vi.advanceTimersByTimeAsync(SEND_WATCHDOG_MS - 1);
    expect(deps.requestEventPoll).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.requestEventPoll).toHaveBeenCalledTimes(1);
  });

  it("drops an accepted entry once its message is fetched (no event needed)", async () => {
    const { outbox, sends, entry, known } = setup();
    const localId = outbox.queue(lunch, "hello");
    sends[0]?.resolve(77);
    await flush();
    outbox.pruneDelivered();
    expect(entry(localId)?.status).toBe("sent");
    known.add(77);
    outbox.pruneDelivered();
    expect(entry(localId)).toBeUndefined();
  });

  it("sends a direct message to the participants' ids", () => {
    const { outbox, sends, entry } = setup();
    const localId = outbox.queue({ type: "direct", userIds: [11] }, "psst");
    expect(sends[0]?.params).toMatchObject({ type: "direct", to: [11] });
    expect(entry(localId)?.echo).toMatchObject({
      type: "private",
      display_recipient: [
        { id: 10, full_name: "Iago" },
        { id: 11, full_name: "Unknown user" },
      ],
    });
  });
});

describe("outbox: failures", () => {
  it("a refused send stays, failed with the server's message, until retried", async () => {
    const { outbox, sends, entry } = setup();
    const localId = outbox.queue(lunch, "hello");
    sends[0]?.reject(new ApiError(400, "BAD_REQUEST", "Stream 'general' does not exist"));
    await flush();
    expect(entry(localId)).toMatchObject({
      status: "failed",
      error: "Stream 'general' does not exist",
    });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sends).toHaveLength(1);
    outbox.retry(localId);
    expect(entry(localId)?.status).toBe("sending");
    expect(sends[1]?.params.local_id).toBe(localId);
    sends[1]?.resolve(78);
    await flush();
    expect(entry(localId)).toMatchObject({ status: "sent", messageId: 78, error: null });
  });

  it("retries network failures by itself, with backoff and the same local_id", async () => {
    const { outbox, sends, entry } = setup();
    const localId = outbox.queue(lunch, "hello");
    sends[0]?.reject(new NetworkError("Failed to fetch"));
    await flush();
    // random 0.5 × 1 s.
    expect(entry(localId)).toMatchObject({
      status: "retrying",
      nextRetryAt: Date.now() + 500,
      error: "Failed to fetch",
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(sends).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sends).toHaveLength(2);
    sends[1]?.reject(new TimeoutError(30_000));
    await flush();
    // Second failure: 0.5 × 2 s.
    expect(entry(localId)?.nextRetryAt).toBe(Date.now() + 1000);
    await vi.advanceTimersByTimeAsync(1000);
    sends[2]?.resolve(79);
    await flush();
    expect(sends.map((send) => send.params.local_id)).toEqual([localId, localId, localId]);
    expect(entry(localId)).toMatchObject({ status: "sent", messageId: 79 });
  });

  it("honours Retry-After, treats 5xx as transient, and goes at once on `online`", async () => {
    const { outbox, sends, entry, deps } = setup();
    outbox.start("iago@parley.test");
    const first = outbox.queue(lunch, "one");
    // Another conversation: one conversation's messages go one at a time.
    const second = outbox.queue({ ...lunch, topic: "dinner" }, "two");
    sends[0]?.reject(new RateLimitedError("RATE_LIMIT_HIT", "slow down", {}, 20_000));
    sends[1]?.reject(new ApiError(503, undefined, "Service unavailable"));
    await flush();
    expect(entry(first)).toMatchObject({ status: "retrying", nextRetryAt: Date.now() + 20_000 });
    expect(entry(second)?.status).toBe("retrying");
    deps.network?.dispatchEvent(new Event("online"));
    expect(sends).toHaveLength(4);
    expect(sends.slice(2).map((send) => send.params.local_id)).toEqual([first, second]);
    // The cancelled timers don't send a third time.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sends).toHaveLength(4);
  });

  it("cancel gives back a failed entry; an entry in flight can't be cancelled", async () => {
    const { outbox, sends, entry } = setup();
    const localId = outbox.queue(lunch, "hello");
    expect(outbox.cancel(localId)).toBeUndefined();
    sends[0]?.reject(new NetworkError("offline"));
    await flush();
    expect(outbox.cancel(localId)).toMatchObject({ localId, content: "hello", destination: lunch });
    expect(entry(localId)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sends).toHaveLength(1); // its retry timer went with it
  });
});

describe("outbox: the echo's rendering", () => {
  it("is escaped text until the renderer loads, then rendered like the final message", async () => {
    let finishLoading: (renderer: EchoRenderer) => void = () => undefined;
    const loadRenderer = () =>
      new Promise<EchoRenderer>((resolve) => {
        finishLoading = resolve;
      });
    const { outbox, entry } = setup({ loadRenderer });
    outbox.start("iago@parley.test");
    const localId = outbox.queue(lunch, "<b>**hi**</b>");
    const echoId = entry(localId)?.echo.id;
    expect(entry(localId)?.echo.content).toBe("<p>&lt;b&gt;**hi**&lt;/b&gt;</p>");
    finishLoading(markdown);
    await flush();
    expect(entry(localId)?.echo.content).toContain("<strong>hi</strong>");
    expect(entry(localId)?.echo.content).not.toContain("<b>");
    expect(entry(localId)?.echo.id).toBe(echoId);
  });

  it("falls back to escaped text when the renderer throws", async () => {
    const broken: EchoRenderer = {
      renderMessage: () => {
        throw new Error("boom");
      },
      topicLinks: () => [],
    };
    const { outbox, entry } = setup({ loadRenderer: () => Promise.resolve(broken) });
    outbox.start("iago@parley.test");
    await flush();
    const localId = outbox.queue(lunch, "a & b");
    expect(entry(localId)?.echo.content).toBe("<p>a &amp; b</p>");
  });
});
