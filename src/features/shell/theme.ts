import { useEffect, useSyncExternalStore } from "react";
import {
  currentServerPreferences,
  currentThemeChoice,
  useUiStore,
  type Density,
  type ThemeChoice,
} from "../../stores/ui-store";

/** The palette actually shown. */
export type ResolvedTheme = "light" | "dark";

const DARK_QUERY = "(prefers-color-scheme: dark)";

/** The palette for a choice: "system" follows the operating system's preference. */
export function resolveTheme(choice: ThemeChoice, prefersDark: boolean): ResolvedTheme {
  if (choice === "system") return prefersDark ? "dark" : "light";
  return choice;
}

function darkQuery(): MediaQueryList | undefined {
  return typeof window.matchMedia === "function" ? window.matchMedia(DARK_QUERY) : undefined;
}

function subscribeToSystemTheme(onChange: () => void): () => void {
  const query = darkQuery();
  query?.addEventListener("change", onChange);
  return () => {
    query?.removeEventListener("change", onChange);
  };
}

function systemPrefersDark(): boolean {
  return darkQuery()?.matches ?? false;
}

/**
 * Sets `html[data-theme]` (the stylesheet's switch) and `color-scheme` (native controls,
 * scrollbars). Called once before the first render so the first paint has the right colours.
 */
export function applyTheme(theme: ResolvedTheme, root: HTMLElement = document.documentElement) {
  root.dataset["theme"] = theme;
  root.style.colorScheme = theme;
}

/**
 * Sets the information density: the root font size (every `rem` of the stylesheet follows it)
 * and the body's line height (`--line-height`).
 */
function applyDensity(density: Density, root: HTMLElement = document.documentElement) {
  root.style.fontSize = `${String(density.fontSizePx)}px`;
  root.style.setProperty("--line-height", String(density.lineHeightPercent / 100));
}

/** Applies the chosen theme and density before React renders (no flash of the wrong ones). */
export function applyStoredTheme(): void {
  applyTheme(resolveTheme(currentThemeChoice(), systemPrefersDark()));
  applyDensity(currentServerPreferences().density);
}

/** Keeps the page's density in step with the user's setting. */
export function useApplyDensity(): void {
  const density = useUiStore((state) => state.density);
  useEffect(() => {
    applyDensity(density);
  }, [density]);
}

/** Keeps `html[data-theme]` in step with the user's choice and, for "system", the OS. */
export function useApplyTheme(): ResolvedTheme {
  const choice = useUiStore((state) => state.theme);
  const prefersDark = useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark);
  const theme = resolveTheme(choice, prefersDark);
  useEffect(() => {
    applyTheme(theme);
  }, [theme]);
  return theme;
}
