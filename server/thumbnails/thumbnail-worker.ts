/**
 * The thumbnail worker thread (started by thumbnail-thread.ts): libvips, loaded once, answers one
 * request at a time. libvips' own threads are not used (WebAssembly here has one).
 */
import { parentPort } from "node:worker_threads";
import Vips from "wasm-vips";
import type { ThumbnailFormat } from "./formats";
import { makeThumbnails, type ThumbnailResult } from "./make-thumbnails";

export interface ThumbnailRequest {
  id: number;
  bytes: Uint8Array;
  formats: ThumbnailFormat[];
}

export interface ThumbnailReply {
  id: number;
  result: ThumbnailResult;
}

const port = parentPort;
if (!port) throw new Error("thumbnail-worker.ts runs only as a worker thread");

// No optional libraries: no SVG (resvg), HEIF or JPEG XL reader is ever loaded.
// Nor libvips' warnings on stderr (a damaged upload is an answer here, not a log line).
const vips = Vips({
  dynamicLibraries: [],
  preRun: (module: { ENV: Record<string, string> }) => {
    module.ENV["VIPS_WARNING"] = "0";
  },
});

port.on("message", (request: ThumbnailRequest) => {
  void vips.then(
    (module) => {
      const result = makeThumbnails(module, request.bytes, request.formats);
      // Copied, not transferred: the thumbnails are small, and never views of libvips' heap.
      port.postMessage({ id: request.id, result } satisfies ThumbnailReply);
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      const result: ThumbnailResult = { ok: false, reason: "unreadable", message };
      port.postMessage({ id: request.id, result } satisfies ThumbnailReply);
    },
  );
});
