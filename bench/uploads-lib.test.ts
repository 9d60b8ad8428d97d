import { describe, expect, it } from "vitest";
import { isSizeRefusal, summariseUploads, uploadBytes, uploadedUri } from "./uploads-lib";

const ones = (size: number) => new Uint8Array(size).fill(1);

describe("uploadBytes", () => {
  it("is the filler's bytes, of the size asked", () => {
    expect(Array.from(uploadBytes(4, false, ones))).toEqual([1, 1, 1, 1]);
  });

  it("starts with the PNG signature when asked, the rest unchanged", () => {
    const data = uploadBytes(10, true, ones);
    expect(Array.from(data)).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 1]);
    expect(Array.from(uploadBytes(3, true, ones))).toEqual([0x89, 0x50, 0x4e]);
  });
});

describe("uploadedUri", () => {
  it("is the uri of a successful answer", () => {
    const body = JSON.stringify({ result: "success", msg: "", uri: "/user_uploads/2/ab/c/x.bin" });
    expect(uploadedUri(200, body)).toBe("/user_uploads/2/ab/c/x.bin");
  });

  it("throws with the answer on another status, a missing uri or a body that is not JSON", () => {
    const error = JSON.stringify({ result: "error", msg: "File too large" });
    expect(() => uploadedUri(400, error)).toThrow(/400 .*File too large/);
    expect(() => uploadedUri(200, JSON.stringify({ result: "success" }))).toThrow(/200/);
    expect(() => uploadedUri(200, JSON.stringify({ uri: "https://x/y" }))).toThrow(/failed/);
    expect(() => uploadedUri(502, "<html>Bad gateway</html>")).toThrow(/Bad gateway/);
    expect(() => uploadedUri(500, JSON.stringify({ uri: "/user_uploads/2/ab/c/x.bin" }))).toThrow(
      /500/,
    );
  });
});

describe("isSizeRefusal", () => {
  it("is a 400 with an error body, nothing else", () => {
    const error = JSON.stringify({ result: "error", msg: "File too large" });
    expect(isSizeRefusal(400, error)).toBe(true);
    expect(isSizeRefusal(413, error)).toBe(false);
    expect(isSizeRefusal(400, "not json")).toBe(false);
    expect(isSizeRefusal(200, JSON.stringify({ result: "success", uri: "/user_uploads/1" }))).toBe(
      false,
    );
  });
});

describe("summariseUploads", () => {
  it("gives the median, extremes and the median throughput in MiB/s", () => {
    const summary = summariseUploads([2000, 1000, 4000], 20 * 2 ** 20);
    expect(summary).toMatchObject({ runs: 3, medianMs: 2000, minMs: 1000, maxMs: 4000 });
    expect(summary.medianMiBps).toBe(10);
  });

  it("refuses no runs rather than report NaN", () => {
    expect(() => summariseUploads([], 1)).toThrow(/no runs/);
  });
});
