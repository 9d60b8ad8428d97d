// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApiClient } from "../../api/client";
import { createUploadUrls, TEMPORARY_URL_REUSE_MS } from "../../controllers/upload-urls";
import { sanitizeHtml } from "../../lib/sanitize";
import { prepareBodyMedia } from "./body-media";
import { Lightbox } from "./lightbox";
import { openLightbox } from "./lightbox-store";
import { LAZY_CHUNK } from "../../test/lazy-chunk";

afterEach(cleanup);

const UPLOAD_PREVIEW =
  '<div class="message_inline_image"><a href="/user_uploads/2/ab/x/cat.png" title="cat.png">' +
  '<img src="/user_uploads/2/ab/x/cat.png"></a></div>';
const EXTERNAL_PREVIEW =
  '<div class="message_inline_image"><a href="https://example.com/dog.png">' +
  '<img data-src-fullsize="/thumbnail?url=https%3A%2F%2Fexample.com%2Fdog.png&amp;size=full" ' +
  'src="/thumbnail?url=https%3A%2F%2Fexample.com%2Fdog.png&amp;size=thumbnail"></a></div>';
const THUMBNAIL_PREVIEW =
  '<div class="message_inline_image"><a href="/user_uploads/2/ab/x/big.png" title="big.png">' +
  '<img data-original-dimensions="1920x1080" data-original-content-type="image/png" ' +
  'src="/user_uploads/thumbnail/2/ab/x/big.png/840x560.webp"></a></div>';
const VIDEO_PREVIEW =
  '<div class="message_inline_image message_inline_video"><a href="/user_uploads/2/cd/y/clip.mp4">' +
  '<video preload="metadata" src="/user_uploads/2/cd/y/clip.mp4"></video></a></div>';

function body(html: string): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = sanitizeHtml(html);
  return root;
}

function setupUrls() {
  let now = 0;
  const fetchUrl = vi.fn((_client: unknown, pathId: { realmId: string; rest: string }) =>
    Promise.resolve(`/user_uploads/temporary/token-${pathId.rest}`),
  );
  const urls = createUploadUrls({
    client: () => createApiClient({ baseUrl: "https://chat.example" }),
    fetchUrl,
    fetchSize: () => Promise.resolve(undefined),
    now: () => now,
  });
  return {
    urls,
    fetchUrl,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("message body media", () => {
  it("the sanitiser keeps the preview markup, the video and data-src-fullsize, and no handler", () => {
    const root = body(
      UPLOAD_PREVIEW + EXTERNAL_PREVIEW + VIDEO_PREVIEW + '<img src="x" onerror="alert(1)">',
    );
    expect(root.querySelectorAll(".message_inline_image img")).toHaveLength(2);
    expect(root.querySelector("video")?.getAttribute("preload")).toBe("metadata");
    expect(root.querySelector("[data-src-fullsize]")).not.toBeNull();
    expect(root.innerHTML).not.toContain("onerror");
  });

  it("an upload's preview loads from its temporary URL, an external one as rendered", async () => {
    const { urls, fetchUrl } = setupUrls();
    const root = body(UPLOAD_PREVIEW + EXTERNAL_PREVIEW + VIDEO_PREVIEW);
    prepareBodyMedia(root, urls);
    const [upload, external] = root.querySelectorAll("img");
    expect(upload?.hasAttribute("src")).toBe(false);
    await flush();
    expect(upload?.getAttribute("src")).toBe(
      "https://chat.example/user_uploads/temporary/token-ab/x/cat.png",
    );
    expect(root.querySelector("video")?.getAttribute("src")).toBe(
      "https://chat.example/user_uploads/temporary/token-cd/y/clip.mp4",
    );
    expect(external?.getAttribute("src")).toBe(
      "/thumbnail?url=https%3A%2F%2Fexample.com%2Fdog.png&size=thumbnail",
    );
    expect(fetchUrl).toHaveBeenCalledTimes(2);
  });

  it("a thumbnail loads through its original's temporary URL, its box sized at once", async () => {
    const { urls, fetchUrl } = setupUrls();
    const root = body(THUMBNAIL_PREVIEW + THUMBNAIL_PREVIEW.replace(/1920x1080/, "300x600"));
    prepareBodyMedia(root, urls);
    const [wide, tall] = root.querySelectorAll<HTMLElement>(".message_inline_image");
    // Before any answer: 1920×1080 fits 840×560 at 840×473; 300×600 at 280×560.
    expect([wide?.style.width, wide?.style.aspectRatio]).toEqual(["840px", "1920 / 1080"]);
    expect([tall?.style.width, tall?.style.aspectRatio]).toEqual(["280px", "300 / 600"]);
    expect(wide?.hasAttribute("data-thumbnail-box")).toBe(true);
    await flush();
    expect(wide?.querySelector("img")?.getAttribute("src")).toBe(
      "https://chat.example/user_uploads/temporary/token-ab/x/big.png/840x560.webp",
    );
    expect(fetchUrl).toHaveBeenCalledTimes(1);
    expect(fetchUrl.mock.calls[0]?.[1]).toEqual({ realmId: "2", rest: "ab/x/big.png" });
    // A small original is not enlarged; a preview without dimensions keeps the CSS box.
    const small = body(THUMBNAIL_PREVIEW.replace(/1920x1080/, "200x100") + UPLOAD_PREVIEW);
    prepareBodyMedia(small, urls);
    const [smallBox, plain] = small.querySelectorAll<HTMLElement>(".message_inline_image");
    expect(smallBox?.style.width).toBe("200px");
    expect(plain?.style.width).toBe("");
  });

  it("a path's temporary URL is reused while fresh, then asked again", async () => {
    const { urls, fetchUrl, advance } = setupUrls();
    prepareBodyMedia(body(UPLOAD_PREVIEW), urls);
    prepareBodyMedia(body(UPLOAD_PREVIEW), urls);
    await flush();
    expect(fetchUrl).toHaveBeenCalledTimes(1);
    advance(TEMPORARY_URL_REUSE_MS);
    prepareBodyMedia(body(UPLOAD_PREVIEW), urls);
    expect(fetchUrl).toHaveBeenCalledTimes(2);
  });

  it("a refused upload is marked failed and is asked again next time", async () => {
    const { urls, fetchUrl } = setupUrls();
    fetchUrl.mockRejectedValueOnce(new Error("Not allowed"));
    const root = body(UPLOAD_PREVIEW);
    prepareBodyMedia(root, urls);
    await flush();
    expect(root.querySelector("img")?.hasAttribute("data-upload-failed")).toBe(true);
    prepareBodyMedia(body(UPLOAD_PREVIEW), urls);
    expect(fetchUrl).toHaveBeenCalledTimes(2);
  });

  it("a link to an upload that is not an image or a video is a file chip", () => {
    const { urls } = setupUrls();
    const root = body(
      '<p><a href="/user_uploads/2/ab/x/report.pdf">report.pdf</a> ' +
        '<a href="/user_uploads/2/ab/x/cat.png">cat.png</a> <a href="https://example.com/a.pdf">a</a></p>',
    );
    prepareBodyMedia(root, urls);
    expect([...root.querySelectorAll(".message-file-chip")].map((a) => a.textContent)).toEqual([
      "report.pdf",
    ]);
  });
});

describe("lightbox", () => {
  it("opens on a preview, moves with the arrows, closes on Escape and gives focus back", async () => {
    const list = document.createElement("div");
    list.innerHTML = sanitizeHtml(
      EXTERNAL_PREVIEW +
        '<div class="message_inline_image"><a href="https://example.com/b.png" title="b">' +
        '<img data-src-fullsize="/user_uploads/2/ab/b.png" src="https://example.com/b.png"></a></div>',
    );
    document.body.append(list);
    render(<Lightbox />);
    const [first] = list.querySelectorAll("img");
    const opener = first?.closest("a");
    opener?.focus();
    act(() => {
      if (first !== undefined) openLightbox(list, first);
    });
    const image = () => document.querySelector(".lightbox-image") ?? document.body;
    // The dialog is its own chunk, loaded on this first open.
    expect(await screen.findByText("Image 1 of 2", {}, LAZY_CHUNK)).toBeTruthy();
    expect(image().getAttribute("src")).toBe(
      "http://localhost:3000/thumbnail?url=https%3A%2F%2Fexample.com%2Fdog.png&size=full",
    );
    fireEvent.keyDown(document, { key: "ArrowRight" });
    expect(screen.getByText("Image 2 of 2")).toBeTruthy();
    expect(image().getAttribute("src")).toBe("https://example.com/b.png");
    fireEvent.keyDown(document, { key: "ArrowRight" });
    expect(screen.getByText("Image 2 of 2")).toBeTruthy();
    fireEvent.keyDown(document, { key: "ArrowLeft" });
    expect(screen.getByText("Image 1 of 2")).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByText(/Image \d of/)).toBeNull();
    expect(document.activeElement).toBe(opener);
    list.remove();
  });

  it("shows a thumbnail at once and offers its original through the upload's URL", async () => {
    const list = document.createElement("div");
    list.innerHTML = sanitizeHtml(THUMBNAIL_PREVIEW);
    document.body.append(list);
    render(<Lightbox />);
    const thumbnail = list.querySelector("img");
    thumbnail?.setAttribute(
      "src",
      "https://chat.example/user_uploads/temporary/t/big.png/840x560.webp",
    );
    const original = vi.fn(() =>
      Promise.resolve("https://chat.example/user_uploads/temporary/t/big.png"),
    );
    act(() => {
      if (thumbnail) openLightbox(list, thumbnail, original);
    });
    await screen.findByText("Image 1 of 1", {}, LAZY_CHUNK);
    const image = () => document.querySelector(".lightbox-image") ?? document.body;
    expect(image().getAttribute("src")).toBe(
      "https://chat.example/user_uploads/temporary/t/big.png/840x560.webp",
    );
    expect(original).toHaveBeenCalledWith("/user_uploads/2/ab/x/big.png");
    await act(flush);
    expect(screen.getByText("Open original").getAttribute("href")).toBe(
      "https://chat.example/user_uploads/temporary/t/big.png",
    );
    fireEvent.keyDown(document, { key: "Escape" });
    list.remove();
  });
});
