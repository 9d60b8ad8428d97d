import { describe, expect, it, vi } from "vitest";
import { createApiClient } from "../api/client";
import { ApiError } from "../api/errors";
import { createMessageStore, getMessage } from "../stores/message-store";
import * as eg from "../test/example-data";
import { isStarred, setStarred, type FlagActionDeps } from "./star";

function setup(flags: string[], updateFlags: FlagActionDeps["updateFlags"]) {
  const store = createMessageStore();
  store.getState().sessionStarted(eg.iago.user_id);
  const message = eg.streamMessage({ flags });
  store.getState().messagesReceived([{ message, flags }]);
  const report = vi.fn<(id: number, text: string) => void>();
  const deps: FlagActionDeps = { store, client: createApiClient(), updateFlags, report };
  const starred = () => isStarred(getMessage(store.getState(), message.id) ?? { flags: [] });
  return { message, deps, report, starred };
}

describe("setStarred", () => {
  it("stars at once, before the server answers, and asks the server", async () => {
    let answer: () => void = () => undefined;
    const updateFlags = vi.fn<FlagActionDeps["updateFlags"]>(
      () =>
        new Promise((resolve) => {
          answer = () => {
            resolve({ result: "success", msg: "", messages: [] });
          };
        }),
    );
    const { message, deps, report, starred } = setup(["read"], updateFlags);

    const done = setStarred(message.id, true, deps);
    expect(starred()).toBe(true);
    expect(updateFlags).toHaveBeenCalledWith(deps.client, {
      messages: [message.id],
      op: "add",
      flag: "starred",
    });
    answer();
    await done;
    expect(starred()).toBe(true);
    expect(report).not.toHaveBeenCalled();
  });

  it("rolls the star back and reports the server's reason when the request fails", async () => {
    const updateFlags = vi.fn<FlagActionDeps["updateFlags"]>(() =>
      Promise.reject(new ApiError(400, "BAD_REQUEST", "Invalid message(s)")),
    );
    const { message, deps, report, starred } = setup(["read"], updateFlags);

    await setStarred(message.id, true, deps);
    expect(starred()).toBe(false);
    expect(report).toHaveBeenCalledWith(
      message.id,
      "Could not star the message: Invalid message(s)",
    );
  });

  it("rolls an unstar back to starred when it fails", async () => {
    const updateFlags = vi.fn<FlagActionDeps["updateFlags"]>(() =>
      Promise.reject(new Error("offline")),
    );
    const { message, deps, report, starred } = setup(["read", "starred"], updateFlags);

    await setStarred(message.id, false, deps);
    expect(updateFlags.mock.calls[0]?.[1].op).toBe("remove");
    expect(starred()).toBe(true);
    expect(report).toHaveBeenCalledWith(message.id, "Could not unstar the message: offline");
  });
});
