/** A recorded request, decoded for assertions. */
export interface RecordedRequest {
  method: string;
  url: URL;
  path: string;
  query: Record<string, string>;
  /** Text fields of the body, form-encoded or multipart. */
  body: Record<string, string>;
  /** Files of a multipart body by field name; empty for a form-encoded one. */
  files: Record<string, Blob>;
  /** Whether the body was `FormData` (multipart) rather than a form-encoded string. */
  isMultipart: boolean;
  headers: Headers;
  keepalive: boolean;
}

type Reply =
  | { kind: "response"; status: number; body: string; headers: Record<string, string> }
  | { kind: "reject"; error: unknown }
  | { kind: "hang" };

/**
 * A scripted `fetch`: replies are consumed in order; "hang" never settles until the request's
 * signal aborts, like a real long poll.
 */
export function createFakeFetch() {
  const replies: Reply[] = [];
  const requests: RecordedRequest[] = [];

  const fetchImpl: typeof fetch = (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : input, "http://localhost");
    requests.push({
      method: init.method ?? "GET",
      url,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      ...decodeBody(init.body),
      headers: new Headers(init.headers),
      keepalive: init.keepalive === true,
    });
    const reply = replies.shift();
    if (reply === undefined)
      return Promise.reject(new Error(`No scripted reply for ${url.pathname}`));
    const signal = init.signal ?? undefined;
    return new Promise<Response>((resolve, reject) => {
      if (signal?.aborted === true) {
        reject(abortError(signal));
        return;
      }
      signal?.addEventListener("abort", () => {
        reject(abortError(signal));
      });
      if (reply.kind === "response") {
        resolve(new Response(reply.body, { status: reply.status, headers: reply.headers }));
      } else if (reply.kind === "reject") {
        reject(reply.error instanceof Error ? reply.error : new Error(String(reply.error)));
      }
    });
  };

  return {
    fetch: fetchImpl,
    requests,
    /** Queues a JSON reply. */
    json(status: number, body: unknown, headers: Record<string, string> = {}) {
      replies.push({ kind: "response", status, body: JSON.stringify(body), headers });
    },
    /** Queues a reply with a raw body. */
    text(status: number, body: string, headers: Record<string, string> = {}) {
      replies.push({ kind: "response", status, body, headers });
    },
    /** Queues a rejected fetch (what the browser does when offline). */
    networkFailure(error: unknown = new TypeError("Failed to fetch")) {
      replies.push({ kind: "reject", error });
    },
    /** Queues a request that never answers. */
    hang() {
      replies.push({ kind: "hang" });
    },
    get lastRequest(): RecordedRequest {
      const last = requests.at(-1);
      if (last === undefined) throw new Error("No request was made");
      return last;
    },
  };
}

function decodeBody(
  body: RequestInit["body"],
): Pick<RecordedRequest, "body" | "files" | "isMultipart"> {
  if (!(body instanceof FormData)) {
    const text = typeof body === "string" ? body : "";
    return { body: Object.fromEntries(new URLSearchParams(text)), files: {}, isMultipart: false };
  }
  const fields: Record<string, string> = {};
  const files: Record<string, Blob> = {};
  for (const [key, value] of body) {
    if (typeof value === "string") fields[key] = value;
    else files[key] = value;
  }
  return { body: fields, files, isMultipart: true };
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException("Aborted", "AbortError");
}

/** `{result: "success", msg: "", ...fields}` */
export function success<T extends object>(fields: T): T & { result: "success"; msg: string } {
  return { result: "success", msg: "", ...fields };
}
