import { describe, expect, it } from "vitest";
import { serialQueries } from "./serial-queries";

/** A fake connection that answers when told to, noting how many statements it held at once. */
function fakeConnection() {
  const waiting: { sql: string; answer: () => void; fail: () => void }[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const run = (sql: string): Promise<unknown[]> => {
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    return new Promise((resolve, reject) => {
      waiting.push({
        sql,
        answer: () => {
          inFlight--;
          resolve([{ sql }]);
        },
        fail: () => {
          inFlight--;
          reject(new Error(`${sql} failed`));
        },
      });
    });
  };
  /** Answers (or fails) the statement the connection holds, once it has been sent one. */
  const next = async (outcome: "answer" | "fail" = "answer"): Promise<string> => {
    while (waiting.length === 0) await Promise.resolve();
    const statement = waiting.shift();
    if (!statement) throw new Error("unreachable");
    statement[outcome]();
    return statement.sql;
  };
  return { run, next, mostInFlight: () => mostInFlight };
}

describe("serialQueries", () => {
  it("sends statements started together one at a time, in call order", async () => {
    const connection = fakeConnection();
    const db = serialQueries(connection.run);
    const all = Promise.all([db.query("a"), db.query("b"), db.query("c")]);
    const order = [await connection.next(), await connection.next(), await connection.next()];
    expect(await all).toEqual([[{ sql: "a" }], [{ sql: "b" }], [{ sql: "c" }]]);
    expect(order).toEqual(["a", "b", "c"]);
    expect(connection.mostInFlight()).toBe(1);
  });

  it("gives a failure to its own caller and still runs the next statement", async () => {
    const connection = fakeConnection();
    const db = serialQueries(connection.run);
    const first = db.query("bad");
    const second = db.query("good");
    await connection.next("fail");
    await connection.next();
    await expect(first).rejects.toThrow("bad failed");
    expect(await second).toEqual([{ sql: "good" }]);
  });
});
