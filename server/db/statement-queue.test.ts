import { describe, expect, it } from "vitest";
import { LaneChooser, StatementQueue, type Lane } from "./statement-queue";

/** A queue whose first piece of work holds it until released; `order` notes what ran. */
function heldQueue(fairness?: number) {
  const queue = new StatementQueue(fairness);
  const order: string[] = [];
  let release = (): void => undefined;
  const held = queue.run("slow", () => new Promise<void>((resolve) => (release = resolve)));
  const add = (lane: Lane, name: string) =>
    queue.run(lane, () => {
      order.push(name);
      return Promise.resolve(name);
    });
  return {
    queue,
    order,
    add,
    release: () => {
      release();
    },
    held,
  };
}

describe("StatementQueue", () => {
  it("runs a write queued behind several reads before them, once the running one ends", async () => {
    const { order, add, release, held } = heldQueue();
    const reads = [add("slow", "read 1"), add("slow", "read 2"), add("slow", "read 3")];
    const write = add("fast", "write");
    expect(order).toEqual([]); // nothing overtakes the statement already running
    release();
    await Promise.all([held, write, ...reads]);
    expect(order).toEqual(["write", "read 1", "read 2", "read 3"]);
  });

  it("takes a write sent while a statement ran before the read queued earlier", async () => {
    const { order, add, release, held } = heldQueue();
    const read = add("slow", "read");
    // The write's message is already waiting for this thread when the running statement ends.
    const write = new Promise<string>((resolve) => {
      setImmediate(() => {
        resolve(add("fast", "write"));
      });
    });
    release();
    await Promise.all([held, read, write]);
    expect(order).toEqual(["write", "read"]);
  });

  it("keeps arrival order within a lane and gives each caller its own result or error", async () => {
    const queue = new StatementQueue();
    // Its expectation attached at once: the rejection comes before the other results.
    const failing = expect(
      queue.run("fast", () => Promise.reject(new Error("no such table"))),
    ).rejects.toThrow("no such table");
    const results = await Promise.all([
      queue.run("slow", () => Promise.resolve("a")),
      queue.run("slow", () => Promise.resolve("b")),
    ]);
    await failing;
    expect(results).toEqual(["a", "b"]);
  });

  it("lets a waiting read run after `fairness` fast pieces in a row", async () => {
    const { order, add, release, held } = heldQueue(2);
    const all = [add("slow", "read"), add("fast", "w1"), add("fast", "w2"), add("fast", "w3")];
    release();
    await Promise.all([held, ...all]);
    expect(order).toEqual(["w1", "w2", "read", "w3"]);
  });
});

describe("LaneChooser", () => {
  it("puts writes in the fast lane, and a read in the slow one once a run of it was long", () => {
    const lanes = new LaneChooser();
    const search = "SELECT id FROM messages WHERE search_tsv @@ $1";
    expect(lanes.laneOf("INSERT INTO messages (id) VALUES ($1)")).toBe("fast");
    expect(
      lanes.laneOf("WITH x AS (UPDATE users SET role = 1 RETURNING id) SELECT id FROM x"),
    ).toBe("fast");
    expect(lanes.laneOf(search)).toBe("fast");
    lanes.noteRun(search, 700);
    expect(lanes.laneOf(search)).toBe("slow");
    expect(lanes.laneOf("(SELECT 1) UNION ALL (SELECT 2)")).toBe("fast");
    lanes.noteRun(search, 1);
    expect(lanes.laneOf(search)).toBe("fast");
  });
});
