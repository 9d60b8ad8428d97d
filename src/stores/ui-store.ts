import { useStore } from "zustand";
import { createStore, type StoreApi } from "zustand/vanilla";
import type { StoreActions } from "./store-actions";

/** The colour theme the user chose; "system" follows `prefers-color-scheme`. */
export type ThemeChoice = "system" | "light" | "dark";

/** What a request to open the compose box carries. */
export interface ComposeRequest {
  /** Increases with every request, so the same request twice still opens the box. */
  readonly sequence: number;
  /** Text to put at the end of the content (a quote), or null. */
  readonly insertText: string | null;
  /** A new direct message (`x`): the box switches to choosing its recipients. */
  readonly isDirect: boolean;
}

/**
 * View state shared between features (not server data): theme and preferences (kept in
 * `localStorage`), the selected message (the one `r`, `e`, `s` act on), which message is being
 * edited, collapsed messages, open panels, and requests to focus compose or search.
 */
export interface UiState {
  readonly theme: ThemeChoice;
  /** The view the home route shows (`web_home_view`). */
  readonly homeView: HomeView;
  /** True: Enter sends and Shift+Enter adds a line; false: Ctrl/Cmd+Enter sends. */
  readonly enterSends: boolean;
  /** Times as 15:07 rather than 3:07 PM (`twenty_four_hour_time`). */
  readonly twentyFourHourTime: boolean;
  /** The information density: base font size (px) and line height (%) of the page. */
  readonly density: Density;
  readonly selectedMessageId: number | null;
  readonly editingMessageId: number | null;
  readonly collapsedMessageIds: ReadonlySet<number>;
  /** Narrow screens: the left drawer (streams). Wide screens ignore it. */
  readonly isLeftDrawerOpen: boolean;
  /** The right panel (users, groups): a column on wide screens, a drawer on narrow ones. */
  readonly isRightPanelOpen: boolean;
  readonly composeRequest: ComposeRequest | null;
  /** Increases each time something asks for the search box to take focus. */
  readonly searchFocusSequence: number;
  /** Increases each time a message is sent to the open narrow: its list shows the newest. */
  readonly showNewestSequence: number;

  setTheme(theme: ThemeChoice): void;
  setEnterSends(enterSends: boolean): void;
  /**
   * The user's settings from the server (the register snapshot, or a `user_settings` event):
   * they win over what this browser remembered, which only serves the first paint.
   */
  settingsReceived(settings: ServerPreferences): void;
  selectMessage(id: number | null): void;
  startEditing(id: number): void;
  stopEditing(): void;
  toggleCollapsed(id: number): void;
  setLeftDrawerOpen(isOpen: boolean): void;
  setRightPanelOpen(isOpen: boolean): void;
  /** Focuses the compose box of the current narrow, optionally adding text (a quote). */
  requestCompose(insertText?: string, options?: { readonly isDirect?: boolean }): void;
  requestSearchFocus(): void;
  /** The open narrow's list scrolls to its newest messages (where the one just sent shows). */
  requestShowNewest(): void;
}

/** The page's base font size (px) and line height (%), Zulip's `web_font_size_px` and co. */
export interface Density {
  readonly fontSizePx: number;
  readonly lineHeightPercent: number;
}

/** Zulip's `web_home_view` user setting: what the empty hash (and login) shows. */
export type HomeView = "inbox" | "recent_topics" | "all_messages";

/** The home view a `web_home_view` value names; an unknown one is Zulip's default, the Inbox. */
export function homeViewOf(value: unknown): HomeView {
  return value === "recent_topics" || value === "all_messages" ? value : "inbox";
}

/** What the UI store takes from the user's server-side settings. */
export interface ServerPreferences {
  readonly theme: ThemeChoice;
  readonly homeView: HomeView;
  readonly enterSends: boolean;
  readonly twentyFourHourTime: boolean;
  readonly density: Density;
}

const PREFERENCES_KEY = "parley:preferences";

interface Preferences extends ServerPreferences {
  isRightPanelOpen: boolean;
}

/** Zulip's default density (16 px, 140 %). */
const DEFAULT_DENSITY: Density = { fontSizePx: 16, lineHeightPercent: 140 };

const DEFAULT_PREFERENCES: Preferences = {
  theme: "system",
  homeView: "inbox",
  enterSends: true,
  twentyFourHourTime: false,
  density: DEFAULT_DENSITY,
  isRightPanelOpen: true,
};

function readDensity(value: unknown): Density {
  if (typeof value !== "object" || value === null) return DEFAULT_DENSITY;
  const { fontSizePx, lineHeightPercent } = { ...value } as Record<string, unknown>;
  return typeof fontSizePx === "number" && typeof lineHeightPercent === "number"
    ? { fontSizePx, lineHeightPercent }
    : DEFAULT_DENSITY;
}

function readPreferences(storage: Storage | undefined): Preferences {
  try {
    const raw = storage?.getItem(PREFERENCES_KEY);
    if (raw === null || raw === undefined) return DEFAULT_PREFERENCES;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null) return DEFAULT_PREFERENCES;
    const record: Record<string, unknown> = { ...parsed };
    const { theme, homeView, enterSends, twentyFourHourTime, density, isRightPanelOpen } = record;
    return {
      theme: theme === "light" || theme === "dark" || theme === "system" ? theme : "system",
      homeView: homeViewOf(homeView),
      enterSends: typeof enterSends === "boolean" ? enterSends : true,
      twentyFourHourTime: twentyFourHourTime === true,
      density: readDensity(density),
      isRightPanelOpen: typeof isRightPanelOpen === "boolean" ? isRightPanelOpen : true,
    };
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** A UI store; preferences are read from and written to `storage` when given. */
export function createUiStore(storage: Storage | undefined = browserStorage()): StoreApi<UiState> {
  const preferences = readPreferences(storage);
  const store = createStore<UiState>()((set, get) => ({
    theme: preferences.theme,
    homeView: preferences.homeView,
    enterSends: preferences.enterSends,
    twentyFourHourTime: preferences.twentyFourHourTime,
    density: preferences.density,
    selectedMessageId: null,
    editingMessageId: null,
    collapsedMessageIds: new Set<number>(),
    isLeftDrawerOpen: false,
    isRightPanelOpen: preferences.isRightPanelOpen,
    composeRequest: null,
    searchFocusSequence: 0,
    showNewestSequence: 0,

    setTheme: (theme) => {
      set({ theme });
    },
    setEnterSends: (enterSends) => {
      set({ enterSends });
    },
    settingsReceived: (settings) => {
      const density = get().density;
      set({
        ...settings,
        // The same object while it is equal, so nothing re-renders for it.
        density:
          density.fontSizePx === settings.density.fontSizePx &&
          density.lineHeightPercent === settings.density.lineHeightPercent
            ? density
            : settings.density,
      });
    },
    selectMessage: (id) => {
      set({ selectedMessageId: id });
    },
    startEditing: (id) => {
      set({ editingMessageId: id, selectedMessageId: id });
    },
    stopEditing: () => {
      set({ editingMessageId: null });
    },
    toggleCollapsed: (id) => {
      const next = new Set(get().collapsedMessageIds);
      if (!next.delete(id)) next.add(id);
      set({ collapsedMessageIds: next });
    },
    setLeftDrawerOpen: (isOpen) => {
      set({ isLeftDrawerOpen: isOpen });
    },
    setRightPanelOpen: (isOpen) => {
      set({ isRightPanelOpen: isOpen });
    },
    requestCompose: (insertText, options) => {
      const sequence = (get().composeRequest?.sequence ?? 0) + 1;
      set({
        composeRequest: {
          sequence,
          insertText: insertText ?? null,
          isDirect: options?.isDirect === true,
        },
      });
    },
    requestSearchFocus: () => {
      set({ searchFocusSequence: get().searchFocusSequence + 1 });
    },
    requestShowNewest: () => {
      set({ showNewestSequence: get().showNewestSequence + 1 });
    },
  }));
  store.subscribe((state, previous) => {
    if (
      state.theme === previous.theme &&
      state.homeView === previous.homeView &&
      state.enterSends === previous.enterSends &&
      state.twentyFourHourTime === previous.twentyFourHourTime &&
      state.density === previous.density &&
      state.isRightPanelOpen === previous.isRightPanelOpen
    ) {
      return;
    }
    const next: Preferences = {
      theme: state.theme,
      homeView: state.homeView,
      enterSends: state.enterSends,
      twentyFourHourTime: state.twentyFourHourTime,
      density: state.density,
      isRightPanelOpen: state.isRightPanelOpen,
    };
    try {
      storage?.setItem(PREFERENCES_KEY, JSON.stringify(next));
    } catch {
      // Storage full or blocked: the preference lasts for this page only.
    }
  });
  return store;
}

/** The app's UI store. */
export const uiStore = createUiStore();

/** Reads the UI store from React. */
export function useUiStore<T>(selector: (state: UiState) => T): T {
  return useStore(uiStore, selector);
}

/** The UI store's actions, for event handlers and code outside React (see `StoreActions`). */
export const uiActions: StoreActions<UiState> = uiStore.getInitialState();

/** The preferences the user's settings hold, now (for handlers and the first paint). */
export function currentServerPreferences(): ServerPreferences {
  const { theme, homeView, enterSends, twentyFourHourTime, density } = uiStore.getState();
  return { theme, homeView, enterSends, twentyFourHourTime, density };
}

/** The selected message's id now, for event handlers (components use `useUiStore`). */
export function currentSelectedMessageId(): number | null {
  return uiStore.getState().selectedMessageId;
}

/** The message being edited now, for event handlers. */
export function currentEditingMessageId(): number | null {
  return uiStore.getState().editingMessageId;
}

/** The theme chosen now: what the first paint uses, before React renders. */
export function currentThemeChoice(): ThemeChoice {
  return uiStore.getState().theme;
}

/** Whether the left drawer is open now, for event handlers. */
export function isLeftDrawerOpenNow(): boolean {
  return uiStore.getState().isLeftDrawerOpen;
}

/**
 * Calls `listener` with the compose request there is now, then with each new one, so a compose
 * box mounting just after a request still gets it. Returns the unsubscribe.
 */
export function watchComposeRequests(
  listener: (request: ComposeRequest | null) => void,
): () => void {
  listener(uiStore.getState().composeRequest);
  return uiStore.subscribe((state, previous) => {
    if (state.composeRequest !== previous.composeRequest) listener(state.composeRequest);
  });
}
