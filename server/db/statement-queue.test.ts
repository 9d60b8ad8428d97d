import { afterEach, describe, expect, it, vi } from "vitest";
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

describe("StatementQueue's anticipation of a request's next short statement", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A fast piece running, held until released, with a long read waiting behind it. */
  function sendBehindSearch(anticipateMs: number) {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setImmediate"] });
    const queue = new StatementQueue(32, anticipateMs);
    const order: string[] = [];
    const add = (lane: Lane, name: string) =>
      queue.run(lane, () => {
        order.push(name);
        return Promise.resolve(name);
      });
    let release = (): void => undefined;
    const firstStep = queue.run("fast", () => {
      order.push("send: read recipients");
      return new Promise<void>((resolve) => (release = resolve));
    });
    const search = add("slow", "search");
    return {
      order,
      add,
      release: () => {
        release();
      },
      firstStep,
      search,
    };
  }

  it("holds a waiting long read for the next fast piece that comes within the window", async () => {
    const { order, add, release, firstStep, search } = sendBehindSearch(5);
    release();
    await firstStep;
    await vi.advanceTimersByTimeAsync(2); // the answer's round trip to the server's thread
    expect(order).toEqual(["send: read recipients"]);
    const secondStep = add("fast", "send: insert");
    await vi.advanceTimersByTimeAsync(10);
    await Promise.all([secondStep, search]);
    expect(order).toEqual(["send: read recipients", "send: insert", "search"]);
  });

  it("starts the long read once the window passes with no fast piece", async () => {
    const { order, add, release, firstStep, search } = sendBehindSearch(5);
    release();
    await firstStep;
    await vi.advanceTimersByTimeAsync(6);
    await search;
    expect(order).toEqual(["send: read recipients", "search"]);
    await add("fast", "late write");
    expect(order).toEqual(["send: read recipients", "search", "late write"]);
  });

  it("does not hold without a window, nor after a slow piece", async () => {
    const unheld = sendBehindSearch(0);
    unheld.release();
    await unheld.firstStep;
    await vi.advanceTimersByTimeAsync(0);
    await unheld.search;
    expect(unheld.order).toEqual(["send: read recipients", "search"]);

    // After a slow piece, the next slow one starts on the next turn, not after a window.
    const queue = new StatementQueue(32, 5);
    const order: string[] = [];
    let release = (): void => undefined;
    const first = queue.run("slow", () => new Promise<void>((resolve) => (release = resolve)));
    const second = queue.run("slow", () => {
      order.push("read 2");
      return Promise.resolve();
    });
    release();
    await first;
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(["read 2"]);
    await second;
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
  });

  it("keeps a read slow through one short run, and makes it fast once its runs stay short", () => {
    const lanes = new LaneChooser();
    const page = "( SELECT m.id FROM messages m WHERE search_tsv @@ $1 )";
    lanes.noteRun(page, 38);
    lanes.noteRun(page, 8); // what the cache held this time
    expect(lanes.laneOf(page)).toBe("slow");
    lanes.noteRun(page, 8);
    lanes.noteRun(page, 8);
    expect(lanes.laneOf(page)).toBe("fast");
    lanes.noteRun(page, 700);
    for (let run = 0; run < 6; run++) lanes.noteRun(page, 1);
    expect(lanes.laneOf(page)).toBe("slow");
    lanes.noteRun(page, 1);
    expect(lanes.laneOf(page)).toBe("fast");
  });
});
