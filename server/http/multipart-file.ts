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

/**
 * Reads a multipart body as it arrives, handing the first file's bytes (up to `maxBytes`) to
 * `receive`, so a large upload is never held in memory; later files are read and dropped, only
 * counted. As Django, a part without a file name is not a file. If `receive` fails, the body is
 * abandoned and its error thrown; an unreadable body throws a 400.
 */
export function readFirstFile<T>(
  contentType: string,
  payload: NodeJS.ReadableStream,
  maxBytes: number,
  receive: (stream: Readable) => Promise<T>,
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
    busboy.on("file", (_field: string, stream: Readable, fileName: string) => {
      if (fileName === "" || first !== undefined) {
        if (fileName !== "") fileCount += 1;
        stream.resume();
        return;
      }
      fileCount += 1;
      let overLimit = false;
      stream.on("limit", () => {
        overLimit = true;
      });
      first = receive(stream).then((received) => ({ fileName, received, overLimit }));
      first.catch((error: unknown) => {
        payload.unpipe(busboy);
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
    busboy.on("error", () => {
      payload.unpipe(busboy);
      reject(new ApiError("Malformed multipart body"));
    });
    busboy.on("finish", () => {
      if (!first) {
        resolve({ first: undefined, fileCount });
        return;
      }
      first.then((file) => {
        resolve({ first: file, fileCount });
      }, reject);
    });
    payload.pipe(busboy);
  });
}
