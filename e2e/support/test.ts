import { test as base } from "@playwright/test";
import { closeFreshContexts } from "./reader";

/**
 * Playwright's `test`, plus one automatic step after every test: the browser contexts the test
 * opened with `logInFresh` are closed, so no app keeps running in the background of later tests.
 */
export const test = base.extend<{ freshContextCleanup: undefined }>({
  freshContextCleanup: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      await use(undefined);
      await closeFreshContexts();
    },
    { auto: true },
  ],
});
