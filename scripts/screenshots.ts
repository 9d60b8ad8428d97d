import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { z } from "zod";
import { dmNarrow, narrowToHash, streamNarrow } from "../src/lib/narrow";
import { ORGANIZATION_PAGES, STREAMS_HASH, topicsHash } from "../src/lib/route";

/**
 * `npm run screenshots`: full-page pictures of the main views at a desktop and a phone size, in
 * both themes, saved in test-results/screenshots/ for people to look at. Not a test, and not in
 * `npm test` or its totals: nothing compares the pictures (baselines would hang on the
 * machine's Chromium build and fonts, and on the demo data's dates). Playwright's runner drives
 * it for the e2e web server (a fresh build and server) and browser (playwright.config.ts, with
 * `PARLEY_SCREENSHOTS=1`). Each view is first waited for (heading, rows or entries), so a view
 * that does not show stops the run rather than leaving a blank picture.
 */

type Theme = "light" | "dark";
const THEMES: readonly Theme[] = ["light", "dark"];
const SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;
const READER = "iago@parley.test";

interface World {
  session: string;
  generalId: number;
  othelloId: number;
}

let world: World | undefined;

async function prepareWorld(baseURL: string): Promise<World> {
  const keyAnswer = await fetch(`${baseURL}/api/v1/dev_fetch_api_key`, {
    method: "POST",
    body: new URLSearchParams({ username: READER }),
  });
  const apiKey = z.object({ api_key: z.string() }).parse(await keyAnswer.json()).api_key;
  const headers = {
    Authorization: `Basic ${Buffer.from(`${READER}:${apiKey}`).toString("base64")}`,
  };
  const get = async (path: string): Promise<unknown> =>
    (await fetch(`${baseURL}/api/v1/${path}`, { headers })).json();
  const me = z.object({ user_id: z.number() }).parse(await get("users/me"));
  const { members } = z
    .object({ members: z.array(z.object({ user_id: z.number(), email: z.string() })) })
    .parse(await get("users"));
  const { subscriptions } = z
    .object({ subscriptions: z.array(z.object({ stream_id: z.number(), name: z.string() })) })
    .parse(await get("users/me/subscriptions"));
  const generalId = subscriptions.find((sub) => sub.name === "general")?.stream_id;
  const othelloId = members.find((user) => user.email === "othello@parley.test")?.user_id;
  if (generalId === undefined || othelloId === undefined) throw new Error("demo data missing");
  const session = JSON.stringify({ email: READER, apiKey, userId: me.user_id });
  return { session, generalId, othelloId };
}

// eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
test.beforeAll(async ({}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  if (baseURL === undefined) throw new Error("no baseURL");
  world = await prepareWorld(baseURL);
});

function theWorld(): World {
  if (world === undefined) throw new Error("beforeAll did not run");
  return world;
}

/** The theme as the app stores the user's choice, the system scheme to match; the session. */
async function setUp(page: Page, theme: Theme, isLoggedIn: boolean): Promise<void> {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
  await page.addInitScript(
    ({ choice, session }) => {
      const key = "parley:preferences";
      let stored: object = {};
      try {
        const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? "{}");
        if (typeof parsed === "object" && parsed !== null) stored = parsed;
      } catch {
        // Unreadable preferences: the app would ignore them too.
      }
      localStorage.setItem(key, JSON.stringify({ ...stored, theme: choice }));
      if (session !== null) sessionStorage.setItem("parley.session", session);
    },
    { choice: theme, session: isLoggedIn ? theWorld().session : null },
  );
}

/** Opens a narrow and waits for its title, its first message and a live connection. */
async function showNarrow(page: Page, hash: string, title?: string): Promise<void> {
  await page.goto(`/${hash}`);
  await expect(
    page.getByRole("heading", { level: 1, ...(title ? { name: title } : {}) }),
  ).toBeVisible();
  await expect(page.locator('ol[aria-label="Messages"] li[data-message-id]').first()).toBeVisible();
  await expect(page.getByTestId("connection-status")).toHaveAttribute("data-state", "live");
}

/** A page of the centre column (not a narrow): its heading and an entry we know is there. */
async function showPage(page: Page, hash: string, entry: string): Promise<void> {
  await page.goto(`/${hash}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(main.getByText(entry, { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId("connection-status")).toHaveAttribute("data-state", "live");
}

/** Nothing still loading: no "Loading…" placeholder, the images on screen done. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByText(/^Loading\b/)).toHaveCount(0);
  // Lazy images (avatars) out of view never load: only the ones on screen are waited for.
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => {
      const rect = image.getBoundingClientRect();
      const isInView = rect.bottom > 0 && rect.top < innerHeight;
      return image.complete || (image.loading === "lazy" && !isInView);
    }),
  );
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}

/** #general, the view the stream-narrow, compose and menu pictures start from. */
function showGeneral(page: Page): Promise<void> {
  return showNarrow(page, narrowToHash(streamNarrow(theWorld().generalId, "general")), "#general");
}

const VIEWS: { name: string; isLoggedIn: boolean; show: (page: Page) => Promise<void> }[] = [
  {
    name: "login",
    isLoggedIn: false,
    show: async (page) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("button", { name: /iago@parley\.test/ })).toBeVisible();
    },
  },
  {
    name: "stream-narrow",
    isLoggedIn: true,
    show: showGeneral,
  },
  {
    name: "topic-list",
    isLoggedIn: true,
    show: (page) => showPage(page, topicsHash(theWorld().generalId, "general"), "lunch"),
  },
  {
    name: "stream-browser",
    isLoggedIn: true,
    show: (page) => showPage(page, STREAMS_HASH, "engineering"),
  },
  {
    name: "inbox",
    isLoggedIn: true,
    show: async (page) => {
      await page.goto("/#inbox");
      await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
      await expect(page.getByTestId("connection-status")).toHaveAttribute("data-state", "live");
    },
  },
  {
    name: "recent",
    isLoggedIn: true,
    show: (page) => showPage(page, "#recent", "lunch"),
  },
  {
    name: "drafts",
    isLoggedIn: true,
    show: async (page) => {
      await page.goto("/#drafts");
      await expect(page.getByRole("heading", { level: 1, name: "Drafts" })).toBeVisible();
    },
  },
  {
    name: "compose-open",
    isLoggedIn: true,
    show: async (page) => {
      await showGeneral(page);
      await page.getByRole("textbox", { name: /^Message/ }).click();
      await page.keyboard.type("A draft in **progress**");
    },
  },
  {
    name: "message-menu",
    isLoggedIn: true,
    show: async (page) => {
      await showGeneral(page);
      await page
        .locator('ol[aria-label="Messages"] li[data-message-id] .message-body')
        .last()
        .click();
      await page.keyboard.press("i");
      await expect(page.getByRole("menu")).toBeVisible();
    },
  },
  {
    name: "preferences",
    isLoggedIn: true,
    show: (page) => showPage(page, ORGANIZATION_PAGES.account.hash, "Preferences"),
  },
  {
    name: "user-groups",
    isLoggedIn: true,
    show: (page) => showPage(page, ORGANIZATION_PAGES.groups.hash, "leadership"),
  },
  {
    name: "linkifiers",
    isLoggedIn: true,
    show: (page) => showPage(page, ORGANIZATION_PAGES.linkifiers.hash, "zulip#(?P<id>[0-9]+)"),
  },
  {
    name: "dm-narrow",
    isLoggedIn: true,
    show: (page) => showNarrow(page, narrowToHash(dmNarrow([theWorld().othelloId]), "Othello")),
  },
];

for (const size of SIZES) {
  test.describe(`screenshots, ${size.name} ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    for (const view of VIEWS) {
      for (const theme of THEMES) {
        test(`${view.name}, ${theme}`, async ({ page }, testInfo) => {
          await setUp(page, theme, view.isLoggedIn);
          await view.show(page);
          await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
          await settled(page);
          // One flat folder (the run's output folder, emptied when a run starts).
          const file = `${view.name}-${size.name}-${theme}.png`;
          const path = join(testInfo.project.outputDir, file);
          await page.screenshot({ path, fullPage: true, animations: "disabled" });
        });
      }
    }
  });
}
