import { afterEach, describe, expect, it, vi } from "vitest";
import { parseBenchArgs } from "./lib";

const USAGE = "usage: bench/x.ts [count] [--postgres]";

describe("parseBenchArgs", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("takes the positional numbers in order, and PGlite by default", () => {
    expect(parseBenchArgs(["1000", "7"], USAGE)).toEqual({ postgres: false, numbers: [1000, 7] });
    expect(parseBenchArgs([], USAGE)).toEqual({ postgres: false, numbers: [] });
  });

  it("takes --postgres anywhere when DATABASE_URL names a server", () => {
    vi.stubEnv("DATABASE_URL", "postgres://localhost/postgres");
    expect(parseBenchArgs(["500", "--postgres", "3"], USAGE)).toEqual({
      postgres: true,
      numbers: [500, 3],
    });
  });

  it("stays on PGlite when DATABASE_URL is set without --postgres", () => {
    vi.stubEnv("DATABASE_URL", "postgres://localhost/postgres");
    expect(parseBenchArgs(["5"], USAGE).postgres).toBe(false);
  });

  it("refuses --postgres without DATABASE_URL", () => {
    vi.stubEnv("DATABASE_URL", "");
    expect(() => parseBenchArgs(["--postgres"], USAGE)).toThrow(/--postgres needs DATABASE_URL/);
  });

  it("refuses what is neither an option nor a positive whole number, with the usage", () => {
    for (const bad of ["--pg", "0", "-3", "1.5", "ten"]) {
      expect(() => parseBenchArgs([bad], USAGE)).toThrow(USAGE);
    }
  });
});
