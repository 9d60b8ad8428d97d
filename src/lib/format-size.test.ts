import { describe, expect, it } from "vitest";
import { formatSize } from "./format-size";

describe("formatSize", () => {
  it("says bytes, KB or MB with one decimal", () => {
    expect(formatSize(512)).toBe("512 B");
    expect(formatSize(12_697)).toBe("12.4 KB");
    expect(formatSize(3_250_586)).toBe("3.1 MB");
    expect(formatSize(20 * 1024 * 1024)).toBe("20.0 MB");
  });
});
