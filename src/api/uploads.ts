import type { z } from "zod";
import { uploadFileResponseSchema } from "../../common/wire/uploads";
import type { EndpointResponse } from "../../common/wire/endpoints";
import { basicAuthHeader, classify, type ApiClient, type CallOptions } from "./client";
import { ApiError, NetworkError, TimeoutError } from "./errors";

/** A file the server now holds, as a message links it. */
export interface UploadedFile {
  /** Relative to the organisation: `/user_uploads/{realm_id}/{path}`. */
  readonly url: string;
  /** The name the server stored it under (sanitised); the sent name from an older server. */
  readonly filename: string;
}

/** Options of `uploadFile` besides the caller's signal. */
export interface UploadOptions extends CallOptions {
  /** Called as the body goes out: bytes sent and the body's total size. */
  onProgress?: ((loaded: number, total: number) => void) | undefined;
  /** 0 (the default) waits as long as the upload takes. */
  timeoutMs?: number | undefined;
  /** The request object; tests pass a fake (the default is the browser's XMLHttpRequest). */
  createRequest?: (() => UploadRequest) | undefined;
}

/** What `uploadFile` uses of an XMLHttpRequest. */
export interface UploadRequest {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData): void;
  abort(): void;
  getResponseHeader(name: string): string | null;
  readonly status: number;
  readonly statusText: string;
  readonly responseText: string;
  timeout: number;
  withCredentials: boolean;
  onload: ((event: ProgressEvent) => unknown) | null;
  onerror: ((event: ProgressEvent) => unknown) | null;
  ontimeout: ((event: ProgressEvent) => unknown) | null;
  onabort: ((event: ProgressEvent) => unknown) | null;
  readonly upload: { onprogress: ((event: ProgressEvent) => unknown) | null };
}

/**
 * POST /api/v1/user_uploads — uploads one file (multipart field `file`, as Zulip's web app
 * sends it). It goes by XMLHttpRequest because fetch reports no upload progress; the answer is
 * parsed and errors are classified exactly as the transport's (`ApiError`, `NetworkError`,
 * `TimeoutError`, `MalformedResponseError`), and an abort of `signal` rejects with its reason.
 */
export async function uploadFile(
  client: ApiClient,
  file: Blob,
  name: string,
  options: UploadOptions = {},
): Promise<UploadedFile> {
  const { signal } = options;
  signal?.throwIfAborted();
  const request = (options.createRequest ?? (() => new XMLHttpRequest()))();
  request.open("POST", `${client.baseUrl}/api/v1/user_uploads`);
  request.setRequestHeader("Accept", "application/json");
  if (client.auth !== undefined) {
    request.setRequestHeader("Authorization", basicAuthHeader(client.auth));
  }
  // As the transport: Basic auth only, never cookies (no browser login dialog on a 401).
  request.withCredentials = false;
  request.timeout = options.timeoutMs ?? 0;
  request.upload.onprogress = (event) => {
    if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
  };
  const onAbort = () => {
    request.abort();
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  const form = new FormData();
  form.append("file", file, name);
  const outcome = await sendRequest(request, form).finally(() => {
    signal?.removeEventListener("abort", onAbort);
  });
  switch (outcome) {
    case "error":
      throw new NetworkError("The upload failed: the connection to the server was lost");
    case "timeout":
      throw new TimeoutError(request.timeout);
    case "abort":
      throw signal?.reason ?? new NetworkError("The upload was aborted");
    case "load": {
      const answer = classifyXhr(request, uploadFileResponseSchema);
      return { url: answer.url ?? answer.uri, filename: answer.filename ?? name };
    }
  }
}

/** Sends `body` and settles with how the request ended; it never rejects. */
function sendRequest(
  request: UploadRequest,
  body: FormData,
): Promise<"load" | "error" | "timeout" | "abort"> {
  return new Promise((resolve) => {
    request.onload = () => {
      resolve("load");
    };
    request.onerror = () => {
      resolve("error");
    };
    request.ontimeout = () => {
      resolve("timeout");
    };
    request.onabort = () => {
      resolve("abort");
    };
    request.send(body);
  });
}

/** The XMLHttpRequest's answer through the transport's one classification. */
function classifyXhr<S extends z.ZodType>(request: UploadRequest, schema: S): z.output<S> {
  if (request.status === 0) throw new NetworkError("The server sent no answer");
  const headers = new Headers();
  const retryAfter = request.getResponseHeader("Retry-After");
  if (retryAfter !== null) headers.set("Retry-After", retryAfter);
  const response = new Response(null, {
    status: request.status,
    statusText: request.statusText,
    headers,
  });
  return classify(response, request.responseText, schema);
}

/** The path id of an upload's URL (relative, as messages link it) (`{realm_id}/{rest}`), or undefined for any other URL. */
export function uploadPathId(url: string): { realmId: string; rest: string } | undefined {
  const match = /^\/user_uploads\/(\d+)\/(.+)$/.exec(url);
  if (match?.[1] === undefined || match[2] === undefined) return undefined;
  try {
    return { realmId: match[1], rest: decodeURIComponent(match[2]) };
  } catch {
    // A malformed escape: no upload the server could have named.
    return undefined;
  }
}

/**
 * GET /api/v1/user_uploads/{realm_id_str}/{filename} — a short-lived URL (relative to the
 * organisation) that serves the upload without credentials, for an `<img>` or `<video>`.
 */
export async function getFileTemporaryUrl(
  client: ApiClient,
  pathId: { realmId: string; rest: string },
  options: CallOptions = {},
): Promise<string> {
  const answer = await client.call("GET", "user_uploads/{realm_id_str}/{filename}", {
    path: { realm_id_str: pathId.realmId, filename: pathId.rest },
    signal: options.signal,
  });
  return answer.url;
}

/**
 * HEAD of a temporary URL (`getFileTemporaryUrl`'s answer, made absolute): the file's size in
 * bytes from its Content-Length, undefined when the server gives none. Zulip's markup of a
 * linked file carries no size, so a file chip asks. Rejects with `ApiError` when the server
 * refuses (an expired or invalid token, a deleted file) and `NetworkError` when it cannot be
 * reached; the URL needs no credentials.
 */
export async function getFileSize(
  temporaryUrl: string,
  options: CallOptions & { fetch?: typeof fetch | undefined } = {},
): Promise<number | undefined> {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  let response: Response;
  try {
    response = await doFetch(temporaryUrl, {
      method: "HEAD",
      credentials: "omit",
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (options.signal?.aborted === true) throw options.signal.reason;
    throw new NetworkError(error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) {
    throw new ApiError(
      response.status,
      undefined,
      `The file could not be read (${String(response.status)})`,
    );
  }
  const length = response.headers.get("Content-Length");
  return length !== null && /^\d+$/.test(length) ? Number(length) : undefined;
}

/** GET /api/v1/attachments — the user's uploads, with the messages that link each. */
export function getAttachments(
  client: ApiClient,
  options: CallOptions = {},
): Promise<EndpointResponse<"attachments", "GET">> {
  return client.call("GET", "attachments", { signal: options.signal });
}

/** DELETE /api/v1/attachments/{attachment_id} — deletes one of the user's uploads. */
export async function removeAttachment(
  client: ApiClient,
  attachmentId: number,
  options: CallOptions = {},
): Promise<void> {
  await client.call("DELETE", "attachments/{attachment_id}", {
    path: { attachment_id: attachmentId },
    signal: options.signal,
  });
}
