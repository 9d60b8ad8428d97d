import { expect, type Page, type Route } from "@playwright/test";
import { test } from "./support/test";
import { devApiKey } from "./support/api-user";
import { logInFresh, openStreamAtNewest } from "./support/reader";

// Files in compose (paste, drop, the attach button), their progress and cancel, an upload
// error beside compose, previews through the temporary URL, the lightbox, and an uploaded HTML
// file that must never run as a page of Parley. The first two tests need no upload route on the
// server (they answer the POST themselves); the others need the server's uploads.

const PNG_1X1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A stream narrow with a fresh topic typed, the message box focused. */
async function composeInDesign(page: Page): Promise<void> {
  await openStreamAtNewest(page, "design");
  await page.getByRole("textbox", { name: "Topic" }).fill(unique("uploads"));
  await page.getByRole("textbox", { name: "Message" }).click();
}

/** Pastes a PNG (as a screenshot tool puts it on the clipboard) into the message box. */
async function pastePng(page: Page, name: string, bytes = PNG_1X1): Promise<void> {
  await page.getByRole("textbox", { name: "Message" }).evaluate(
    (textarea, [fileName, base64]) => {
      const data = new DataTransfer();
      const binary = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      data.items.add(new File([binary], fileName, { type: "image/png" }));
      textarea.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    },
    [name, bytes] as const,
  );
}

/** Drops a text file of `size` bytes on the message list, as a file dragged from the desktop. */
async function dropFile(page: Page, name: string, size: number): Promise<void> {
  await page.getByRole("list", { name: "Messages" }).evaluate(
    (list, [fileName, bytes]) => {
      const data = new DataTransfer();
      data.items.add(new File(["x".repeat(bytes)], fileName, { type: "text/plain" }));
      for (const type of ["dragenter", "dragover", "drop"]) {
        list.dispatchEvent(
          new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }),
        );
      }
    },
    [name, size] as const,
  );
}

test("a paste shows the placeholder where the caret was, with progress and cancel", async ({
  browser,
}) => {
  const page = await logInFresh(browser, "cordelia@parley.test");
  // The POST is held until the test has looked: no server answers it meanwhile.
  let release: (() => void) | undefined;
  await page.route("**/api/v1/user_uploads", async (route: Route) => {
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    await route.abort();
  });
  await composeInDesign(page);
  const message = page.getByRole("textbox", { name: "Message" });
  await message.fill("Before after");
  await message.evaluate((textarea: HTMLTextAreaElement) => {
    textarea.setSelectionRange(6, 6);
  });
  await pastePng(page, "screenshot.png");
  await expect(message).toHaveValue("Before\n[Uploading screenshot.png…]()\n after");
  await expect(page.getByRole("progressbar", { name: "Upload of screenshot.png" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(message).toHaveValue("Before\n after");
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  release?.();
});

test("a refused upload shows the server's reason beside compose and keeps the draft", async ({
  browser,
}) => {
  const page = await logInFresh(browser, "cordelia@parley.test");
  // What a server without uploads answers (Parley before its upload routes did).
  await page.route("**/api/v1/user_uploads", (route) =>
    route.fulfill({
      status: 404,
      contentType: "application/json",
      body: JSON.stringify({ result: "error", msg: "Not Found", code: "BAD_REQUEST" }),
    }),
  );
  await composeInDesign(page);
  const message = page.getByRole("textbox", { name: "Message" });
  await message.fill("My draft");
  await page.getByTestId("compose-file-input").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("some notes"),
  });
  await expect(page.getByRole("alert")).toHaveText("Couldn't upload “notes.txt”: Not Found");
  await expect(message).toHaveValue("My draft\n");
  await page.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("a pasted image is sent, previewed through its temporary URL, and opens in the lightbox", async ({
  browser,
}) => {
  const page = await logInFresh(browser, "cordelia@parley.test");
  await composeInDesign(page);
  const message = page.getByRole("textbox", { name: "Message" });
  const text = unique("Look");
  await message.fill(`${text} `);
  await pastePng(page, "pixel.png");
  await expect(message).toHaveValue(
    new RegExp(`^${text} \\n\\[pixel\\.png\\]\\(/user_uploads/\\d+/[^)]+/pixel\\.png\\)\\n$`),
  );
  await message.press("Enter");

  const row = page.locator("li[data-message-id]").filter({ hasText: text });
  const preview = row.locator(".message_inline_image img");
  await expect(preview).toHaveAttribute("src", /\/user_uploads\/temporary\//);
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);
  // A thumbnail's box comes from the original's size (1×1 here: the 48px least), not the load.
  await expect(row.locator(".message_inline_image")).toHaveCSS("height", "48px");

  await preview.click();
  const lightbox = page.getByRole("dialog", { name: /^Image \d+ of \d+$/ });
  await expect(lightbox).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(lightbox).toBeHidden();
  await expect(row.locator(".message_inline_image a")).toBeFocused();
});

test("the compose Preview shows an uploaded image of the draft, loaded as in a message", async ({
  browser,
}) => {
  const page = await logInFresh(browser, "cordelia@parley.test");
  await composeInDesign(page);
  await pastePng(page, "draft.png");
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue(
    /\[draft\.png\]\(\/user_uploads\/\d+\/[^)]+\/draft\.png\)/,
  );
  await page.getByRole("tab", { name: "Preview" }).click();
  const preview = page
    .getByRole("tabpanel", { name: "Preview" })
    .locator(".message_inline_image img");
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);
});

test("an image pasted into a message's edit box ends up in the saved message", async ({
  browser,
}) => {
  const page = await logInFresh(browser, "cordelia@parley.test");
  await composeInDesign(page);
  const text = unique("Before the edit");
  await page.getByRole("textbox", { name: "Message" }).fill(text);
  await page.getByRole("textbox", { name: "Message" }).press("Enter");
  const row = page.locator("li[data-message-id]").filter({ hasText: text });
  await expect(row).toHaveAttribute("data-message-id", /^\d+$/);

  await row.hover();
  await row.getByRole("button", { name: "Message actions" }).click();
  await page.getByRole("menuitem", { name: "Edit", exact: true }).click();
  const editor = row.getByRole("form", { name: "Edit message" });
  const content = editor.getByRole("textbox", { name: "Edit content" });
  await content.evaluate((textarea, base64) => {
    const data = new DataTransfer();
    const binary = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    data.items.add(new File([binary], "edited.png", { type: "image/png" }));
    textarea.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, PNG_1X1);
  await expect(content).toHaveValue(
    new RegExp(`^${text}\\n\\[edited\\.png\\]\\(/user_uploads/\\d+/[^)]+/edited\\.png\\)\\n$`),
  );
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor).toHaveCount(0);
  const preview = row.locator(".message_inline_image img");
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);
});

test("a file dropped on the message list uploads with progress and shows as a chip with its size", async ({
  browser,
}) => {
  const page = await logInFresh(browser, "cordelia@parley.test");
  await composeInDesign(page);
  // A slow uplink, so the progress is seen before the end.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 512 * 1024,
  });
  await dropFile(page, "report.txt", 2 * 1024 * 1024);
  const bar = page.getByRole("progressbar", { name: "Upload of report.txt" });
  await expect
    .poll(async () => Number((await bar.getAttribute("value")) ?? "0"))
    .toBeGreaterThan(0);
  const message = page.getByRole("textbox", { name: "Message" });
  await expect(message).toHaveValue(/\[report\.txt\]\(\/user_uploads\/\d+\/[^)]+\/report\.txt\)/);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await message.press("Enter");
  // The chip's size comes from a HEAD of the temporary URL (the markup carries none).
  const chip = page
    .locator("li[data-message-id] a.message-file-chip")
    .filter({ hasText: "report.txt" });
  await expect(chip).toBeVisible();
  await expect(chip.locator(".message-file-chip-size")).toHaveText("2.0 MB");
});

test("an uploaded HTML file is served as an attachment under a sandbox, never run", async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const email = "cordelia@parley.test";
  const apiKey = await devApiKey(origin, email);
  const authorization = `Basic ${Buffer.from(`${email}:${apiKey}`).toString("base64")}`;
  const form = new FormData();
  form.append(
    "file",
    new Blob(["<script>document.title = 'ran'; localStorage.setItem('pwned', '1')</script>"], {
      type: "text/html",
    }),
    "evil.html",
  );
  const uploaded = await fetch(`${origin}/api/v1/user_uploads`, {
    method: "POST",
    headers: { Authorization: authorization },
    body: form,
  });
  expect(uploaded.status).toBe(200);
  // The answer of the upload contract (common/wire/uploads.ts), read as such.
  const { url } = (await uploaded.json()) as { url: string };
  const pathId = /^\/user_uploads\/(\d+)\/(.+)$/.exec(url);
  expect(pathId).not.toBeNull();
  const temporary = await fetch(
    `${origin}/api/v1/user_uploads/${pathId?.[1] ?? ""}/${encodeURIComponent(pathId?.[2] ?? "")}`,
    { headers: { Authorization: authorization } },
  );
  // The temporary URL's answer, as the contract says.
  const { url: temporaryUrl } = (await temporary.json()) as { url: string };

  // Without credentials, the upload's own URL serves nothing.
  expect((await fetch(`${origin}${url}`)).status).toBeGreaterThanOrEqual(400);

  const served = await fetch(`${origin}${temporaryUrl}`);
  expect(served.headers.get("content-disposition")).toMatch(/^attachment/);
  expect(served.headers.get("x-content-type-options")).toBe("nosniff");
  expect(served.headers.get("content-security-policy")).toMatch(/sandbox/);

  // Opened in the browser, it downloads: no page of Parley's origin runs its script.
  const page = await logInFresh(browser, email);
  const download = page.waitForEvent("download");
  await page.evaluate((href) => {
    window.open(href, "_self");
  }, `${origin}${temporaryUrl}`);
  await download;
  expect(await page.evaluate(() => localStorage.getItem("pwned"))).toBeNull();
});
