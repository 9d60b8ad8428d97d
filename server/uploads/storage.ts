import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve, sep } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { checkedStorageKey } from "./path-id";
import { SNIFF_BYTES } from "./sniff";

/** A file received into temporary storage, not yet kept under a path id. */
export interface ReceivedFile {
  size: number;
  /** Its first bytes, for `sniffContentType`. */
  head: Buffer;
  /** Moves it to `pathId` (atomically: a reader sees the whole file or none). */
  keep(pathId: string): Promise<void>;
  /** Removes it. */
  discard(): Promise<void>;
}

/**
 * Where uploaded files live. Routes and actions use only this, so object storage can take the
 * local folder's place without touching them. A file is named by a path id, or by a thumbnail's
 * key (`thumbnail/{path id}/{format}`, beside the original's as Zulip's).
 */
export interface UploadStorage {
  /** Writes `source` to a temporary file; a failed stream leaves nothing behind. */
  receive(source: Readable): Promise<ReceivedFile>;
  /** Writes a small file made by the server (a thumbnail) at `pathId`, atomically. */
  write(pathId: string, bytes: Uint8Array): Promise<void>;
  /** The file's size, or undefined if there is none at `pathId`. */
  stat(pathId: string): Promise<{ size: number } | undefined>;
  /** Reads the file (the inclusive byte range, if given). */
  open(pathId: string, range?: { start: number; end: number }): Readable;
  /** Removes the file; a missing one is no error. */
  delete(pathId: string): Promise<void>;
  /** Releases the storage (a temporary folder is removed). */
  close(): Promise<void>;
}

/**
 * Uploads in a local folder: `{root}/{path id}`, files received into `{root}/.incoming/` first.
 * Every path is resolved and must stay under the root, whatever a caller passes.
 */
export class LocalUploadStorage implements UploadStorage {
  private constructor(
    /** The folder; every path id is a file under it. */
    readonly root: string,
    private readonly isTemporary: boolean,
  ) {}

  /** `DATA_DIR/uploads`, or with no data folder a temporary folder removed by `close`. */
  static async open(dataDir: string | undefined): Promise<LocalUploadStorage> {
    if (dataDir === undefined) {
      return new LocalUploadStorage(await mkdtemp(join(tmpdir(), "parley-uploads-")), true);
    }
    const root = resolve(dataDir, "uploads");
    await mkdir(root, { recursive: true });
    return new LocalUploadStorage(root, false);
  }

  /** The file of `pathId`; throws for anything that is not a path id (or thumbnail key). */
  private pathOf(pathId: string): string {
    const checked = checkedStorageKey(pathId);
    const path = checked === undefined ? undefined : resolve(this.root, checked);
    if (path === undefined || !path.startsWith(this.root + sep)) {
      throw new Error(`Not an upload path: ${JSON.stringify(pathId)}`);
    }
    return path;
  }

  async receive(source: Readable): Promise<ReceivedFile> {
    const incoming = join(this.root, ".incoming");
    await mkdir(incoming, { recursive: true });
    const temporary = join(incoming, randomBytes(16).toString("hex"));
    let size = 0;
    let head = Buffer.alloc(0);
    source.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
    });
    const sink = createWriteStream(temporary, { flags: "wx" });
    try {
      await pipeline(source, sink);
    } catch (error) {
      // The pipeline rejects at the source's error, maybe before the sink has opened its file:
      // removed then, the file would be created after and left behind. Wait for it to close.
      if (!sink.closed) await once(sink, "close").catch(() => undefined);
      await rm(temporary, { force: true });
      throw error;
    }
    return {
      size,
      head,
      keep: async (pathId) => {
        const target = this.pathOf(pathId);
        await mkdir(dirname(target), { recursive: true });
        await rename(temporary, target);
      },
      discard: () => rm(temporary, { force: true }),
    };
  }

  async write(pathId: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(pathId);
    const incoming = join(this.root, ".incoming");
    await mkdir(incoming, { recursive: true });
    const temporary = join(incoming, randomBytes(16).toString("hex"));
    try {
      await writeFile(temporary, bytes, { flag: "wx" });
      await mkdir(dirname(target), { recursive: true });
      await rename(temporary, target);
    } finally {
      await rm(temporary, { force: true });
    }
  }

  async stat(pathId: string): Promise<{ size: number } | undefined> {
    try {
      const info = await stat(this.pathOf(pathId));
      return info.isFile() ? { size: info.size } : undefined;
    } catch {
      return undefined;
    }
  }

  open(pathId: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(pathId), range ?? {});
  }

  async delete(pathId: string): Promise<void> {
    await rm(this.pathOf(pathId), { force: true });
  }

  async close(): Promise<void> {
    if (this.isTemporary) await rm(this.root, { recursive: true, force: true });
  }
}
