import { describe, expect, it } from "vitest";
import { formatTable, fullScans, isReadStatement, parseHistoryArgs } from "./history-lib";

describe("bench:history helpers", () => {
  it("reads sizes with units, rounds and the backend", () => {
    expect(parseHistoryArgs(["--sizes", "10k,100000,1m", "--rounds", "9", "--postgres"])).toEqual({
      sizes: [10_000, 100_000, 1_000_000],
      rounds: 9,
      postgres: true,
    });
    expect(parseHistoryArgs([]).sizes).toEqual([10_000, 100_000, 1_000_000]);
    expect(parseHistoryArgs(["--stall", "search quoted phrase"]).stall).toBe(
      "search quoted phrase",
    );
  });

  it("refuses what it cannot read", () => {
    expect(() => parseHistoryArgs(["--sizes", "ten"])).toThrow(/not a size/);
    expect(() => parseHistoryArgs(["--rounds", "0"])).toThrow(/positive integer/);
    expect(() => parseHistoryArgs(["--fast"])).toThrow(/unknown option/);
    expect(() => parseHistoryArgs(["--stall"])).toThrow(/needs a read's name/);
  });

  it("counts a parenthesised UNION ALL as a read, and writes as not", () => {
    expect(isReadStatement("(SELECT m.id FROM messages m) UNION ALL (SELECT 1)")).toBe(true);
    expect(isReadStatement("  WITH x AS (SELECT 1) SELECT * FROM x")).toBe(true);
    expect(isReadStatement("select 1")).toBe(true);
    expect(isReadStatement("INSERT INTO messages DEFAULT VALUES")).toBe(false);
    expect(isReadStatement("UPDATE user_messages SET flags = 0")).toBe(false);
  });

  it("finds full scans of the history tables only", () => {
    const plan = [
      "Limit  (cost=0.42..8.44 rows=1 width=4)",
      "  ->  Seq Scan on user_messages um  (cost=0.00..1.00 rows=1 width=4)",
      "  ->  Seq Scan on streams s",
      "  ->  Index Scan using messages_pkey on messages m",
    ].join("\n");
    expect(fullScans(plan)).toEqual(["user_messages"]);
    expect(fullScans("Seq Scan on messages_local_ids")).toEqual([]);
  });

  it("puts the floor and the ratio beside each figure", () => {
    const table = formatTable(
      [10_000],
      [{ read: "all", cells: new Map([[10_000, { http: 12, floor: 4, scans: ["messages"] }]]) }],
    );
    expect(table).toContain("| all | 12.0 / 4.0 (3.0×) **seq scan messages** |");
  });
});
