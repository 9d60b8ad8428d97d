// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { createApiClient } from "../../api/client";
import { ApiError, NetworkError } from "../../api/errors";
import { createUploadUrls } from "../../controllers/upload-urls";
import { sanitizeHtml } from "../../lib/sanitize";
import { prepareBodyMedia } from "./body-media";

const REPORT = '<p><a href="/user_uploads/2/ab/x/report.pdf">report.pdf</a></p>';

function body(html: string): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = sanitizeHtml(html);
  return root;
}

/** Upload URLs whose temporary URL and HEAD answer as the test says. */
function setupUrls(size: () => Promise<number | undefined>) {
  const fetchUrl = vi.fn((_client: unknown, pathId: { realmId: string; rest: string }) =>
    Promise.resolve(`/user_uploads/temporary/token-${pathId.rest}`),
  );
  const fetchSize = vi.fn((_url: string) => size());
  const urls = createUploadUrls({
    client: () => createApiClient({ baseUrl: "https://chat.example" }),
    fetchUrl,
    fetchSize,
    now: () => 0,
  });
  return { urls, fetchUrl, fetchSize };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const chip = (root: HTMLElement) => root.querySelector(".message-file-chip");

describe("file chips", () => {
  it("show the name at once and the size when the HEAD of the temporary URL answers", async () => {
    const { urls, fetchSize } = setupUrls(() => Promise.resolve(12_697));
    const root = body(REPORT);
    prepareBodyMedia(root, urls);
    expect(chip(root)?.textContent).toBe("report.pdf");
    await flush();
    // A separator for the accessible name ("report.pdf, 12.4 KB"), hidden on screen.
    expect(chip(root)?.textContent).toBe("report.pdf, 12.4 KB");
    expect(chip(root)?.querySelector(".message-file-chip-size")?.textContent).toBe("12.4 KB");
    expect(fetchSize).toHaveBeenCalledWith(
      "https://chat.example/user_uploads/temporary/token-ab/x/report.pdf",
    );
  });

  it("ask once per path, however many bodies link it or how often one is prepared", async () => {
    const { urls, fetchSize } = setupUrls(() => Promise.resolve(3_250_586));
    const root = body(REPORT + REPORT);
    prepareBodyMedia(root, urls);
    prepareBodyMedia(root, urls);
    await flush();
    prepareBodyMedia(body(REPORT), urls);
    await flush();
    expect(fetchSize).toHaveBeenCalledTimes(1);
    expect(
      [...root.querySelectorAll(".message-file-chip-size")].map((label) => label.textContent),
    ).toEqual(["3.1 MB", "3.1 MB"]);
  });

  it("show the name alone without a size or while offline, and ask again next time", async () => {
    const { urls, fetchSize } = setupUrls(() => Promise.reject(new NetworkError("offline")));
    const root = body(REPORT);
    prepareBodyMedia(root, urls);
    await flush();
    expect(chip(root)?.textContent).toBe("report.pdf");
    expect(chip(root)?.hasAttribute("data-upload-failed")).toBe(false);
    prepareBodyMedia(body(REPORT), urls);
    await flush();
    expect(fetchSize).toHaveBeenCalledTimes(2);
    const none = setupUrls(() => Promise.resolve(undefined));
    const other = body(REPORT);
    prepareBodyMedia(other, none.urls);
    await flush();
    expect(chip(other)?.textContent).toBe("report.pdf");
  });

  it("say plainly when the server refuses the file, leaving the rest of the message", async () => {
    const { urls } = setupUrls(() => Promise.reject(new ApiError(404, undefined, "gone")));
    const root = body('<p>See <a href="/user_uploads/2/ab/x/report.pdf">report.pdf</a> now</p>');
    prepareBodyMedia(root, urls);
    await flush();
    expect(chip(root)?.hasAttribute("data-upload-failed")).toBe(true);
    expect(root.textContent).toBe("See report.pdf, not available now");
  });

  it("change nothing once the body is gone", async () => {
    const { urls } = setupUrls(() => Promise.resolve(100));
    const root = body(REPORT);
    prepareBodyMedia(root, urls)();
    await flush();
    expect(chip(root)?.textContent).toBe("report.pdf");
  });
});
