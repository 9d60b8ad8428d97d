import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { uploadStorage } from "../actions/upload-storage";
import { FakeClock } from "../test/fake-clock";
import { TINY_PNG } from "../test/realm-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { storedUploads, temporaryUrl, uploadFiles, uploadOne } from "../test/upload-helpers";

let server: TestServer;
let clock: FakeClock;
let hamlet: string;
let othello: string;

beforeAll(async () => {
  clock = new FakeClock();
  server = await startTestServer({ maxFileUploadSizeMib: 1 }, clock);
  hamlet = await server.auth("hamlet@parley.test");
  othello = await server.auth("othello@parley.test");
});
afterAll(async () => {
  await server.close({ saveQueues: false });
});

const HTML = Buffer.from("<!DOCTYPE html><script>parent.alert(document.cookie)</script>");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');

describe("POST /user_uploads", () => {
  it("stores the file and answers Zulip's uri, url and filename", async () => {
    const { status, body } = await uploadFiles(server, hamlet, [
      { field: "whatever", fileName: "My pic.png", data: TINY_PNG },
    ]);
    expect(status).toBe(200);
    expect(body["uri"]).toMatch(/^\/user_uploads\/1\/[0-9a-f]{2}\/[A-Za-z0-9_-]{24}\/My-pic\.png$/);
    expect(body["url"]).toBe(body["uri"]);
    expect(body["filename"]).toBe("My pic.png");
  });

  it("refuses, keeping nothing: no file, several files, empty, too large, not multipart", async () => {
    const before = await storedUploads(server);
    const big = Buffer.alloc(1024 * 1024 + 1, 1);
    const refusals: [Promise<{ status: number; body: Record<string, unknown> }>, number, string][] =
      [
        [uploadFiles(server, hamlet, []), 400, "You must specify a file to upload"],
        [
          uploadFiles(server, hamlet, [
            { fileName: "a.png", data: TINY_PNG },
            { field: "other", fileName: "b.png", data: TINY_PNG },
          ]),
          400,
          "You may only upload one file at a time",
        ],
        [
          uploadFiles(server, hamlet, [{ fileName: "e.txt", data: Buffer.alloc(0) }]),
          400,
          "The file is empty.",
        ],
        [
          uploadFiles(server, hamlet, [{ fileName: "big.bin", data: big }]),
          400,
          "File is larger than this server's configured maximum upload size (1 MiB).",
        ],
        [
          server.api("POST", "user_uploads", { file: "not a file" }, hamlet),
          400,
          "You must specify a file to upload",
        ],
      ];
    for (const [call, status, msg] of refusals) {
      const { status: got, body } = await call;
      expect({ got, msg: body["msg"] }).toEqual({ got: status, msg });
    }
    const exact = await uploadFiles(server, hamlet, [
      { fileName: "max.bin", data: big.subarray(1) },
    ]);
    expect(exact.status).toBe(200);
    const after = await storedUploads(server);
    expect(after.rows).toBe(before.rows + 1);
    expect(after.files.length).toBe(before.files.length + 1);
  });

  it("refuses a body cut short in the middle of the file, keeping nothing", async () => {
    const before = await storedUploads(server);
    const boundary = "cut";
    const response = await server.app.inject({
      method: "POST",
      url: "/api/v1/user_uploads",
      headers: {
        authorization: hamlet,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\n`,
        ),
        Buffer.alloc(200_000, 1),
      ]),
    });
    expect([response.statusCode, response.json<{ msg: string }>().msg]).toEqual([
      400,
      "Malformed multipart body",
    ]);
    expect(await storedUploads(server)).toEqual(before);
  });

  it("needs credentials, and writes nothing without them", async () => {
    const before = await storedUploads(server);
    const { status } = await uploadFiles(server, "Basic bm9ib2R5OnNlY3JldA==", [
      { fileName: "a.png", data: TINY_PNG },
    ]);
    expect(status).toBe(401);
    expect(await storedUploads(server)).toEqual(before);
  });
});

describe("serving an upload", () => {
  async function fetchTemporary(auth: string, pathId: string) {
    const { status, body } = await temporaryUrl(server, auth, pathId);
    expect(status, JSON.stringify(body)).toBe(200);
    const url = String(body["url"]);
    expect(url).toMatch(/^\/user_uploads\/temporary\/[^/]+\/[^/]+$/);
    return { url, response: await server.app.inject({ method: "GET", url }) };
  }

  it("hands the uploader a short-lived URL that serves it without credentials", async () => {
    const pathId = await uploadOne(server, hamlet, "pixel.png", TINY_PNG);
    const { url, response } = await fetchTemporary(hamlet, pathId);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-disposition"]).toBe(
      `inline; filename="pixel.png"; filename*=UTF-8''pixel.png`,
    );
    clock.advance(61_000);
    const expired = await server.app.inject({ method: "GET", url });
    expect([expired.statusCode, expired.json<{ msg: string }>().msg]).toEqual([
      400,
      "Invalid token",
    ]);
  });

  it("keeps a Unicode name: in the path sanitised, in the download as uploaded", async () => {
    const pathId = await uploadOne(
      server,
      hamlet,
      "Résumé 2026 (final).pdf",
      Buffer.from("%PDF-1.4"),
    );
    expect(pathId).toMatch(/\/Résumé-2026-final\.pdf$/);
    const { response } = await fetchTemporary(hamlet, pathId);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="R_sum_ 2026 (final).pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%202026%20%28final%29.pdf`,
    );
  });

  it("refuses a tampered token or a token for another name", async () => {
    const pathId = await uploadOne(server, hamlet, "pixel.png", TINY_PNG);
    const other = await uploadOne(server, hamlet, "secret.png", TINY_PNG);
    const { url } = await fetchTemporary(hamlet, pathId);
    const [, , , token = "", name = ""] = url.split("/");
    const [payload = "", signature = ""] = token.split(".");
    const forged = Buffer.from(`${Date.now() + 60_000}:${other}`).toString("base64url");
    for (const [bad, msg] of [
      [`/user_uploads/temporary/${forged}.${signature}/secret.png`, "Invalid token"],
      [`/user_uploads/temporary/${payload}.${signature.slice(1)}x/${name}`, "Invalid token"],
      [`/user_uploads/temporary/${payload}/${name}`, "Invalid token"],
      [`/user_uploads/temporary/${token}/secret.png`, "Invalid filename"],
    ] as const) {
      const response = await server.app.inject({ method: "GET", url: bad });
      expect([response.statusCode, response.json<{ msg: string }>().msg], bad).toEqual([400, msg]);
    }
  });

  it("takes the type from the bytes: a PNG named .txt is an inline image", async () => {
    const pathId = await uploadOne(server, hamlet, "notes.txt", TINY_PNG);
    const { response } = await fetchTemporary(hamlet, pathId);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["content-disposition"]).toMatch(/^inline;/);
  });

  it("serves HTML named .png and SVG as sandboxed downloads, never as pages", async () => {
    for (const [name, data] of [
      ["page.png", HTML],
      ["drawing.svg", SVG],
    ] as const) {
      const pathId = await uploadOne(server, hamlet, name, data);
      const { response } = await fetchTemporary(hamlet, pathId);
      expect(response.headers["content-type"], name).toBe("application/octet-stream");
      expect(response.headers["content-disposition"], name).toMatch(/^attachment; filename=/);
      expect(response.headers["content-security-policy"], name).toBe("sandbox; default-src 'none'");
      expect(response.headers["x-content-type-options"], name).toBe("nosniff");
    }
  });

  it("answers HEAD with the file's size and type and no body (a file chip's size)", async () => {
    const data = Buffer.from("%PDF-1.4 twelve bytes");
    const pathId = await uploadOne(server, hamlet, "report.pdf", data);
    const { url } = await fetchTemporary(hamlet, pathId);
    const open = vi.spyOn(await uploadStorage(server.ctx), "open");
    const response = await server.app.inject({ method: "HEAD", url });
    // Only the size is wanted: the file is not read.
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-length"]).toBe(String(data.length));
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.rawPayload.length).toBe(0);
    const tampered = await server.app.inject({
      method: "HEAD",
      url: url.replace(/\/[^/]+$/, "/x.pdf"),
    });
    expect(tampered.statusCode).toBe(400);
  });

  it("serves a byte range", async () => {
    const pathId = await uploadOne(server, hamlet, "pixel.png", TINY_PNG);
    const { url } = await fetchTemporary(hamlet, pathId);
    const response = await server.app.inject({
      method: "GET",
      url,
      headers: { range: "bytes=1-3" },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers["content-range"]).toBe(`bytes 1-3/${TINY_PNG.length}`);
    expect(response.body).toBe("PNG");
  });

  it("accepts the path with its slashes encoded or not", async () => {
    const pathId = await uploadOne(server, hamlet, "pixel.png", TINY_PNG);
    for (const url of [
      `/api/v1/user_uploads/${pathId}`,
      `/api/v1/user_uploads/1/${encodeURIComponent(pathId.slice(2))}`,
    ]) {
      const response = await server.app.inject({
        method: "GET",
        url,
        headers: { authorization: hamlet },
      });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it("serves /user_uploads/{path} itself with Basic auth, and never to an anonymous request", async () => {
    const pathId = await uploadOne(server, hamlet, "pixel.png", TINY_PNG);
    const url = `/user_uploads/${pathId}`;
    const own = await server.app.inject({ method: "GET", url, headers: { authorization: hamlet } });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(TINY_PNG)).toBe(true);
    const anonymous = await server.app.inject({ method: "GET", url });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.rawPayload.includes(TINY_PNG)).toBe(false);
    const outsider = await server.app.inject({
      method: "GET",
      url,
      headers: { authorization: othello },
    });
    expect(outsider.statusCode).toBe(403);
    const missing = await server.app.inject({
      method: "GET",
      url: `/user_uploads/1/ab/${"a".repeat(24)}/none.png`,
      headers: { authorization: hamlet },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("finds nothing outside the uploads folder, whatever the path", async () => {
    for (const path of [
      "1/..%2F..%2F..%2Fetc%2Fpasswd",
      "1/ab/../../../../etc/passwd",
      "1/ab/%2e%2e/%2e%2e/package.json",
      "1/ab/aaaaaaaaaaaaaaaaaaaaaaaa/..%5C..%5Cpackage.json",
      "1/ab/aaaaaaaaaaaaaaaaaaaaaaaa/%00.png",
      "%2Fetc/passwd",
    ]) {
      const api = await server.app.inject({
        method: "GET",
        url: `/api/v1/user_uploads/${path}`,
        headers: { authorization: hamlet },
      });
      expect(api.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(api.statusCode, path).toBeLessThan(500);
      const direct = await server.app.inject({
        method: "GET",
        url: `/user_uploads/${path}`,
        headers: { authorization: hamlet },
      });
      expect(direct.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(direct.statusCode, path).toBeLessThan(500);
      expect(direct.body, path).not.toMatch(/root:|"name": "parley"/);
    }
  });
});
