// The pure part of bench/uploads.ts: the files it uploads, the check of each answer (so a failed
// upload is never reported as a figure) and the summary of its runs.
import { randomBytes } from "node:crypto";
import { median, round } from "./lib";

const MIB = 2 ** 20;
/** The eight bytes every PNG starts with, so the server sniffs the file as an image. */
const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/** `bytes` bytes from `fill` (random by default), the first eight a PNG signature when `png`. */
export function uploadBytes(
  bytes: number,
  png: boolean,
  fill: (size: number) => Uint8Array = randomBytes,
): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(bytes);
  data.set(fill(bytes));
  if (png) data.set(PNG_SIGNATURE.subarray(0, Math.min(bytes, PNG_SIGNATURE.length)));
  return data;
}

/**
 * The `uri` of a successful `POST /user_uploads` answer; anything else (another status, no
 * `/user_uploads/` URI, a body that is not JSON) throws with what came back.
 */
export function uploadedUri(status: number, text: string): string {
  const uri = jsonField(text, "uri");
  if (status !== 200 || uri === undefined || !uri.startsWith("/user_uploads/")) {
    throw new Error(`the upload failed: ${String(status)} ${text.slice(0, 300)}`);
  }
  return uri;
}

/** Whether an answer is the refusal of a too-large file: a 400 with Zulip's error body. */
export function isSizeRefusal(status: number, text: string): boolean {
  return status === 400 && jsonField(text, "result") === "error";
}

function jsonField(text: string, key: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== "object" || body === null || !(key in body)) return undefined;
    const value: unknown = Object.getOwnPropertyDescriptor(body, key)?.value;
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Median, fastest and slowest of the runs' times, and the median throughput of `bytes`. */
export function summariseUploads(times: readonly number[], bytes: number) {
  if (times.length === 0) throw new Error("no runs to summarise");
  const mid = median(times);
  return {
    runs: times.length,
    medianMs: round(mid),
    minMs: round(Math.min(...times)),
    maxMs: round(Math.max(...times)),
    medianMiBps: round(bytes / MIB / (mid / 1000), 1),
    all: times.map((ms) => round(ms)),
  };
}
