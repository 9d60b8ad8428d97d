import type { ApiClient } from "../api/client";
import { getFileSize, getFileTemporaryUrl, uploadPathId } from "../api/uploads";
import { sessionStore } from "../stores/session-store";

/**
 * How long a temporary URL is reused. Zulip's tokens are valid for 60 seconds
 * (zerver/views/upload.py `get_file_path_id_from_token`, `max_age=timedelta(seconds=60)`); a
 * little less, so none is used as it expires.
 */
export const TEMPORARY_URL_REUSE_MS = 50_000;

/** What `createUploadUrls` uses; injectable for tests. */
export interface UploadUrlDeps {
  readonly client: () => ApiClient;
  readonly fetchUrl: typeof getFileTemporaryUrl;
  /** The size behind a temporary URL (a HEAD request). */
  readonly fetchSize: (temporaryUrl: string) => Promise<number | undefined>;
  readonly now: () => number;
}

/** Temporary URLs of uploads, one request per path while the last answer is fresh. */
export interface UploadUrls {
  /**
   * The URL an `<img>`, `<video>` or a new tab can load upload `url` (`/user_uploads/{realm}/…`,
   * or a thumbnail's `/user_uploads/thumbnail/{realm}/…/{format}`) from without credentials; undefined for a URL that is not an upload's. Rejects with the
   * transport's error when the server refuses (no access, deleted).
   */
  temporaryUrl(url: string): Promise<string> | undefined;
  /**
   * The size in bytes of upload `url`, asked once per path (a path id's file never changes) by a
   * HEAD of its temporary URL; undefined (the promise) for a URL that is not an upload's, and
   * resolves undefined when the server gives no size. Rejects as `temporaryUrl` does, or with
   * the HEAD's error; a refusal is not kept.
   */
  fileSize(url: string): Promise<number | undefined> | undefined;
}

/** A thumbnail's URL (`/user_uploads/thumbnail/{path id}/{format}`): its original's and format. */
const THUMBNAIL_URL = /^\/user_uploads\/thumbnail\/(\d+\/.+)\/(\d+x\d+(?:-anim)?\.[a-z]+)$/;

/** Upload URLs over `deps` (the app's is `uploadUrls`). */
export function createUploadUrls(deps: UploadUrlDeps): UploadUrls {
  const cache = new Map<string, { at: number; url: Promise<string> }>();
  const sizes = new Map<string, Promise<number | undefined>>();
  const keyOf = (url: string): string | undefined => {
    const pathId = uploadPathId(url);
    return pathId === undefined ? undefined : `${pathId.realmId}/${pathId.rest}`;
  };
  const urls: UploadUrls = {
    temporaryUrl: (url) => {
      // A thumbnail loads through its original's temporary URL with the format appended: the
      // server's token for an upload also grants its thumbnails (and nothing else).
      const thumbnail = THUMBNAIL_URL.exec(url);
      if (thumbnail?.[1] !== undefined && thumbnail[2] !== undefined) {
        const format = thumbnail[2];
        return urls
          .temporaryUrl(`/user_uploads/${thumbnail[1]}`)
          ?.then((original) => `${original}/${format}`);
      }
      const pathId = uploadPathId(url);
      if (pathId === undefined) return undefined;
      const key = `${pathId.realmId}/${pathId.rest}`;
      const cached = cache.get(key);
      if (cached !== undefined && deps.now() - cached.at < TEMPORARY_URL_REUSE_MS) {
        return cached.url;
      }
      const client = deps.client();
      // The answer is relative to the organisation, like the upload's own URL.
      const answer = deps
        .fetchUrl(client, pathId)
        .then((temporary) => (temporary.startsWith("/") ? client.baseUrl + temporary : temporary));
      cache.set(key, { at: deps.now(), url: answer });
      // A refusal is not kept: the next render asks again.
      answer.catch(() => {
        if (cache.get(key)?.url === answer) cache.delete(key);
      });
      return answer;
    },
    fileSize: (url) => {
      const key = keyOf(url);
      if (key === undefined) return undefined;
      const known = sizes.get(key);
      if (known !== undefined) return known;
      const size = urls.temporaryUrl(url)?.then((temporary) => deps.fetchSize(temporary));
      if (size === undefined) return undefined;
      sizes.set(key, size);
      size.catch(() => {
        if (sizes.get(key) === size) sizes.delete(key);
      });
      return size;
    },
  };
  return urls;
}

/** The app's upload URLs, asked with the session's client. */
export const uploadUrls: UploadUrls = createUploadUrls({
  client: () => sessionStore.getState().client,
  fetchUrl: getFileTemporaryUrl,
  fetchSize: (temporaryUrl) => getFileSize(temporaryUrl),
  now: () => Date.now(),
});
