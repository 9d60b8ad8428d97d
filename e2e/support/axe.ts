import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

/**
 * axe for the e2e specs: no violation of impact "serious" or "critical", on the whole page or one
 * part of it, in the light and the dark theme (or only the theme the page shows).
 */

export type Theme = "light" | "dark";

/** Both themes, light first. */
export const THEMES: readonly Theme[] = ["light", "dark"];

export interface AccessibleOptions {
  /**
   * The themes to check (both by default), or "current": the page as it is, theme untouched (a
   * spec that set the theme itself, before the app started or with `emulateMedia`).
   */
  themes?: readonly Theme[] | "current";
  /**
   * How a theme is switched: "media" (the default) emulates the system's colour scheme, waits
   * for the app to apply it (`<html data-theme>`) and goes back to light at the end; "attribute"
   * sets `<html data-theme>` directly and leaves the last theme on.
   */
  switchBy?: "media" | "attribute";
  /** Attaches axe's full list of violations (every impact) to this test's report. */
  testInfo?: TestInfo;
  /** Names the check in a failure (the theme is added); by default the selector or "the page". */
  label?: string;
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown; html: string; failureSummary?: string }[];
}

/** "serious color-contrast: Elements must meet … (url)" with a few offending nodes each. */
function describeViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.slice(0, 4).map((node) => {
        const summary = (node.failureSummary ?? "").split("\n").slice(0, 3).join(" / ");
        return `    - ${JSON.stringify(node.target)} ${node.html.slice(0, 160)}\n      ${summary}`;
      });
      const more = violation.nodes.length > 4 ? `\n    … ${violation.nodes.length - 4} more` : "";
      return `${violation.impact ?? "?"} ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join("\n")}${more}`;
    })
    .join("\n");
}

/** One axe run on what the page shows now; fails listing every serious or critical violation. */
async function checkOnce(
  page: Page,
  selector: string | undefined,
  label: string,
  testInfo: TestInfo | undefined,
): Promise<void> {
  const builder = new AxeBuilder({ page });
  const results = await (selector === undefined ? builder : builder.include(selector)).analyze();
  if (testInfo !== undefined) {
    await testInfo.attach("axe-violations.json", {
      body: JSON.stringify(results.violations, null, 2),
      contentType: "application/json",
    });
  }
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(
    serious.map((violation) => violation.id),
    `axe found serious or critical violations (${label}):\n${describeViolations(serious)}`,
  ).toEqual([]);
}

async function applyTheme(page: Page, theme: Theme, switchBy: "media" | "attribute") {
  if (switchBy === "attribute") {
    await page.evaluate((value) => {
      document.documentElement.dataset["theme"] = value;
    }, theme);
    return;
  }
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
}

/**
 * Runs axe on `selector` (the whole page without one) in each theme of `options.themes`; fails
 * on any serious or critical violation, naming the theme and the offending nodes.
 */
export async function expectAccessible(
  page: Page,
  selector?: string,
  options: AccessibleOptions = {},
): Promise<void> {
  const { themes = THEMES, switchBy = "media", testInfo } = options;
  const label = options.label ?? selector ?? "the page";
  if (themes === "current") {
    await checkOnce(page, selector, label, testInfo);
    return;
  }
  for (const theme of themes) {
    await applyTheme(page, theme, switchBy);
    await checkOnce(page, selector, `${label} in the ${theme} theme`, testInfo);
  }
  if (switchBy === "media") await page.emulateMedia({ colorScheme: "light" });
}
