import {
  expect,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
  type Response,
} from "@playwright/test";

/**
 * The reader of the fault tests: the app in Chromium, read only through the DOM contract
 * (`ol[aria-label="Messages"] > li[data-message-id]`, `a.stream-link[data-stream-id]` with
 * `.unread-count`, `[data-testid="connection-status"][data-state]`).
 */

/** Opens the app at `origin` and logs in as `email` with the development login. */
export async function logIn(page: Page, origin: string, email: string): Promise<void> {
  await page.goto(`${origin}/`);
  await page.getByRole("button", { name: new RegExp(email.replace(/[.]/g, "\\.")) }).click();
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
}

/** Opens a stream from the sidebar and waits for the event connection to be live. */
export async function openStream(page: Page, name: string): Promise<void> {
  await page
    .getByRole("navigation", { name: "Streams" })
    .getByRole("link", { name, exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: `#${name}` })).toBeVisible();
  await expectConnectionState(page, "live");
}

/** The contexts `logInFresh` opened for the running test; `test` (support/test.ts) closes them. */
const freshContexts = new Set<BrowserContext>();

/**
 * Closes the contexts `logInFresh` opened. Left open, each would keep a live app (long poll,
 * rendering) running in the worker's browser for the rest of the run, slowing every later test.
 */
export async function closeFreshContexts(): Promise<void> {
  const contexts = [...freshContexts];
  freshContexts.clear();
  await Promise.all(contexts.map((context) => context.close()));
}

/**
 * A fresh browser context (its own sessionStorage) logged in as `email` at the test's baseURL.
 * Closed after the test when the spec uses `test` from support/test.ts.
 */
export async function logInFresh(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  freshContexts.add(context);
  const page = await context.newPage();
  await logIn(page, "", email);
  return page;
}

/**
 * Opens a stream and catches up to its newest message: the list opens at the reader's first
 * unread message, and live messages join it only once it reaches the newest.
 */
export async function openStreamAtNewest(page: Page, name: string): Promise<void> {
  await openStream(page, name);
  await expect(page.locator("li[data-message-id]").first()).toBeVisible();
  const jump = page.getByRole("button", { name: "Jump to newest" });
  if (await jump.isVisible()) await jump.click();
  await expect(jump).toBeHidden();
}

/** Waits until the status shows `state`. */
export async function expectConnectionState(
  page: Page,
  state: "connecting" | "live" | "reconnecting" | "resyncing",
  timeout?: number,
): Promise<void> {
  await expect(page.getByTestId("connection-status")).toHaveAttribute("data-state", state, {
    ...(timeout === undefined ? {} : { timeout }),
  });
}

/**
 * The server ids of the messages in the list, top to bottom (local echoes left out). The list
 * is windowed: these are the rendered rows, which are all of a narrow of up to 100 rows or so
 * and, at the bottom, the newest ones.
 */
export function listedIds(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll('ol[aria-label="Messages"] > li[data-message-id]'),
      (item) => Number(item.getAttribute("data-message-id")),
    ),
  );
}

/** What the sidebar shows: every stream's id, and its unread count where there is one. */
export interface SidebarUnreads {
  streamIds: number[];
  /** Stream id → the number in its `.unread-count` (streams without one are left out). */
  unread: Record<number, number>;
}

export function sidebarUnreads(page: Page): Promise<SidebarUnreads> {
  return page.evaluate(() => {
    const result: SidebarUnreads = { streamIds: [], unread: {} };
    for (const link of document.querySelectorAll("a.stream-link[data-stream-id]")) {
      const id = Number(link.getAttribute("data-stream-id"));
      result.streamIds.push(id);
      const text = link.querySelector(".unread-count")?.textContent.trim() ?? "";
      // Not a number shows as NaN in the comparison: a wrong label is a wrong count.
      if (text !== "") result.unread[id] = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    }
    return result;
  });
}

/** What the app said to the server's event API, as seen from the browser. */
export interface EventTraffic {
  /** `POST register` calls answered. */
  registers(): number;
  /** `GET events` answers with `code: "BAD_EVENT_QUEUE_ID"`. */
  badQueueAnswers(): number;
  /** `GET events` requests sent and not yet answered or failed. */
  pollsInFlight(): number;
}

function isApi(request: Request, method: string, path: string): boolean {
  return request.method() === method && new URL(request.url()).pathname === `/api/v1/${path}`;
}

async function errorCode(response: Response): Promise<unknown> {
  try {
    const body: unknown = await response.json();
    return typeof body === "object" && body !== null && "code" in body ? body.code : undefined;
  } catch {
    return undefined; // the page went away or the body was not JSON
  }
}

/** Starts counting the page's event traffic (call before logging in). */
export function watchEventTraffic(page: Page): EventTraffic {
  let registers = 0;
  let badQueue = 0;
  const polls = new Set<Request>();
  page.on("request", (request) => {
    if (isApi(request, "GET", "events")) polls.add(request);
  });
  const settle = (request: Request): void => {
    polls.delete(request);
  };
  page.on("requestfinished", settle);
  page.on("requestfailed", settle);
  page.on("response", (response) => {
    const request = response.request();
    if (isApi(request, "POST", "register") && response.ok()) registers++;
    if (isApi(request, "GET", "events") && response.status() === 400) {
      void errorCode(response).then((code) => {
        if (code === "BAD_EVENT_QUEUE_ID") badQueue++;
      });
    }
  });
  return {
    registers: () => registers,
    badQueueAnswers: () => badQueue,
    pollsInFlight: () => polls.size,
  };
}
