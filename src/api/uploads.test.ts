// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { createApiClient } from "./client";
import { ApiError, NetworkError, RateLimitedError } from "./errors";
import { setupApi } from "../test/api-client";
import { success } from "../test/fake-fetch";
import {
  getAttachments,
  getFileSize,
  getFileTemporaryUrl,
  removeAttachment,
  uploadFile,
  uploadPathId,
  type UploadRequest,
} from "./uploads";

/** A scripted XMLHttpRequest: records what was sent; the test fires its events. */
class FakeXhr implements UploadRequest {
  method = "";
  url = "";
  headers = new Map<string, string>();
  body: FormData | undefined;
  isAborted = false;
  status = 0;
  statusText = "";
  responseText = "";
  responseHeaders = new Map<string, string>();
  timeout = 0;
  withCredentials = true;
  onload: UploadRequest["onload"] = null;
  onerror: UploadRequest["onerror"] = null;
  ontimeout: UploadRequest["ontimeout"] = null;
  onabort: UploadRequest["onabort"] = null;
  upload: UploadRequest["upload"] = { onprogress: null };

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers.set(name, value);
  }
  send(body: FormData): void {
    this.body = body;
  }
  abort(): void {
    this.isAborted = true;
    this.onabort?.(new ProgressEvent("abort"));
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders.get(name) ?? null;
  }
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.(
      new ProgressEvent("progress", { lengthComputable: true, loaded, total }),
    );
  }
  answer(status: number, body: unknown, headers: Record<string, string> = {}): void {
    this.status = status;
    this.responseText = JSON.stringify(body);
    for (const [name, value] of Object.entries(headers)) this.responseHeaders.set(name, value);
    this.onload?.(new ProgressEvent("load"));
  }
}

function setupUpload(baseUrl = "") {
  const xhr = new FakeXhr();
  const client = createApiClient({ baseUrl, auth: { email: "iago@parley.test", apiKey: "k" } });
  return { xhr, client, createRequest: () => xhr };
}

describe("uploadFile", () => {
  it("POSTs the file as multipart `file` with Basic auth and reports the upload's progress", async () => {
    const { xhr, client, createRequest } = setupUpload("https://chat.example/");
    const progress: [number, number][] = [];
    const file = new File(["hello"], "notes.txt", { type: "text/plain" });
    const done = uploadFile(client, file, "notes.txt", {
      createRequest,
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    xhr.progress(2, 5);
    xhr.progress(5, 5);
    xhr.answer(200, {
      ...success({}),
      uri: "/user_uploads/2/ab/xyz/notes.txt",
      url: "/user_uploads/2/ab/xyz/notes.txt",
      filename: "notes.txt",
    });
    await expect(done).resolves.toEqual({
      url: "/user_uploads/2/ab/xyz/notes.txt",
      filename: "notes.txt",
    });
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("https://chat.example/api/v1/user_uploads");
    expect(xhr.headers.get("Authorization")).toBe(`Basic ${btoa("iago@parley.test:k")}`);
    expect(xhr.withCredentials).toBe(false);
    const sent = xhr.body?.get("file");
    expect(sent).toBeInstanceOf(File);
    expect(sent instanceof File ? sent.name : "").toBe("notes.txt");
    expect(progress).toEqual([
      [2, 5],
      [5, 5],
    ]);
  });

  it("takes an older server's answer with `uri` alone", async () => {
    const { xhr, client, createRequest } = setupUpload();
    const done = uploadFile(client, new Blob(["x"]), "a b.png", { createRequest });
    xhr.answer(200, { ...success({}), uri: "/user_uploads/2/ab/xyz/a_b.png" });
    await expect(done).resolves.toEqual({
      url: "/user_uploads/2/ab/xyz/a_b.png",
      filename: "a b.png",
    });
  });

  it("rejects with the server's error as an ApiError (a 404 from a server without uploads)", async () => {
    const { xhr, client, createRequest } = setupUpload();
    const done = uploadFile(client, new Blob(["x"]), "a.png", { createRequest });
    xhr.answer(404, { result: "error", msg: "Not Found", code: "BAD_REQUEST" });
    await expect(done).rejects.toBeInstanceOf(ApiError);
    await expect(done).rejects.toMatchObject({ status: 404, msg: "Not Found" });
  });

  it("rejects a 429 as RateLimitedError with its Retry-After", async () => {
    const { xhr, client, createRequest } = setupUpload();
    const done = uploadFile(client, new Blob(["x"]), "a.png", { createRequest });
    xhr.answer(
      429,
      { result: "error", msg: "Slow down", code: "RATE_LIMIT_HIT" },
      {
        "Retry-After": "2",
      },
    );
    await expect(done).rejects.toBeInstanceOf(RateLimitedError);
    await expect(done).rejects.toMatchObject({ retryAfterMs: 2000 });
  });

  it("rejects a lost connection as NetworkError", async () => {
    const { xhr, client, createRequest } = setupUpload();
    const done = uploadFile(client, new Blob(["x"]), "a.png", { createRequest });
    xhr.onerror?.(new ProgressEvent("error"));
    await expect(done).rejects.toBeInstanceOf(NetworkError);
  });

  it("an abort of the caller's signal aborts the request and rejects with its reason", async () => {
    const { xhr, client, createRequest } = setupUpload();
    const controller = new AbortController();
    const done = uploadFile(client, new Blob(["x"]), "a.png", {
      createRequest,
      signal: controller.signal,
    });
    const reason = new Error("cancelled");
    controller.abort(reason);
    await expect(done).rejects.toBe(reason);
    expect(xhr.isAborted).toBe(true);
  });
});

describe("uploads' other endpoints", () => {
  it("uploadPathId splits an upload's URL and leaves other URLs alone", () => {
    expect(uploadPathId("/user_uploads/2/ab/xyz/a%20b.png")).toEqual({
      realmId: "2",
      rest: "ab/xyz/a b.png",
    });
    expect(uploadPathId("/thumbnail?url=x")).toBeUndefined();
    expect(uploadPathId("https://evil.example/user_uploads/2/a.png")).toBeUndefined();
    expect(uploadPathId("/user_uploads/2/%E0%A4%A.png")).toBeUndefined();
  });

  it("getFileTemporaryUrl GETs the path with its slashes encoded and answers the url", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({ url: "/user_uploads/temporary/tok/a.png" }));
    const url = await getFileTemporaryUrl(client, { realmId: "2", rest: "ab/xyz/a b.png" });
    expect(url).toBe("/user_uploads/temporary/tok/a.png");
    expect(fake.lastRequest.method).toBe("GET");
    expect(fake.lastRequest.url.pathname).toBe("/api/v1/user_uploads/2/ab%2Fxyz%2Fa%20b.png");
  });

  it("getAttachments and removeAttachment", async () => {
    const { fake, client } = setupApi();
    fake.json(
      200,
      success({
        attachments: [
          { id: 7, name: "a.png", path_id: "2/ab/x/a.png", size: 10, create_time: 1, messages: [] },
        ],
        upload_space_used: 10,
      }),
    );
    const answer = await getAttachments(client);
    expect(answer.attachments[0]?.name).toBe("a.png");
    fake.json(200, success({}));
    await removeAttachment(client, 7);
    expect(fake.lastRequest.method).toBe("DELETE");
    expect(fake.lastRequest.path).toBe("/api/v1/attachments/7");
  });

  it("getFileSize asks HEAD without credentials and reads Content-Length", async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const answer = (response: Response) =>
      ((input: string, init?: RequestInit) => {
        calls.push([input, init]);
        return Promise.resolve(response);
      }) as typeof fetch;
    const url = "https://chat.example/user_uploads/temporary/t/report.pdf";
    const sized = new Response(null, { headers: { "Content-Length": "12697" } });
    expect(await getFileSize(url, { fetch: answer(sized) })).toBe(12697);
    expect(calls[0]?.[0]).toBe(url);
    expect(calls[0]?.[1]?.method).toBe("HEAD");
    expect(calls[0]?.[1]?.credentials).toBe("omit");
    expect(await getFileSize(url, { fetch: answer(new Response(null)) })).toBeUndefined();
    const refused = getFileSize(url, { fetch: answer(new Response(null, { status: 404 })) });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    const offline = getFileSize(url, { fetch: () => Promise.reject(new TypeError("offline")) });
    await expect(offline).rejects.toBeInstanceOf(NetworkError);
  });
});
