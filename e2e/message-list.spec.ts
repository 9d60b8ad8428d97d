import { expect, type Page } from "@playwright/test";
import { test } from "./support/test";
import { apiUser, type ApiUser } from "./support/api-user";
import { listedIds, logInFresh, openStream, openStreamAtNewest } from "./support/reader";

// The message list in Chromium: recipient headers (sticky), sender grouping, date separators,
// a window of rows however long the narrow, older messages loading without moving the view,
// and new messages that never move what the reader is reading.

const READER = "hamlet@parley.test";
const SENDER = "iago@parley.test";

function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function sender(baseURL: string | undefined): Promise<ApiUser> {
  return apiUser(baseURL ?? "", SENDER);
}

/** Waits two frames: what a scroll or a render changes is laid out and painted. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        requestAnimationFrame(() => {
          requestAnimationFrame(() => {
            done();
          });
        });
      }),
  );
}

const SCROLLER = ".message-list-scroll";

/** The first message whose bottom is below the top of the list's view, and its top there. */
function firstVisible(page: Page): Promise<{ id: number; top: number } | null> {
  return page.evaluate((selector) => {
    const scroller = document.querySelector(selector);
    if (scroller === null) return null;
    const viewTop = scroller.getBoundingClientRect().top;
    for (const row of document.querySelectorAll(
      'ol[aria-label="Messages"] > li[data-message-id]',
    )) {
      const rect = row.getBoundingClientRect();
      if (rect.bottom > viewTop + 60) {
        return { id: Number(row.getAttribute("data-message-id")), top: rect.top };
      }
    }
    return null;
  }, SCROLLER);
}

function scrollToTop(page: Page): Promise<void> {
  return page.evaluate((selector) => {
    document.querySelector(selector)?.scrollTo(0, 0);
  }, SCROLLER);
}

function scrollBy(page: Page, pixels: number): Promise<void> {
  return page.evaluate(
    ({ selector, pixels }) => {
      document.querySelector(selector)?.scrollBy(0, pixels);
    },
    { selector: SCROLLER, pixels },
  );
}

test("headers name the conversation and stick; a sender's run shows the name once", async ({
  browser,
  baseURL,
}) => {
  const iago = await sender(baseURL);
  const stream = unique("list");
  await iago.createStream(stream, [SENDER, READER]);
  const topic = "the long topic";
  const ids: number[] = [];
  for (let index = 1; index <= 40; index++) {
    ids.push(await iago.sendStream(stream, topic, `Line ${index} of a long talk\n\nand more`));
  }
  const last = await iago.sendStream(stream, "another topic", "A new subject");

  const page = await logInFresh(browser, READER);
  await openStreamAtNewest(page, stream);
  await expect(page.locator(`li[data-message-id="${last}"]`)).toBeVisible();
  const list = page.getByRole("list", { name: "Messages" });

  // One header per block: the long topic, then another topic; each links to its narrow.
  const headers = list.locator("li.recipient-header:not(.recipient-ghost)");
  await expect(headers.filter({ hasText: topic })).toHaveCount(1);
  await expect(headers.filter({ hasText: "another topic" })).toHaveCount(1);
  await expect(
    headers.filter({ hasText: "another topic" }).getByRole("link", { name: "another topic" }),
  ).toHaveAttribute("href", /#narrow\/stream\/\d+-.*\/topic\/another\.20topic$/);

  // Iago's 40 messages within minutes: his name once, at the start of the run.
  const named = await page.evaluate(
    (messageIds) =>
      messageIds.filter(
        (id) => document.querySelector(`li[data-message-id="${id}"] .message-sender`) !== null,
      ),
    ids,
  );
  expect(named).toEqual([ids[0]]);
  await expect(
    list.getByRole("article", { name: "Message from Iago" }).filter({ hasText: "Line 20 of" }),
  ).toHaveCount(1);

  // Scrolled into the middle of the long topic, its header stays at the top of the view.
  await page.locator(`li[data-message-id="${ids[20]}"]`).scrollIntoViewIfNeeded();
  await scrollBy(page, -10);
  await settle(page);
  const atTop = await page.evaluate((selector) => {
    const scroller = document.querySelector(selector);
    if (scroller === null) return "";
    const box = scroller.getBoundingClientRect();
    const element = document.elementFromPoint(box.left + box.width / 2, box.top + 12);
    return element?.closest("li.recipient-header")?.textContent ?? "";
  }, SCROLLER);
  expect(atTop).toContain(topic);
  expect(atTop).toContain(stream);
});

/** The drawn recipient bars as [top, bottom] in the view, where they overlap the view. */
function drawnHeaders(page: Page): Promise<[number, number][]> {
  return page.evaluate((selector) => {
    const scroller = document.querySelector(selector);
    if (scroller === null) return [];
    const view = scroller.getBoundingClientRect();
    return [...scroller.querySelectorAll("li.recipient-header")]
      .filter((header) => header.checkVisibility({ opacityProperty: true }))
      .map((header) => header.querySelector(".recipient-inner")?.getBoundingClientRect())
      .filter((box) => box !== undefined && box.bottom > view.top && box.top < view.bottom)
      .map((box): [number, number] => [(box?.top ?? 0) - view.top, (box?.bottom ?? 0) - view.top]);
  }, SCROLLER);
}

test("one sticky header at a time: the next pushes the current one away", async ({
  browser,
  baseURL,
}, testInfo) => {
  const iago = await sender(baseURL);
  const stream = unique("sticky");
  await iago.createStream(stream, [SENDER, READER]);
  for (let topic = 1; topic <= 6; topic++) {
    for (let index = 1; index <= 4; index++) {
      await iago.sendStream(stream, `topic ${topic}`, `Message ${index} of topic ${topic}`);
    }
  }
  const page = await logInFresh(browser, READER);
  await openStreamAtNewest(page, stream);
  await expect(page.getByRole("link", { name: "topic 6" }).first()).toBeVisible();
  await scrollToTop(page);
  await settle(page);

  // Down the whole list a few pixels at a time: no two drawn headers ever overlap.
  let pushed = false;
  for (let step = 0; step < 200; step++) {
    const drawn = await drawnHeaders(page);
    drawn.sort((a, b) => a[0] - b[0]);
    for (let index = 1; index < drawn.length; index++) {
      const [above, below] = [drawn[index - 1], drawn[index]];
      expect(
        below?.[0] ?? 0,
        `step ${String(step)}: ${JSON.stringify(drawn)}`,
      ).toBeGreaterThanOrEqual((above?.[1] ?? 0) - 0.5);
    }
    // Once, mid-push (the current header partly out of the view), keep a picture of it.
    const first = drawn[0];
    if (!pushed && first !== undefined && first[0] < -8 && first[1] > 8) {
      pushed = true;
      await page.screenshot({ path: testInfo.outputPath("sticky-header-pushed.png") });
    }
    const moved = await page.evaluate((selector) => {
      const scroller = document.querySelector(selector);
      if (scroller === null) return false;
      const before = scroller.scrollTop;
      scroller.scrollBy(0, 9);
      return scroller.scrollTop !== before;
    }, SCROLLER);
    if (!moved) break;
    await settle(page);
  }
  expect(pushed).toBe(true);
});

test("older demo history shows date separators between days", async ({ browser }) => {
  const page = await logInFresh(browser, READER);
  await openStreamAtNewest(page, "general");
  const separators = page.locator('ol[aria-label="Messages"] > li.date-separator time');
  const today = await page.evaluate(() => {
    const now = new Date();
    const month = String(now.getMonth() + 1).padStart(2, "0");
    return `${now.getFullYear()}-${month}-${String(now.getDate()).padStart(2, "0")}`;
  });
  const days = () =>
    separators.evaluateAll((times) => times.map((time) => time.getAttribute("datetime") ?? ""));
  // Other tests may have filled today with hundreds of messages (the attack specs post theirs
  // here): jump to the top of what is loaded, which fetches the next older batch, until the
  // demo's history, whose days end before today, shows. One batch per step, however much
  // today holds, where scrolling by a screenful at a time took most of the test's time.
  await expect(async () => {
    await scrollToTop(page);
    expect((await days()).some((day) => /^\d{4}-\d{2}-\d{2}$/.test(day) && day < today)).toBe(true);
  }).toPass({ timeout: 25_000 });
  const shown = await days();
  expect([...shown].sort()).toEqual(shown);
});

test("scrolling up loads older messages without moving the view, in a bounded DOM", async ({
  browser,
}) => {
  const page = await logInFresh(browser, READER);
  await openStreamAtNewest(page, "general");
  // Hold the next "older" batch until the position before it is recorded.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = false;
  await page.route("**/api/v1/messages?*", async (route) => {
    const url = new URL(route.request().url());
    const isOlder =
      url.searchParams.get("num_after") === "0" &&
      /^\d+$/.test(url.searchParams.get("anchor") ?? "");
    if (isOlder && !held) {
      held = true;
      await released;
    }
    await route.continue();
  });
  const oldestBefore = Math.min(...(await listedIds(page)));
  const olderRequest = page.waitForRequest(
    (request) =>
      request.url().includes("/api/v1/messages?") && request.url().includes("num_after=0"),
  );
  await scrollToTop(page);
  await olderRequest;
  await expect(page.getByText("Loading older messages…")).toBeVisible();
  await settle(page);
  const before = await firstVisible(page);
  expect(before).not.toBeNull();
  release();
  await expect.poll(async () => Math.min(...(await listedIds(page)))).toBeLessThan(oldestBefore);
  await expect(page.getByText("Loading older messages…")).toBeHidden();
  await settle(page);
  const after = await page
    .locator(`li[data-message-id="${before?.id}"]`)
    .evaluate((row) => row.getBoundingClientRect().top);
  expect(Math.abs(after - (before?.top ?? 0))).toBeLessThanOrEqual(3);

  // Keep scrolling up through several batches: the DOM holds a window, never everything.
  for (let round = 0; round < 6; round++) {
    await scrollBy(page, -4000);
    await settle(page);
  }
  const rows = await page.locator('ol[aria-label="Messages"] > li[data-message-id]').count();
  expect(rows).toBeGreaterThan(0);
  expect(rows).toBeLessThanOrEqual(300);
});

test("a new message while reading older ones does not move the view", async ({
  browser,
  baseURL,
}) => {
  const iago = await sender(baseURL);
  const stream = unique("still");
  await iago.createStream(stream, [SENDER, READER]);
  for (let index = 1; index <= 30; index++) {
    await iago.sendStream(stream, `topic ${index % 3}`, `Message ${index}\n\nsecond line`);
  }
  const page = await logInFresh(browser, READER);
  await openStreamAtNewest(page, stream);
  await scrollBy(page, -500);
  await settle(page);
  const before = await firstVisible(page);
  const scrollTop = () =>
    page.evaluate((selector) => document.querySelector(selector)?.scrollTop ?? -1, SCROLLER);
  const topBefore = await scrollTop();
  const id = await iago.sendStream(stream, "topic 1", "Something new arrives");
  await expect(page.locator(`li[data-message-id="${id}"]`)).toBeAttached();
  await settle(page);
  const after = await page
    .locator(`li[data-message-id="${before?.id}"]`)
    .evaluate((row) => row.getBoundingClientRect().top);
  expect(Math.abs(after - (before?.top ?? 0))).toBeLessThanOrEqual(1);
  expect(Math.abs((await scrollTop()) - topBefore)).toBeLessThanOrEqual(1);
  // The reader is not at the bottom: the way back is offered.
  await expect(page.getByRole("button", { name: "Jump to newest" })).toBeVisible();
  await page.getByRole("button", { name: "Jump to newest" }).click();
  await expect(page.locator(`li[data-message-id="${id}"]`)).toBeInViewport();
});

test("jump to newest from far above a short newest batch lands at the bottom and follows", async ({
  browser,
  baseURL,
}) => {
  // Tall read messages, then many short unread ones: the list opens at the first unread, and
  // "Jump to newest" loads a batch that does not join the rows held, shorter than the distance
  // scrolled, which replaces them. The view must land at the bottom and keep following. (The
  // full suite once left it part-way, when the scroll event of that replacement came before
  // React rendered the newest rows; this test does not force that order, the suite's order
  // did: attacks.spec.ts, then this file.)
  const iago = await sender(baseURL);
  const stream = unique("jump");
  await iago.createStream(stream, [SENDER, READER]);
  const tall = ["A long read message", "", "with", "", "several", "", "paragraphs", "", "in it"];
  const read: number[] = [];
  for (let index = 0; index < 100; index++) {
    read.push(await iago.sendStream(stream, "read part", `${tall.join("\n")} ${index}`));
  }
  const hamlet = await apiUser(baseURL ?? "", READER);
  await hamlet.call("POST", "messages/flags", {
    messages: JSON.stringify(read),
    op: "add",
    flag: "read",
  });
  await iago.sendNumbered(stream, "unread part", 260);
  const newest = await iago.sendStream(stream, "unread part", "the newest one");

  const page = await logInFresh(browser, READER);
  await openStream(page, stream);
  const jump = page.getByRole("button", { name: "Jump to newest" });
  await expect(jump).toBeVisible();
  await jump.click();
  await expect(page.locator(`li[data-message-id="${newest}"]`)).toBeInViewport();
  await expect(jump).toBeHidden();

  // Still following: a new message comes into view at the bottom.
  const next = await iago.sendStream(stream, "unread part", "one more");
  await expect(page.locator(`li[data-message-id="${next}"]`)).toBeInViewport();
  await expect(jump).toBeHidden();
});

test("a scroll made in animation frames moves the view by exactly as much", async ({ browser }) => {
  // Scripts, keys and smooth scrolling move the list from animation frames, and the scroll
  // event of such a move comes a frame later, after the rows it mounted were measured: the
  // list used to put its anchor back there, undoing that frame's step. Each step is written in
  // an animation frame and measured once that frame is painted (a task queued from the frame
  // runs after it): from paint to paint, the message at the top of the view must have moved
  // down by the step.
  const page = await logInFresh(browser, READER);
  await openStreamAtNewest(page, "general");
  await settle(page);
  const moves = await page.evaluate(
    ({ selector, steps, stepPx }) =>
      new Promise<number[]>((done) => {
        const scroller = document.querySelector(selector);
        if (scroller === null) throw new Error("no message list");
        const viewTop = () => scroller.getBoundingClientRect().top;
        const topRow = () =>
          [...scroller.querySelectorAll<HTMLElement>("li[data-message-id]")].find(
            (row) => row.getBoundingClientRect().top >= viewTop(),
          );
        const moved: number[] = [];
        let left = steps;
        // Read after a paint only: between frames, rows mounted for a scroll event may not be
        // in place yet (they are before the paint).
        let watched: { row: HTMLElement; top: number } | undefined;
        const afterPaint = () => {
          if (watched !== undefined) {
            moved.push(Math.round(watched.row.getBoundingClientRect().top - watched.top));
          }
          const row = topRow();
          if (row === undefined || left === 0) {
            done(moved);
            return;
          }
          watched = { row, top: row.getBoundingClientRect().top };
          requestAnimationFrame(() => {
            left--;
            scroller.scrollTop -= stepPx;
            setTimeout(afterPaint, 0);
          });
        };
        afterPaint();
      }),
    { selector: SCROLLER, steps: 40, stepPx: 120 },
  );
  expect(moves).toHaveLength(40);
  // No step undone: the bug left steps at 0 px and the view short by as many steps, so together
  // the moves must come to exactly as far as the steps went. A single step is not compared with
  // 120 px, nor with 0: now and then one read lands between a render made outside a frame and
  // the settling of its rows in the next frame, and sees every row displaced by a few dozen
  // pixels (on a loaded machine more than a step, so below 0), which the next read gives back
  // (pairs such as 161 and 79, 67 and 173 seen in the full suite).
  const total = moves.reduce((sum, move) => sum + move, 0);
  expect(Math.abs(total - 40 * 120), `moves: ${moves.join(", ")}`).toBeLessThanOrEqual(2);
});

test("a fast scroll up through the history puts no error on the page", async ({ browser }) => {
  // The list renders rows from its resize observer's callback. Observed at once, those rows
  // made the browser report "ResizeObserver loop completed with undelivered notifications" as
  // an error event on the window, a few times a second while scrolling fast. That event has no
  // exception behind it, so Playwright's "pageerror" never sees it: the page collects them.
  const page = await logInFresh(browser, READER);
  await openStreamAtNewest(page, "general");
  await settle(page);
  await page.evaluate(() => {
    const errors: string[] = [];
    Object.assign(window, { parleyErrors: errors });
    window.addEventListener("error", (event) => errors.push(event.message));
  });
  const oldestBefore = Math.min(...(await listedIds(page)));
  await page.evaluate(
    ({ selector, frames, stepPx }) =>
      new Promise<void>((done) => {
        const scroller = document.querySelector(selector);
        if (scroller === null) throw new Error("no message list");
        let left = frames;
        const step = () => {
          scroller.scrollTop -= stepPx;
          if (--left > 0) requestAnimationFrame(step);
          else done();
        };
        requestAnimationFrame(step);
      }),
    { selector: SCROLLER, frames: 120, stepPx: 400 },
  );
  await settle(page);
  // The scroll went through rows it had to render: older batches loaded on the way.
  expect(Math.min(...(await listedIds(page)))).toBeLessThan(oldestBefore);
  expect(await page.evaluate(() => (window as { parleyErrors?: string[] }).parleyErrors)).toEqual(
    [],
  );
});

test("j and k move the selection, Ctrl+S stars the selected message", async ({
  browser,
  baseURL,
}) => {
  const iago = await sender(baseURL);
  const stream = unique("keys");
  await iago.createStream(stream, [SENDER, READER]);
  const first = await iago.sendStream(stream, "keys", "First of three");
  const second = await iago.sendStream(stream, "keys", "Second of three");
  const page = await logInFresh(browser, READER);
  await openStream(page, stream);
  await page.getByText("First of three").click();
  const selected = page.locator('li[data-message-id][data-selected="true"]');
  await expect(selected).toHaveAttribute("data-message-id", String(first));
  await page.keyboard.press("j");
  await expect(selected).toHaveAttribute("data-message-id", String(second));
  await expect(page.locator(`li[data-message-id="${second}"] article`)).toBeFocused();
  await page.keyboard.press("Control+s");
  await expect(
    page.locator(`li[data-message-id="${second}"]`).getByRole("img", { name: "Starred" }),
  ).toBeVisible();
  await page.keyboard.press("k");
  await expect(selected).toHaveAttribute("data-message-id", String(first));
});
