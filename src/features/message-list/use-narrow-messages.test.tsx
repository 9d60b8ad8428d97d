// @vitest-environment jsdom
import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { searchNarrow, streamNarrow } from "../../lib/narrow";
import { messageStore } from "../../stores/message-store";
import { INITIAL_CONNECTION, sessionStore } from "../../stores/session-store";
import { unreadStore } from "../../stores/unread-store";
import { VISIBILITY_POLICY } from "../../../common/wire/user-topics";
import * as eg from "../../test/example-data";
import { stubAnimationFrames } from "../../test/fake-frames";
import { createControlledClient } from "../../test/store-fetch";
import { LAZY_CHUNK } from "../../test/lazy-chunk";
import { useNarrowMessages } from "./use-narrow-messages";

const general = streamNarrow(12, "general");

/** The store holding messages 1–5 of #general, as a fetch of the whole stream leaves it. */
function fillGeneral(): void {
  const store = messageStore.getState();
  store.sessionStarted(eg.iago.user_id);
  const ticket = store.fetchStarted(general, "around");
  const messages = [1, 2, 3, 4, 5].map((id) => eg.streamMessage({ id, flags: ["read"] }));
  store.messagesFetched(ticket, eg.messagesResponse(messages));
}

afterEach(() => {
  messageStore.getState().reset();
  sessionStore.setState({ queueId: null, connection: INITIAL_CONNECTION });
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("useNarrowMessages", () => {
  it("answers a search from the held messages once the server has failed to answer", async () => {
    fillGeneral();
    const search = searchNarrow("message 4");
    const { result, unmount } = renderHook(() => useNarrowMessages(search));
    // Still connecting: the server may answer; nothing is guessed.
    expect(result.current.messages).toEqual([]);

    act(() => {
      sessionStore.setState({
        connection: { ...INITIAL_CONNECTION, failures: 1, lastError: "offline" },
      });
    });

    await waitFor(() => {
      expect(result.current.messages.map((message) => message.id)).toEqual([4]);
    }, LAZY_CHUNK);
    expect(result.current.state?.isSearchedOnDevice).toBe(true);
    unmount();
  });

  it("keeps the same array through changes to messages outside the narrow", () => {
    fillGeneral();
    const { result } = renderHook(() => useNarrowMessages(general));
    const before = result.current.messages;
    expect(before.map((message) => message.id)).toEqual([1, 2, 3, 4, 5]);

    act(() => {
      const elsewhere = eg.streamMessage({ id: 9, stream_id: 99, display_recipient: "design" });
      messageStore.getState().messagesReceived([{ message: elsewhere, flags: [] }]);
    });

    expect(result.current.messages).toBe(before);
  });

  it("gives a new array with the new message when one of its messages changes", () => {
    fillGeneral();
    const { result } = renderHook(() => useNarrowMessages(general));
    const before = result.current.messages;

    act(() => {
      messageStore.getState().flagsChanged({ op: "add", flag: "starred", messages: [3] });
    });

    const after = result.current.messages;
    expect(after).not.toBe(before);
    expect(after.map((message) => message.id)).toEqual([1, 2, 3, 4, 5]);
    expect(after[2]?.flags).toEqual(["read", "starred"]);
    expect(after[0]).toBe(before[0]);
  });

  it("gives a new array when a message joins the narrow", () => {
    fillGeneral();
    const { result } = renderHook(() => useNarrowMessages(general));

    act(() => {
      messageStore
        .getState()
        .messagesReceived([{ message: eg.streamMessage({ id: 6 }), flags: [] }]);
    });

    expect(result.current.messages.map((message) => message.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("catches a narrow held in the store up only after the frame that shows it", () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    const frames = stubAnimationFrames();
    const store = messageStore.getState();
    store.sessionStarted(eg.iago.user_id);
    const ticket = store.fetchStarted(general, "around");
    const held = [1, 2, 3].map((id) => eg.streamMessage({ id, flags: ["read"] }));
    store.messagesFetched(ticket, eg.messagesResponse(held, { found_newest: false }));
    const server = createControlledClient();
    sessionStore.setState({ client: server.client, queueId: "q1" });

    renderHook(() => useNarrowMessages(general));
    // The effects of the render that shows it have run: no request yet.
    expect(server.requests).toHaveLength(0);

    frames.frame();
    frames.frame();
    vi.runAllTimers();
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.query).toMatchObject({ anchor: "3", num_before: "0" });
  });
});

describe("useNarrowMessages before the event queue", () => {
  it("fetches nothing the list asks for until the queue exists, then opens the narrow", async () => {
    const server = createControlledClient();
    sessionStore.setState({ client: server.client, queueId: null });
    // A narrow of its own: a fetch another test left unanswered would stand in for this one's.
    const design = streamNarrow(13, "design");
    const { result, unmount } = renderHook(() => useNarrowMessages(design));

    // Rows shown from the offline cache make the list ask for more before register answers:
    // an answer then would miss the events until the queue exists.
    act(() => {
      result.current.loadOlder();
      result.current.loadNewer();
      result.current.jumpToNewest();
      result.current.retry();
    });
    expect(server.requests).toHaveLength(0);

    act(() => {
      sessionStore.setState({ queueId: "q1" });
    });
    await waitFor(() => {
      expect(server.requests).toHaveLength(1);
    });
    expect(server.requests[0]?.query).toMatchObject({ anchor: "first_unread" });
    unmount();
  });
});

describe("useNarrowMessages and muting", () => {
  afterEach(() => {
    unreadStore.getState().reset();
  });

  it("leaves a muted topic's messages out of the stream's view at once, and brings them back", () => {
    const store = messageStore.getState();
    store.sessionStarted(eg.iago.user_id);
    const ticket = store.fetchStarted(general, "around");
    const messages = [
      eg.streamMessage({ id: 1, subject: "lunch" }),
      eg.streamMessage({ id: 2, subject: "dinner" }),
      eg.streamMessage({ id: 3, subject: "Lunch" }),
    ];
    store.messagesFetched(ticket, eg.messagesResponse(messages));
    const { result } = renderHook(() => useNarrowMessages(general));
    const ids = () => result.current.messages.map((message) => message.id);
    expect(ids()).toEqual([1, 2, 3]);

    act(() => {
      unreadStore.getState().topicPolicyChanged(12, "LUNCH", VISIBILITY_POLICY.muted);
    });
    expect(ids()).toEqual([2]);
    expect(result.current.state?.ids).toEqual([2]);

    act(() => {
      unreadStore.getState().topicPolicyChanged(12, "lunch", VISIBILITY_POLICY.inherit);
    });
    expect(ids()).toEqual([1, 2, 3]);
  });
});
