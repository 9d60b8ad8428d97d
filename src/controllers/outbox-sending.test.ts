import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, NetworkError } from "../api/errors";
import type { OutboxDestination } from "../stores/outbox-store";
import { setupOutbox } from "../test/outbox-fakes";

const lunch: OutboxDestination = {
  type: "stream",
  streamId: 12,
  streamName: "general",
  topic: "lunch",
};
const dinner: OutboxDestination = { ...lunch, topic: "dinner" };

const flush = () => vi.advanceTimersByTimeAsync(0);
const offline = () => new NetworkError("Failed to fetch");

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("outbox: the order of a conversation", () => {
  it("sends a message only once the earlier one of its conversation was accepted", async () => {
    const { outbox, sends, sentIds } = setupOutbox();
    const first = outbox.queue(lunch, "one");
    const second = outbox.queue(lunch, "two");
    const third = outbox.queue(lunch, "three");
    expect(sentIds()).toEqual([first]);
    sends[0]?.resolve(101);
    await flush();
    expect(sentIds()).toEqual([first, second]);
    sends[1]?.resolve(102);
    await flush();
    expect(sentIds()).toEqual([first, second, third]);
  });

  it("keeps the typed order when the first send fails and is retried", async () => {
    const { outbox, sends, entry, sentIds } = setupOutbox();
    const first = outbox.queue(lunch, "one");
    const second = outbox.queue(lunch, "two");
    const third = outbox.queue(lunch, "three");
    sends[0]?.reject(offline());
    await flush();
    // The later ones wait with it, retried at the same moment (behind it).
    const at = Date.now() + 500;
    expect(entry(first)).toMatchObject({ status: "retrying", nextRetryAt: at });
    expect(entry(second)).toMatchObject({ status: "retrying", nextRetryAt: at });
    expect(entry(third)).toMatchObject({ status: "retrying", nextRetryAt: at });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sentIds()).toEqual([first, first]);
    sends[1]?.resolve(101);
    await flush();
    sends[2]?.resolve(102);
    await flush();
    sends[3]?.resolve(103);
    await flush();
    expect(sentIds()).toEqual([first, first, second, third]);
    expect([first, second, third].map((id) => entry(id)?.messageId)).toEqual([101, 102, 103]);
  });

  it("a message typed while its conversation waits goes after the waiting ones", async () => {
    const { outbox, sends, entry, sentIds } = setupOutbox();
    const first = outbox.queue(lunch, "one");
    sends[0]?.reject(offline());
    await flush();
    const second = outbox.queue(lunch, "two");
    expect(entry(second)).toMatchObject({ status: "retrying", nextRetryAt: Date.now() + 500 });
    expect(sentIds()).toEqual([first]);
    outbox.retry(second); // "Retry now" on any of them sends the conversation from its start
    expect(sentIds()).toEqual([first, first]);
    sends[1]?.resolve(101);
    await flush();
    expect(sentIds()).toEqual([first, first, second]);
  });

  it("other conversations don't wait for a stuck one", async () => {
    const { outbox, sends, sentIds } = setupOutbox();
    const first = outbox.queue(lunch, "one");
    outbox.queue(lunch, "two");
    sends[0]?.reject(offline());
    await flush();
    const elsewhere = outbox.queue(dinner, "elsewhere");
    const direct = outbox.queue({ type: "direct", userIds: [11] }, "psst");
    expect(sentIds()).toEqual([first, elsewhere, direct]);
  });

  it("topics differing only in case are one conversation, as in Zulip", () => {
    const { outbox, sentIds } = setupOutbox();
    const first = outbox.queue(lunch, "one");
    outbox.queue({ ...lunch, topic: "LUNCH" }, "two");
    expect(sentIds()).toEqual([first]);
  });

  it("a refused message stays failed and does not hold back the later ones", async () => {
    const { outbox, sends, entry, sentIds } = setupOutbox();
    const first = outbox.queue(lunch, "one");
    const second = outbox.queue(lunch, "two");
    sends[0]?.reject(new ApiError(400, "BAD_REQUEST", "Message too long"));
    await flush();
    expect(entry(first)).toMatchObject({ status: "failed", error: "Message too long" });
    expect(sentIds()).toEqual([first, second]);
    sends[1]?.resolve(101);
    await flush();
    // Retried by the user, it goes at once, after what was sent meanwhile.
    outbox.retry(first);
    expect(sentIds()).toEqual([first, second, first]);
  });

  it("cancelling the waiting first message lets the next one go", async () => {
    const { outbox, sends, sentIds } = setupOutbox();
    const first = outbox.queue(lunch, "one");
    const second = outbox.queue(lunch, "two");
    sends[0]?.reject(offline());
    await flush();
    expect(outbox.cancel(first)).toMatchObject({ content: "one" });
    expect(sentIds()).toEqual([first, second]);
  });
});

describe("outbox: the connection's return", () => {
  it("sends the waiting messages at once when the event connection is live again", async () => {
    const { outbox, sends, entry, sentIds, reconnect } = setupOutbox();
    outbox.start("iago@parley.test");
    const first = outbox.queue(lunch, "one");
    const second = outbox.queue(lunch, "two");
    const elsewhere = outbox.queue(dinner, "elsewhere");
    // A long outage: six failures, so the next wait is up to the cap of 10 s.
    for (let failure = 0; failure < 5; failure++) {
      sends.at(-2)?.reject(offline());
      sends.at(-1)?.reject(offline());
      await flush();
      await vi.advanceTimersByTimeAsync((entry(first)?.nextRetryAt ?? 0) - Date.now());
    }
    sends.at(-2)?.reject(offline());
    sends.at(-1)?.reject(offline());
    await flush();
    expect(entry(first)?.nextRetryAt).toBe(Date.now() + 5000);
    const before = sends.length;

    reconnect();
    expect(sentIds().slice(before)).toEqual([first, elsewhere]);
    sends[before]?.resolve(101);
    await flush();
    expect(sentIds().slice(before)).toEqual([first, elsewhere, second]);
    // The cancelled waits send nothing more.
    sends[before + 1]?.resolve(102);
    sends[before + 2]?.resolve(103);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sends).toHaveLength(before + 3);
  });

  it("a send that goes through after failures lets the other conversations go at once", async () => {
    const { outbox, sends, entry, sentIds, deps } = setupOutbox();
    const first = outbox.queue(lunch, "one");
    for (let failure = 0; failure < 3; failure++) {
      sends.at(-1)?.reject(offline());
      await flush();
      await vi.advanceTimersByTimeAsync((entry(first)?.nextRetryAt ?? 0) - Date.now());
    }
    sends.at(-1)?.reject(offline());
    await flush();
    expect(entry(first)?.nextRetryAt).toBe(Date.now() + 4000);
    const elsewhere = outbox.queue(dinner, "elsewhere");
    sends.at(-1)?.reject(offline());
    await flush();
    await vi.advanceTimersByTimeAsync(500); // its first, short wait
    const before = sends.length;
    expect(sentIds().at(-1)).toBe(elsewhere);
    sends.at(-1)?.resolve(101);
    await flush();
    expect(sentIds().slice(before)).toEqual([first]);
    expect(deps.requestEventPoll).toHaveBeenCalledTimes(1);
  });

  it("a new event queue also sends the waiting messages at once", async () => {
    const { outbox, sends, entry, sentIds } = setupOutbox();
    const first = outbox.queue(lunch, "one");
    sends[0]?.reject(offline());
    await flush();
    expect(entry(first)?.status).toBe("retrying");
    outbox.queueRegistered();
    expect(sentIds()).toEqual([first, first]);
  });

  it("stops listening for the connection when the session stops", async () => {
    const { outbox, sends, sentIds, reconnect } = setupOutbox();
    outbox.start("iago@parley.test");
    const first = outbox.queue(lunch, "one");
    sends[0]?.reject(offline());
    await flush();
    outbox.stop();
    reconnect();
    expect(sentIds()).toEqual([first]);
  });
});
