import { readdir } from "node:fs/promises";
import { expect } from "vitest";
import { uploadStorage } from "../actions/upload-storage";
import { LocalUploadStorage } from "../uploads/storage";
import { multipart } from "./realm-helpers";
import type { TestServer } from "./test-server";

/** One part of a multipart upload. */
export interface UploadPart {
  field?: string;
  fileName: string;
  data: Buffer;
  contentType?: string;
}

/** `POST /user_uploads` with the given files as a multipart body. */
export async function uploadFiles(server: TestServer, auth: string, files: readonly UploadPart[]) {
  const { payload, contentType } = multipart(
    files.map((file) => ({
      field: file.field ?? "file",
      fileName: file.fileName,
      contentType: file.contentType ?? "application/octet-stream",
      data: file.data,
    })),
  );
  const response = await server.app.inject({
    method: "POST",
    url: "/api/v1/user_uploads",
    headers: { authorization: auth, "content-type": contentType },
    payload,
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

/** Uploads one file and returns its path id (the part of its URL after `/user_uploads/`). */
export async function uploadOne(
  server: TestServer,
  auth: string,
  fileName: string,
  data: Buffer,
): Promise<string> {
  const { status, body } = await uploadFiles(server, auth, [{ fileName, data }]);
  expect(status, JSON.stringify(body)).toBe(200);
  return decodeURI(String(body["uri"]).replace(/^\/user_uploads\//, ""));
}

/** Every file in the server's upload folder (temporary ones included), and the table's rows. */
export async function storedUploads(
  server: TestServer,
): Promise<{ files: string[]; rows: number }> {
  const storage = await uploadStorage(server.ctx);
  if (!(storage instanceof LocalUploadStorage)) throw new Error("the tests expect local storage");
  const entries = await readdir(storage.root, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  const [row] = await server.ctx.db.query<{ count: number }>(
    "SELECT count(*)::int AS count FROM attachments",
  );
  return { files, rows: row?.count ?? 0 };
}

/** The temporary URL of an upload, as `GET /api/v1/user_uploads/{realm}/{rest}` answers it. */
export async function temporaryUrl(server: TestServer, auth: string, pathId: string) {
  const response = await server.app.inject({
    method: "GET",
    url: `/api/v1/user_uploads/${pathId.split("/").map(encodeURIComponent).join("/")}`,
    headers: { authorization: auth },
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}
