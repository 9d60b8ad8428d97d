import Busboy from "@fastify/busboy";
import type { Readable } from "node:stream";
import { ApiError } from "./errors";

/** The first file of a multipart body, as `receive` stored it. */
interface FirstFile<T> {
  fileName: string;
  received: T;
  /** True when the file was longer than the limit (what was received stops at the limit). */
  overLimit: boolean;
}

/** What a multipart body held: its first file, and how many files it had in all. */
export interface MultipartFiles<T> {
  first: FirstFile<T> | undefined;
  fileCount: number;
}

/** What to do with the first file: store it as it arrives, and undo that if the body fails. */
export interface FileReceiver<T> {
  receive(stream: Readable): Promise<T>;
  discard(received: T): Promise<void>;
}

/**
 * Reads a multipart body as it arrives, handing the first file's bytes (up to `maxBytes`) to
 * `receiver`, so a large upload is never held in memory; later files are read and dropped, only
 * counted. As Django, a part without a file name is not a file. A body that breaks off or does
 * not parse is a 400, and what was received of it is discarded; so is anything `receive` fails
 * with.
 */
export function readFirstFile<T>(
  contentType: string,
  payload: NodeJS.ReadableStream,
  maxBytes: number,
  receiver: FileReceiver<T>,
): Promise<MultipartFiles<T>> {
  return new Promise((resolve, reject) => {
    let busboy: InstanceType<typeof Busboy>;
    try {
      busboy = new Busboy({
        headers: { "content-type": contentType },
        limits: { fields: 1000, fileSize: maxBytes },
      });
    } catch {
      reject(new ApiError("Malformed multipart body"));
      return;
    }
    let fileCount = 0;
    let first: Promise<FirstFile<T>> | undefined;
    let current: Readable | undefined;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      payload.unpipe(busboy);
      // The file's stream never ends if the body broke off in it: end its receiving with an error.
      if (current && !current.readableEnded) current.destroy(error);
      const settled = first ?? Promise.resolve(undefined);
      settled
        .then((file) => (file ? receiver.discard(file.received) : undefined))
        .catch(() => undefined)
        .finally(() => {
          reject(error);
        });
    };
    busboy.on("file", (_field: string, stream: Readable, fileName: string) => {
      if (fileName === "" || first !== undefined) {
        if (fileName !== "") fileCount += 1;
        stream.resume();
        return;
      }
      fileCount += 1;
      current = stream;
      let overLimit = false;
      stream.on("limit", () => {
        overLimit = true;
      });
      first = receiver.receive(stream).then((received) => ({ fileName, received, overLimit }));
      first.catch((error: unknown) => {
        fail(error instanceof Error ? error : new Error(String(error)));
      });
    });
    busboy.on("error", () => {
      fail(new ApiError("Malformed multipart body"));
    });
    payload.on("error", () => {
      fail(new ApiError("Malformed multipart body"));
    });
    busboy.on("finish", () => {
      if (!first) {
        resolve({ first: undefined, fileCount });
        return;
      }
      first.then(
        (file) => {
          if (!failed) resolve({ first: file, fileCount });
        },
        () => undefined,
      );
    });
    payload.pipe(busboy);
  });
}
