import { afterEach, describe, expect, it, vi } from "vitest";
import { setupApi } from "../test/api-client";
import * as wire from "../test/api-fixtures";
import { success } from "../test/fake-fetch";
import { TimeoutError } from "./errors";
import {
  deactivateCustomEmoji,
  getCustomEmoji,
  UPLOAD_TIMEOUT_MS,
  uploadCustomEmoji,
} from "./realm-emoji";

describe("custom emoji", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("getCustomEmoji GETs realm/emoji keyed by id, deactivated ones included", async () => {
    const { fake, client } = setupApi();
    const emoji = {
      "1": wire.realmEmoji(),
      "2": wire.realmEmoji({
        id: "2",
        name: "old",
        deactivated: true,
        author_id: null,
        author: null,
      }),
    };
    fake.json(200, success({ emoji }));
    const result = await getCustomEmoji(client);
    expect(fake.lastRequest.path).toBe("/api/v1/realm/emoji");
    expect(result.emoji).toEqual(emoji);
  });

  it("uploadCustomEmoji POSTs one file as multipart, the name in the path", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({}));
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "duck.png", {
      type: "image/png",
    });
    await uploadCustomEmoji(client, { emoji_name: "rubber_duck", file });
    const request = fake.lastRequest;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/api/v1/realm/emoji/rubber_duck");
    expect(request.isMultipart).toBe(true);
    // fetch writes the multipart Content-Type with its boundary; a fixed one would break it.
    expect(request.headers.has("Content-Type")).toBe(false);
    expect(request.headers.get("Authorization")).toMatch(/^Basic /);
    expect(request.body).toEqual({});
    expect(Object.keys(request.files)).toEqual(["file"]);
    const sent = request.files["file"];
    expect(sent).toBeInstanceOf(File);
    expect(sent instanceof File && sent.name).toBe("duck.png");
    expect(new Uint8Array(await (sent ?? new Blob()).arrayBuffer())).toEqual(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    );
  });

  it("an upload gets a longer timeout than an ordinary request", async () => {
    vi.useFakeTimers();
    const { fake, client } = setupApi();
    fake.hang();
    const promise = uploadCustomEmoji(client, { emoji_name: "big", file: new Blob(["x"]) }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(UPLOAD_TIMEOUT_MS - 1);
    fake.json(200, success({})); // not consumed: nothing settled early
    await vi.advanceTimersByTimeAsync(1);
    expect(await promise).toBeInstanceOf(TimeoutError);
  });

  it("deactivateCustomEmoji DELETEs realm/emoji/{name}, escaped", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({}));
    await deactivateCustomEmoji(client, { emoji_name: "a/b c" });
    expect(fake.lastRequest.method).toBe("DELETE");
    expect(fake.lastRequest.path).toBe("/api/v1/realm/emoji/a%2Fb%20c");
  });

  it("an unknown emoji is a 404 ApiError", async () => {
    const { fake, client } = setupApi();
    fake.json(404, { result: "error", msg: "Emoji 'nope' does not exist", code: "BAD_REQUEST" });
    await expect(deactivateCustomEmoji(client, { emoji_name: "nope" })).rejects.toMatchObject({
      status: 404,
      msg: "Emoji 'nope' does not exist",
    });
  });
});
