import { describe, expect, it, vi } from "vitest";
import { createApiClient } from "../api/client";
import { createMessageStore, getMessage } from "../stores/message-store";
import * as eg from "../test/example-data";
import { toggleReaction, type ReactionDeps } from "./reactions";

const tada = { emoji_name: "tada", emoji_code: "1f389", reaction_type: "unicode_emoji" };

function setup(reactions: { user_id: number }[] = []) {
  const store = createMessageStore();
  store.getState().sessionStarted(eg.iago.user_id);
  const message = eg.streamMessage({ reactions: reactions.map((each) => ({ ...tada, ...each })) });
  store.getState().messagesReceived([{ message, flags: [] }]);
  const deps = {
    store,
    client: createApiClient(),
    ownUserId: eg.iago.user_id,
    add: vi.fn<ReactionDeps["add"]>(() => Promise.resolve()),
    remove: vi.fn<ReactionDeps["remove"]>(() => Promise.resolve()),
    report: vi.fn<(id: number, text: string) => void>(),
  };
  const users = () =>
    (getMessage(store.getState(), message.id)?.reactions ?? []).map((each) => each.user_id);
  return { message, deps, users };
}

describe("toggleReaction", () => {
  it("adds my reaction at once and asks the server with the emoji's code and type", async () => {
    const { message, deps, users } = setup([{ user_id: eg.hamlet.user_id }]);
    const done = toggleReaction(message.id, tada, deps);
    expect(users()).toEqual([eg.hamlet.user_id, eg.iago.user_id]);
    await done;
    expect(deps.add).toHaveBeenCalledWith(deps.client, {
      message_id: message.id,
      emoji_name: "tada",
      emoji_code: "1f389",
      reaction_type: "unicode_emoji",
    });
    expect(deps.remove).not.toHaveBeenCalled();
  });

  it("removes my reaction when I had reacted with that emoji", async () => {
    const { message, deps, users } = setup([{ user_id: eg.iago.user_id }]);
    await toggleReaction(message.id, tada, deps);
    expect(users()).toEqual([]);
    expect(deps.remove).toHaveBeenCalledTimes(1);
  });

  it("puts things back and reports when the server refuses", async () => {
    const { message, deps, users } = setup();
    deps.add.mockRejectedValueOnce(new Error("Invalid emoji code."));
    await toggleReaction(message.id, tada, deps);
    expect(users()).toEqual([]);
    expect(deps.report).toHaveBeenCalledWith(
      message.id,
      "Could not add the reaction: Invalid emoji code.",
    );
  });
});
