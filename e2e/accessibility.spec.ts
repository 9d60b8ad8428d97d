import { expect, test, type Page } from "@playwright/test";
import { z } from "zod";
import { dmNarrow, narrowToHash, streamNarrow, topicNarrow } from "../src/lib/narrow";
import { STREAMS_HASH, topicsHash } from "../src/lib/route";
import { apiUser } from "./support/api-user";
import { expectAccessible, THEMES, type Theme } from "./support/axe";

/**
 * axe on the main views in both themes: no violation of impact "serious" or "critical". Each view
 * is checked once it really shows (its heading, its rows), with the theme applied the way the
 * app keeps the user's choice (`parley:preferences` in localStorage, as the theme switch writes
 * it) and the system's colour scheme emulated to match, so "system" would agree too.
 */

const READER = "iago@parley.test";

/** What the views need from the server, prepared once through the API. */
interface World {
  /** The reader's credentials as the app keeps them in sessionStorage. */
  session: string;
  generalId: number;
  othelloId: number;
  /** A topic of #general holding one message of the reader's, edited once. */
  editedTopic: string;
  editedText: string;
}

let world: World | undefined;

const meSchema = z.object({ user_id: z.number() });

async function prepareWorld(baseURL: string): Promise<World> {
  const reader = await apiUser(baseURL, READER);
  const me = meSchema.parse(await reader.call("GET", "users/me"));
  const generalId = (await reader.streamIds()).get("general");
  const othelloId = (await reader.userIds()).get("othello@parley.test");
  if (generalId === undefined || othelloId === undefined) throw new Error("demo data missing");
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
  const editedTopic = `a11y history ${stamp}`;
  const editedText = `Second version ${stamp}`;
  const sentId = await reader.sendStream("general", editedTopic, `First version ${stamp}`);
  await reader.call("PATCH", `messages/${sentId}`, { content: editedText });
  const session = JSON.stringify({
    email: READER,
    apiKey: reader.apiKey,
    userId: me.user_id,
  });
  return { session, generalId, othelloId, editedTopic, editedText };
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

/** Applies `theme` before the app starts; logs in too unless `loggedOut`. */
async function setUp(page: Page, theme: Theme, { loggedOut = false } = {}): Promise<void> {
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
    { choice: theme, session: loggedOut ? null : theWorld().session },
  );
}

/** The theme really applied, and the view done loading (what a person would be reading). */
async function expectSettled(page: Page, theme: Theme, { loggedOut = false } = {}): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
  if (!loggedOut) {
    await expect(page.getByTestId("connection-status")).toHaveAttribute("data-state", "live");
  }
  await expect(page.getByText(/^Loading\b/)).toHaveCount(0);
}

/** Opens a narrow and waits for its title and its first message. */
async function openNarrow(page: Page, hash: string): Promise<void> {
  await page.goto(`/${hash}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator('ol[aria-label="Messages"] li[data-message-id]').first()).toBeVisible();
}

for (const theme of THEMES) {
  test.describe(`accessibility, ${theme} theme`, () => {
    // axe walks every node of a message list (contrast above all): slow on a loaded machine.
    test.setTimeout(90_000);
    test("login page", async ({ page }, testInfo) => {
      await setUp(page, theme, { loggedOut: true });
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("button", { name: /iago@parley\.test/ })).toBeVisible();
      await expectSettled(page, theme, { loggedOut: true });
      await expectAccessible(page, undefined, { themes: "current", testInfo });
    });

    test("stream narrow", async ({ page }, testInfo) => {
      await setUp(page, theme);
      await openNarrow(page, narrowToHash(streamNarrow(theWorld().generalId, "general")));
      await expect(page.getByRole("heading", { level: 1, name: "#general" })).toBeVisible();
      await expectSettled(page, theme);
      await expectAccessible(page, undefined, { themes: "current", testInfo });
    });

    test("topic narrow", async ({ page }, testInfo) => {
      await setUp(page, theme);
      await openNarrow(page, narrowToHash(topicNarrow(theWorld().generalId, "general", "lunch")));
      await expect(page.getByRole("heading", { level: 1, name: "#general > lunch" })).toBeVisible();
      await expectSettled(page, theme);
      await expectAccessible(page, undefined, { themes: "current", testInfo });
    });

    test("direct-message narrow", async ({ page }, testInfo) => {
      await setUp(page, theme);
      await openNarrow(page, narrowToHash(dmNarrow([theWorld().othelloId]), "Othello"));
      await expectSettled(page, theme);
      await expectAccessible(page, undefined, { themes: "current", testInfo });
    });

    test("stream browser", async ({ page }, testInfo) => {
      await setUp(page, theme);
      await page.goto(`/${STREAMS_HASH}`);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(main.getByText("engineering", { exact: true }).first()).toBeVisible();
      await expectSettled(page, theme);
      await expectAccessible(page, undefined, { themes: "current", testInfo });
    });

    test("topic list", async ({ page }, testInfo) => {
      await setUp(page, theme);
      await page.goto(`/${topicsHash(theWorld().generalId, "general")}`);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(main.getByText("lunch", { exact: true }).first()).toBeVisible();
      await expectSettled(page, theme);
      await expectAccessible(page, undefined, { themes: "current", testInfo });
    });

    for (const [view, hash, heading] of [
      ["Inbox", "#inbox", "Inbox"],
      ["Recent conversations", "#recent", "Recent conversations"],
      ["Drafts", "#drafts", "Drafts"],
    ] as const) {
      test(view, async ({ page }, testInfo) => {
        await setUp(page, theme);
        await page.goto(`/${hash}`);
        const main = page.getByRole("main");
        await expect(main.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await expectSettled(page, theme);
        await expectAccessible(page, undefined, { themes: "current", testInfo });
      });
    }

    test("keyboard help dialog", async ({ page }, testInfo) => {
      await setUp(page, theme);
      await openNarrow(page, narrowToHash(streamNarrow(theWorld().generalId, "general")));
      await page.keyboard.press("?");
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectSettled(page, theme);
      await expectAccessible(page, undefined, { themes: "current", testInfo });
    });

    test("edit-history dialog", async ({ page }, testInfo) => {
      const { generalId, editedTopic, editedText } = theWorld();
      await setUp(page, theme);
      await openNarrow(page, narrowToHash(topicNarrow(generalId, "general", editedTopic)));
      const row = page.locator("li[data-message-id]").filter({ hasText: editedText });
      await row.hover();
      await row.getByRole("button", { name: "Message actions" }).click();
      await page.getByRole("menuitem", { name: "View edit history" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectSettled(page, theme);
      await expectAccessible(page, undefined, { themes: "current", testInfo });
    });
  });
}
