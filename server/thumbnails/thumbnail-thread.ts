import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { THUMBNAIL_FORMATS, type ThumbnailFormat } from "./formats";
import type { ThumbnailResult } from "./make-thumbnails";
import type { ThumbnailReply, ThumbnailRequest } from "./thumbnail-worker";

/**
 * How many bytes of images may wait or be in work at once (an upload is up to 25 MiB, held in
 * memory until the worker is done with it); past it, an image is answered without thumbnails
 * (its upload still succeeds). One image alone is always taken, whatever its size.
 */
const MAX_PENDING_BYTES = 128 * 1024 * 1024;

/**
 * Starts thumbnail-worker.js beside the bundle's main.js (vite.server.config.ts emits it), or
 * thumbnail-worker.ts through tsx's API when the server runs from source (as pglite-thread.ts).
 */
function startWorker(): Worker {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) {
    const name = "./thumbnail-worker.js";
    return new Worker(new URL(name, here));
  }
  const tsxPackage = pathToFileURL(createRequire(here).resolve("tsx/package.json"));
  const tsx = new URL("./dist/esm/api/index.mjs", tsxPackage).href;
  const file = new URL("./thumbnail-worker.ts", here).href;
  const code = `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(file)}, ${JSON.stringify(here)}));`;
  return new Worker(code, { eval: true });
}

interface Job {
  bytes: Uint8Array;
  formats: ThumbnailFormat[];
  resolve: (result: ThumbnailResult) => void;
}

function failed(message: string): ThumbnailResult {
  return { ok: false, reason: "unreadable", message };
}

/**
 * libvips off the event loop: one worker thread, started at the first image, working on one
 * image at a time from a bounded queue, ended by `close`. Idle, it does not keep the process
 * alive. Its answers never reject: a dead worker or a full queue is an image without thumbnails.
 */
export class Thumbnailer {
  private worker: Worker | undefined;
  private readonly queue: Job[] = [];
  private current: (Job & { id: number }) | undefined;
  private nextId = 1;
  private closed = false;
  private pendingBytes = 0;

  constructor(private readonly maxPendingBytes = MAX_PENDING_BYTES) {}

  /** Thumbnails of `bytes` in `formats` (Zulip's by default), with the image's facts. */
  thumbnail(
    bytes: Uint8Array,
    formats: readonly ThumbnailFormat[] = THUMBNAIL_FORMATS,
  ): Promise<ThumbnailResult> {
    if (this.closed) return Promise.resolve(failed("the server is closing"));
    const idle = this.current === undefined && this.queue.length === 0;
    if (!idle && this.pendingBytes + bytes.byteLength > this.maxPendingBytes) {
      return Promise.resolve(failed("too many images waiting"));
    }
    this.pendingBytes += bytes.byteLength;
    return new Promise((resolve) => {
      const done = (result: ThumbnailResult) => {
        this.pendingBytes -= bytes.byteLength;
        resolve(result);
      };
      this.queue.push({ bytes, formats: [...formats], resolve: done });
      this.next();
    });
  }

  private start(): Worker {
    const worker = startWorker();
    worker.on("message", (reply: ThumbnailReply) => {
      const job = this.current;
      if (!job || job.id !== reply.id) return;
      this.current = undefined;
      job.resolve(reply.result);
      this.next();
    });
    const die = (message: string) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      const job = this.current;
      this.current = undefined;
      job?.resolve(failed(message));
      // A new worker for the next image: one bad image must not end thumbnailing.
      this.next();
    };
    worker.on("error", (error) => {
      die(`the thumbnail worker failed: ${error.message}`);
    });
    worker.on("exit", (code) => {
      die(`the thumbnail worker stopped (exit code ${code})`);
    });
    worker.unref();
    return worker;
  }

  private next(): void {
    if (this.current || this.closed) return;
    const job = this.queue.shift();
    if (!job) {
      this.worker?.unref();
      return;
    }
    this.worker ??= this.start();
    // While it works for us, the worker keeps the process alive.
    this.worker.ref();
    this.current = { ...job, id: this.nextId++ };
    const request: ThumbnailRequest = {
      id: this.current.id,
      bytes: job.bytes,
      formats: job.formats,
    };
    this.worker.postMessage(request);
  }

  /** Ends the worker; what is queued or in progress is answered without thumbnails. */
  async close(): Promise<void> {
    this.closed = true;
    const pending = [...(this.current ? [this.current] : []), ...this.queue.splice(0)];
    this.current = undefined;
    for (const job of pending) job.resolve(failed("the server is closing"));
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }
}
