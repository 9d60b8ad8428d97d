import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { AppContext } from "../context";
import { LocalUploadStorage, type UploadStorage } from "../uploads/storage";

/** Each server's storage and the key that signs its temporary URLs. */
interface Uploads {
  storage: Promise<UploadStorage>;
  key: Buffer;
}

// Keyed by the queue registry, as the emoji folder: one per server, made on first use.
const perServer = new WeakMap<object, Uploads>();

function uploadsOf(ctx: Pick<AppContext, "config" | "queues">): Uploads {
  let uploads = perServer.get(ctx.queues);
  if (!uploads) {
    uploads = {
      storage: LocalUploadStorage.open(ctx.config.dataDir),
      // A random key per process: a restart only ends the temporary URLs of the last minute.
      key: randomBytes(32),
    };
    perServer.set(ctx.queues, uploads);
  }
  return uploads;
}

/** The server's upload storage: `DATA_DIR/uploads`, or a temporary folder without one. */
export function uploadStorage(ctx: Pick<AppContext, "config" | "queues">): Promise<UploadStorage> {
  return uploadsOf(ctx).storage;
}

/** Closes the storage if it was opened (a temporary folder is removed). */
export async function closeUploadStorage(
  ctx: Pick<AppContext, "config" | "queues">,
): Promise<void> {
  const uploads = perServer.get(ctx.queues);
  if (uploads) await (await uploads.storage).close();
}

/** Zulip's `SIGNED_ACCESS_TOKEN_VALIDITY_IN_SECONDS`. */
export const TEMPORARY_URL_SECONDS = 60;

function signature(key: Buffer, payload: string): Buffer {
  return createHmac("sha256", key).update(payload).digest();
}

/**
 * A token that names `pathId` until `expiresAt` (ms), signed with the server's key (Zulip's
 * TimestampSigner token): `{payload}.{signature}`, both base64url.
 */
export function signPathId(
  ctx: Pick<AppContext, "config" | "queues">,
  pathId: string,
  expiresAt: number,
): string {
  const payload = `${expiresAt}:${pathId}`;
  const { key } = uploadsOf(ctx);
  return `${Buffer.from(payload).toString("base64url")}.${signature(key, payload).toString("base64url")}`;
}

/** The path id a token names, if its signature holds and it has not expired at `now`. */
export function verifyToken(
  ctx: Pick<AppContext, "config" | "queues">,
  token: string,
  now: number,
): string | undefined {
  const [encoded, signed, ...rest] = token.split(".");
  if (encoded === undefined || signed === undefined || rest.length > 0) return undefined;
  const payload = Buffer.from(encoded, "base64url").toString();
  const expected = signature(uploadsOf(ctx).key, payload);
  const given = Buffer.from(signed, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const colon = payload.indexOf(":");
  const expiresAt = Number(payload.slice(0, colon));
  if (colon === -1 || !Number.isFinite(expiresAt) || now > expiresAt) return undefined;
  return payload.slice(colon + 1);
}
