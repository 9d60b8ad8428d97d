import { afterEach, describe, expect, it, vi } from "vitest";
import { createApiClient } from "../api/client";
import { streamNarrow, topicNarrow } from "../lib/narrow";
import { createMessageStore } from "../stores/message-store";
import * as eg from "../test/example-data";
import { markUnreadFrom, readIdsFrom } from "./mark-unread";
import type { FlagActionDeps } from "./star";
import { isReadingPaused, resumeReading } from "../stores/reading-store";

afterEach(resumeReading);

describe("readIdsFrom", () => {
  const flags = new Map<number, string[]>([
    [10, ["read"]],
    [11, []],
    [12, ["read", "starred"]],
    [13, ["read"]],
    [15, []],
  ]);
  const lookup = (id: number) => {
    const found = flags.get(id);
    return found === undefined ? undefined : { flags: found };
  };

  it("takes the read messages from the given one on, in order", () => {
    expect(readIdsFrom([10, 11, 12, 13, 15], 11, lookup)).toEqual([12, 13]);
  });

  it("includes the message itself when it is read", () => {
    expect(readIdsFrom([10, 11, 12, 13, 15], 10, lookup)).toEqual([10, 12, 13]);
  });

  it("skips ids whose message is not loaded", () => {
    expect(readIdsFrom([12, 14, 13], 12, lookup)).toEqual([12, 13]);
  });
});

describe("markUnreadFrom", () => {
  function setup() {
    const store = createMessageStore();
    store.getState().sessionStarted(eg.iago.user_id);
    const narrow = streamNarrow(eg.general.stream_id, eg.general.name);
    store.getState().narrowOpened(narrow);
    const ticket = store.getState().fetchStarted(narrow, "around");
    // 502 is unread already; the others are read.
    const messages = [501, 502, 503, 504].map((id) =>
      eg.streamMessage({ id, flags: id === 502 ? [] : ["read"] }),
    );
    store.getState().messagesFetched(ticket, { messages, found_oldest: true, found_newest: true });
    const updateFlags = vi.fn<FlagActionDeps["updateFlags"]>(() =>
      Promise.resolve({ result: "success", msg: "", messages: [] }),
    );
    const report = vi.fn<(id: number, text: string) => void>();
    const deps: FlagActionDeps = { store, client: createApiClient(), updateFlags, report };
    return { narrow, deps, updateFlags, report };
  }

  it("removes the read flag from the loaded read messages of the narrow from here on", async () => {
    const { narrow, deps, updateFlags, report } = setup();
    await markUnreadFrom(narrow, 502, deps);
    expect(updateFlags).toHaveBeenCalledTimes(1);
    expect(updateFlags.mock.calls[0]?.[1]).toEqual({
      messages: [503, 504],
      op: "remove",
      flag: "read",
    });
    expect(report).not.toHaveBeenCalled();
    expect(isReadingPaused(narrow)).toBe(true);
    expect(isReadingPaused(topicNarrow(eg.general.stream_id, eg.general.name, "x"))).toBe(false);
  });

  it("reports a refusal beside the message", async () => {
    const { narrow, deps, updateFlags, report } = setup();
    updateFlags.mockRejectedValueOnce(new Error("Invalid message(s)"));
    await markUnreadFrom(narrow, 501, deps);
    expect(report).toHaveBeenCalledWith(501, "Could not mark as unread: Invalid message(s)");
  });
});
