import type { Page } from "@playwright/test";
import { z } from "zod";

/**
 * A watcher installed in the page before the app starts: after every DOM change it records
 * whether the message list went blank after it had shown messages (emptied, or removed from the
 * page), the most messages it held, and each connection state the status showed. Mutation
 * callbacks run after a whole React commit, so only states a user could see are judged.
 */

const KEY = "__parleyListWatch";

const blankSchema = z.object({
  at: z.number(),
  kind: z.enum(["emptied", "removed"]),
  /** Messages shown just before. */
  had: z.number(),
});

const watchSchema = z.object({
  maxMessages: z.number(),
  blanks: z.array(blankSchema),
  states: z.array(z.object({ at: z.number(), state: z.string() })),
});

/** What the watcher saw since the page loaded. */
export type ListObservation = z.infer<typeof watchSchema>;

/** The in-page part: serialised by Playwright, so it uses nothing from this module's scope. */
function watchInPage(key: string): void {
  // Only the type comes from outside: types vanish when the function is serialised.
  const watch: ListObservation = { maxMessages: 0, blanks: [], states: [] };
  Reflect.set(window, key, watch);
  let lastCount = 0;
  const check = (): void => {
    const list = document.querySelector('ol[aria-label="Messages"]');
    const count = list === null ? 0 : list.querySelectorAll(":scope > li").length;
    if (lastCount > 0 && count === 0) {
      watch.blanks.push({
        at: Date.now(),
        kind: list === null ? "removed" : "emptied",
        had: lastCount,
      });
    }
    lastCount = count;
    watch.maxMessages = Math.max(watch.maxMessages, count);
    const state = document
      .querySelector('[data-testid="connection-status"]')
      ?.getAttribute("data-state");
    const previous = watch.states[watch.states.length - 1];
    if (state != null && previous?.state !== state) watch.states.push({ at: Date.now(), state });
  };
  new MutationObserver(check).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["data-state"],
  });
}

/** Installs the watcher for every document the page loads from now on (call before `goto`). */
export async function watchMessageList(page: Page): Promise<void> {
  await page.addInitScript(watchInPage, KEY);
}

/** What the watcher recorded in the current document. */
export async function readListObservation(page: Page): Promise<ListObservation> {
  const raw: unknown = await page.evaluate((key): unknown => Reflect.get(window, key), KEY);
  return watchSchema.parse(raw);
}

/** The connection states the status showed, in order, repeats collapsed. */
export function stateSequence(observation: ListObservation): string[] {
  return observation.states.map((item) => item.state);
}
