import { expect, test, type Page } from "@playwright/test";
import { apiUser } from "./support/api-user";
import { openStreamAtNewest } from "./support/reader";
import { startServerProcess, type ServerProcess } from "./support/server-process";
import { startForwarder, type Forwarder } from "./support/upstream";

// Remote mode: `npm start -- --upstream <url>` serves the client and forwards the API to another
// Zulip server. Here the upstream is a second instance of our own server (its own port and fresh
// data folder) and the browser only ever talks to the forwarding instance.

test.describe.configure({ mode: "serial", timeout: 60_000 });

let upstream: ServerProcess;
let forwarder: Forwarder;
let page: Page;
/** What `beforeAll` started, in order: all of it is stopped, even when starting failed midway. */
const started: { name: string; output?: () => string; dispose: () => Promise<void> }[] = [];
const run = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const topic = `remote ${run}`;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(150_000);
  upstream = await startServerProcess();
  started.push({
    name: "upstream",
    output: () => upstream.output(),
    dispose: () => upstream.dispose(),
  });
  forwarder = await startForwarder(upstream.url);
  started.push({
    name: "forwarder",
    output: () => forwarder.output(),
    dispose: () => forwarder.dispose(),
  });
  page = await browser.newPage();
  started.push({ name: "page", dispose: () => page.close() });
});

// eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
test.afterAll(async ({}, testInfo) => {
  for (const { name, output, dispose } of started.reverse()) {
    if (testInfo.status !== testInfo.expectedStatus && output !== undefined) {
      await testInfo.attach(`${name} output`, { body: output(), contentType: "text/plain" });
    }
    await dispose();
  }
});

test("the forwarding instance names its upstream and serves the upstream's organisation", async () => {
  expect(forwarder.output()).toContain(`forwarding to the Zulip server ${upstream.url}/`);
  // The settings come from the upstream: its realm URL, not the forwarder's.
  const settings = (await (await fetch(`${forwarder.url}/api/v1/server_settings`)).json()) as {
    realm_uri?: string;
  }; // our own server's JSON
  expect(settings.realm_uri).toBe(upstream.url);
});

test("a password login and a sent message go through the forwarding instance", async () => {
  const seenOrigins = new Set<string>();
  page.on("request", (request) => seenOrigins.add(new URL(request.url()).origin));

  await page.goto(`${forwarder.url}/`);
  const form = page.getByRole("form", { name: "Log in with your password" });
  await form.getByLabel("Email").fill("hamlet@parley.test");
  await form.getByLabel("Password").fill("parley-demo");
  await form.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("navigation", { name: "Streams" })).toBeVisible();
  await openStreamAtNewest(page, "general");

  const text = `Through the forwarder ${run}`;
  await page.getByRole("textbox", { name: "Topic" }).fill(topic);
  const composer = page.getByRole("textbox", { name: "Message" });
  await composer.fill(text);
  await composer.press("Enter");
  const messages = page.getByRole("list", { name: "Messages" });
  await expect(messages.getByRole("article").filter({ hasText: text })).toHaveCount(1);
  // The message is stored upstream (the forwarder has no database) and was confirmed by it.
  await expect(messages.locator("li[data-message-id]").filter({ hasText: text })).toHaveCount(1);

  // The browser never talked to the upstream itself.
  expect([...seenOrigins].filter((origin) => origin.startsWith("http"))).toEqual([forwarder.url]);
});

test("a message sent straight to the upstream arrives live through the long poll", async () => {
  const othello = await apiUser(upstream.url, "othello@parley.test");
  const text = `Straight to the upstream ${run}`;
  await othello.sendStream("general", topic, text);
  await expect(
    page
      .getByRole("list", { name: "Messages" })
      .getByRole("article", { name: "Message from Othello" })
      .filter({ hasText: text }),
  ).toBeVisible();
});

test("a custom emoji image (a relative /user_avatars/ URL) loads through the forwarder", async () => {
  const othello = await apiUser(upstream.url, "othello@parley.test");
  const emojiLoaded = page.waitForResponse((response) =>
    response.url().startsWith(`${forwarder.url}/user_avatars/emoji/`),
  );
  await othello.sendStream("general", topic, `Ship it :parley: ${run}`);
  const response = await emojiLoaded;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\//);

  const image = page
    .getByRole("list", { name: "Messages" })
    .getByRole("article")
    .filter({ hasText: `Ship it` })
    .locator('img[src*="/user_avatars/emoji/"]');
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
});
