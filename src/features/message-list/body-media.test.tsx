// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApiClient } from "../../api/client";
import { createUploadUrls, TEMPORARY_URL_REUSE_MS } from "../../controllers/upload-urls";
import { sanitizeHtml } from "../../lib/sanitize";
import { prepareBodyMedia } from "./body-media";
import { Lightbox, openLightbox } from "./lightbox";

afterEach(cleanup);

const UPLOAD_PREVIEW =
  '<div class="message_inline_image"><a href="/user_uploads/2/ab/x/cat.png" title="cat.png">' +
  '<img src="/user_uploads/2/ab/x/cat.png"></a></div>';
const EXTERNAL_PREVIEW =
  '<div class="message_inline_image"><a href="https://example.com/dog.png">' +
  '<img data-src-fullsize="/thumbnail?url=https%3A%2F%2Fexample.com%2Fdog.png&amp;size=full" ' +
  'src="/thumbnail?url=https%3A%2F%2Fexample.com%2Fdog.png&amp;size=thumbnail"></a></div>';
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
  it("opens on a preview, moves with the arrows, closes on Escape and gives focus back", () => {
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
    expect(screen.getByText("Image 1 of 2")).toBeTruthy();
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
});
