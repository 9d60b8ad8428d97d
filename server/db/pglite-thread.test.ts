import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { openPgliteThread } from "./pglite-thread";

// A stand-in for pglite-worker.ts that speaks its protocol: ready at once, answers "answer" and
// "close",
// dies on "crash" (an exception) or "exit", and never answers anything else (a long statement).
const STAND_IN = `
const { parentPort } = require("node:worker_threads");
parentPort.postMessage({ id: 0, value: "ready" });
parentPort.on("message", (request) => {
  const answer = (value) => parentPort.postMessage({ id: request.id, value });
  if (request.kind === "close") answer(null);
  else if (request.sql === "answer") answer([{ ok: 1 }]);
  else if (request.sql === "crash") throw new Error("boom");
  else if (request.sql === "exit") process.exit(3);
});`;

async function openStandIn() {
  const failures: Error[] = [];
  const db = await openPgliteThread(undefined, {
    start: () => new Worker(STAND_IN, { eval: true }),
    onFailure: (error) => failures.push(error),
  });
  return { db, failures };
}

describe("PGlite's worker dying", () => {
  it("fails the statements waiting for it and every later one, and says so once", async () => {
    const { db, failures } = await openStandIn();
    expect(await db.query("answer")).toEqual([{ ok: 1 }]);
    const waiting = db.query("long read");
    const inTransaction = db.transaction(async (tx) => tx.query("long read"));
    await db.query("crash").catch(() => undefined);
    const message = /the database \(PGlite worker\) failed: boom/;
    await expect(waiting).rejects.toThrow(message);
    // The transaction never began: its BEGIN was waiting too.
    await expect(inTransaction).rejects.toThrow(message);
    await expect(db.query("answer")).rejects.toThrow(message);
    expect(failures.map((error) => error.message)).toEqual([
      "the database (PGlite worker) failed: boom",
    ]);
    await db.close();
  });

  it("fails them with the exit code when the worker exits", async () => {
    const { db, failures } = await openStandIn();
    const waiting = db.query("long read");
    await db.query("exit").catch(() => undefined);
    await expect(waiting).rejects.toThrow("the database (PGlite worker) stopped (exit code 3)");
    expect(failures).toHaveLength(1);
    await db.close();
  });

  it("does not report a closed database as dead", async () => {
    const { db, failures } = await openStandIn();
    await db.close();
    expect(failures).toEqual([]);
  });
});
