import { useEffect, useSyncExternalStore } from "react";
import { useUiStore, type ThemeChoice, currentThemeChoice } from "../../stores/ui-store";

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

/** Applies the chosen theme before React renders (no flash of the wrong palette). */
export function applyStoredTheme(): void {
  applyTheme(resolveTheme(currentThemeChoice(), systemPrefersDark()));
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
