import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../server/db/migrate";
import { openStore, storeFor, verifiedSeedRecord } from "./history-seed";

describe("verifiedSeedRecord", () => {
  const root = mkdtempSync(join(tmpdir(), "parley-history-seed-"));
  const store = storeFor(root, 10, undefined);
  const record = (messages: number) => {
    writeFileSync(
      join(store.dataDir, "bench-seed.json"),
      JSON.stringify({ messages, seedSeconds: 1, seededAt: "2026-01-01T00:00:00.000Z" }),
    );
  };

  beforeAll(async () => {
    const db = await openStore(store, undefined);
    await migrate(db);
    await db.close();
  }, 60_000);
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it("is undefined without a record", async () => {
    expect(await verifiedSeedRecord(store, undefined)).toBeUndefined();
  });

  it("refuses a record that claims more messages than the database holds", async () => {
    record(10);
    await expect(verifiedSeedRecord(store, undefined)).rejects.toThrow(/holds 0 messages/);
  });

  it("returns a record the database bears out", async () => {
    record(0);
    expect(await verifiedSeedRecord(store, undefined)).toMatchObject({ messages: 0 });
  });
});
