import { describe, expect, it } from "vitest";
import { serverReturnDetector, type ServerContact } from "./server-return";

/** Feeds `contacts` to a fresh detector; the indexes of those it called a return. */
function returnsIn(contacts: ServerContact[]): number[] {
  const isReturn = serverReturnDetector();
  return contacts.flatMap((contact, index) => (isReturn(contact) ? [index] : []));
}

describe("serverReturnDetector", () => {
  it("sees no return in the first connection of the page", () => {
    expect(
      returnsIn([
        { queueId: null, state: "connecting" },
        { queueId: "q1", state: "connecting" },
        { queueId: "q1", state: "live" },
        { queueId: "q1", state: "live" },
      ]),
    ).toEqual([]);
  });

  it("sees a return when a new queue is registered (the server forgot the old one)", () => {
    expect(
      returnsIn([
        { queueId: "q1", state: "live" },
        { queueId: "q1", state: "reconnecting" },
        { queueId: "q1", state: "resyncing" },
        { queueId: "q2", state: "resyncing" },
        { queueId: "q2", state: "live" },
      ]),
    ).toEqual([3]);
  });

  it("sees a return when the same queue is live again (a restart that kept its queues)", () => {
    expect(
      returnsIn([
        { queueId: "q1", state: "live" },
        { queueId: "q1", state: "reconnecting" },
        { queueId: "q1", state: "live" },
      ]),
    ).toEqual([2]);
  });

  it("sees a return in a login after a logout, not in the logout", () => {
    expect(
      returnsIn([
        { queueId: "q1", state: "live" },
        { queueId: null, state: "connecting" },
        { queueId: "q2", state: "connecting" },
      ]),
    ).toEqual([2]);
  });
});
