import { readdir } from "node:fs/promises";
import { text } from "node:stream/consumers";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkedPathId, checkedStorageKey, newPathId, sanitizeName, thumbnailKey } from "./path-id";
import { isInlineType, sniffContentType } from "./sniff";
import { LocalUploadStorage } from "./storage";

let storage: LocalUploadStorage;
let root: string;

beforeEach(async () => {
  storage = await LocalUploadStorage.open(undefined);
  root = storage.root;
});

afterEach(async () => {
  await storage.close();
});

describe("LocalUploadStorage", () => {
  it("keeps a received file under its path id, reads it back and deletes it", async () => {
    const received = await storage.receive(
      Readable.from([Buffer.from("hello "), Buffer.from("you")]),
    );
    expect(received.size).toBe(9);
    expect(received.head.toString()).toBe("hello you");
    const pathId = newPathId("notes.txt");
    await received.keep(pathId);
    expect(await storage.stat(pathId)).toEqual({ size: 9 });
    expect(await text(storage.open(pathId))).toBe("hello you");
    expect(await text(storage.open(pathId, { start: 2, end: 4 }))).toBe("llo");
    await storage.delete(pathId);
    expect(await storage.stat(pathId)).toBeUndefined();
  });

  it("writes a thumbnail beside its upload, and nothing at a key bent out of that shape", async () => {
    const pathId = newPathId("cat.png");
    const key = thumbnailKey(pathId, "840x560.webp");
    await storage.write(key, Buffer.from("RIFF....WEBP"));
    expect(await text(storage.open(key))).toBe("RIFF....WEBP");
    expect(checkedStorageKey(key)).toBe(key);
    for (const bent of [
      `thumbnail/${pathId}/../../../../etc`,
      `thumbnail/${pathId}/840x560.png`,
      `thumbnail/${pathId}/..`,
      `thumbnail/1/../840x560.webp`,
      `thumbnail/${pathId}`,
      `thumbnail/${pathId}/840x560.webp/x`,
    ]) {
      expect(checkedStorageKey(bent), bent).toBeUndefined();
      await expect(storage.write(bent, Buffer.from("x")), bent).rejects.toThrow(/Not an upload/);
    }
    await storage.delete(key);
    expect(await storage.stat(key)).toBeUndefined();
    // Nothing left in the incoming folder either.
    expect(await readdir(`${root}/.incoming`)).toEqual([]);
  });

  it("leaves nothing behind when the stream fails or the file is discarded", async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from("part"));
        this.destroy(new Error("connection lost"));
      },
    });
    await expect(storage.receive(failing)).rejects.toThrow("connection lost");
    const received = await storage.receive(Readable.from([Buffer.from("x")]));
    await received.discard();
    expect(await readdir(`${root}/.incoming`)).toEqual([]);
  });

  it("refuses every path that is not a path id or that would leave the folder", async () => {
    const received = await storage.receive(Readable.from([Buffer.from("x")]));
    for (const path of [
      "../../etc/passwd",
      "1/ab/aaaaaaaaaaaaaaaaaaaaaaaa/..",
      "1/ab/aaaaaaaaaaaaaaaaaaaaaaaa/a\\b",
      "1/ab/aaaaaaaaaaaaaaaaaaaaaaaa/a\0b",
      "/etc/passwd",
      "1/ab/../../../../tmp/x",
      "1/ab/aaaaaaaaaaaaaaaaaaaaaaaa/x/y",
    ]) {
      expect(checkedPathId(path), path).toBeUndefined();
      await expect(received.keep(path), path).rejects.toThrow("Not an upload path");
      expect(() => storage.open(path), path).toThrow("Not an upload path");
      await expect(storage.delete(path), path).rejects.toThrow("Not an upload path");
      expect(await storage.stat(path), path).toBeUndefined();
    }
  });
});

describe("path ids", () => {
  it("are Zulip-shaped: realm, two hex digits, 24 random characters, the sanitised name", () => {
    const pathId = newPathId("My photo (1).png");
    expect(pathId).toMatch(/^1\/[0-9a-f]{2}\/[A-Za-z0-9_-]{24}\/My-photo-1.png$/);
    expect(checkedPathId(pathId)).toBe(pathId);
  });

  it("sanitise names as Zulip's sanitize_name", () => {
    expect(sanitizeName("../../etc/passwd")).toBe("....etcpasswd");
    expect(sanitizeName("a  b--c.txt")).toBe("a-b-c.txt");
    expect(sanitizeName("ｆｕｌｌ.png")).toBe("full.png");
    expect(sanitizeName("Ünïcødé.txt")).toBe("Ünïcødé.txt");
    expect(sanitizeName("<script>")).toBe("script");
    expect(sanitizeName("..")).toBe("uploaded-file");
    expect(sanitizeName("///")).toBe("uploaded-file");
  });
});

describe("sniffContentType", () => {
  const of = (...bytes: (number | string)[]) =>
    sniffContentType(
      Buffer.concat(
        bytes.map((b) => (typeof b === "string" ? Buffer.from(b, "latin1") : Buffer.from([b]))),
      ),
    );

  it("knows the media types by their magic numbers", () => {
    expect(of(0x89, "PNG\r\n\x1a\n", "rest")).toBe("image/png");
    expect(of(0xff, 0xd8, 0xff, 0xe0)).toBe("image/jpeg");
    expect(of("GIF89a")).toBe("image/gif");
    expect(of("RIFF\0\0\0\0WEBPVP8 ")).toBe("image/webp");
    expect(of("RIFF\0\0\0\0WAVEfmt ")).toBe("audio/wav");
    expect(of("\0\0\0\x20ftypavif")).toBe("image/avif");
    expect(of("\0\0\0\x20ftypisom")).toBe("video/mp4");
    expect(of(0x1a, 0x45, 0xdf, 0xa3)).toBe("video/webm");
    expect(of("OggS\0")).toBe("audio/ogg");
    expect(of("ID3\x04")).toBe("audio/mpeg");
    expect(of("%PDF-1.7")).toBe("application/pdf");
  });

  it("calls anything else application/octet-stream: HTML and SVG included", () => {
    expect(of("<!DOCTYPE html><script>")).toBe("application/octet-stream");
    expect(of('<svg xmlns="http://www.w3.org/2000/svg">')).toBe("application/octet-stream");
    expect(of("")).toBe("application/octet-stream");
  });

  it("lets only images, videos and audio be inline", () => {
    expect(isInlineType("image/png")).toBe(true);
    expect(isInlineType("video/webm")).toBe(true);
    expect(isInlineType("application/pdf")).toBe(false);
    expect(isInlineType("image/svg+xml")).toBe(false);
    expect(isInlineType("application/octet-stream")).toBe(false);
  });
});
