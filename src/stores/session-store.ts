import { z } from "zod";
import { useStore } from "zustand";
import { createStore, type StoreApi } from "zustand/vanilla";
import { createApiClient, type ApiAuth, type ApiClient } from "../api/client";
import type { StoreActions } from "./store-actions";

/** The state of the event connection, for the banner and for gating fetches. */
export type ConnectionState =
  /** Logged out, or the event machine has not registered yet. */
  | "connecting"
  /** Polling normally; the stores are up to date. */
  | "live"
  /** Polls are failing; retrying with backoff. What is shown may be stale. */
  | "reconnecting"
  /** The queue was lost; registering a new one and refetching what is open. */
  | "resyncing";

/** The event connection's health, for the banner ("reconnecting in 12 s — retry now"). */
export interface ConnectionInfo {
  readonly state: ConnectionState;
  /** `Date.now()` when the connection stopped being live (or started connecting); null when live. */
  readonly since: number | null;
  /** When the next retry happens, while waiting to retry; otherwise null. */
  readonly nextAttemptAt: number | null;
  /** Consecutive failed attempts since the last success. */
  readonly failures: number;
  /** What the last failure was; null once live again. */
  readonly lastError: string | null;
}

/** The connection before the event machine has said anything. */
export const INITIAL_CONNECTION: ConnectionInfo = {
  state: "connecting",
  since: null,
  nextAttemptAt: null,
  failures: 0,
  lastError: null,
};

const credentialsSchema = z.object({
  email: z.string(),
  apiKey: z.string(),
  userId: z.number().int(),
});
/** Who is logged in in this tab. */
export type Credentials = z.infer<typeof credentialsSchema>;

/** How `login` keeps the credentials. */
export interface LoginOptions {
  /**
   * True keeps them on this device (`localStorage`: they survive closing the browser); false or
   * absent keeps them in this tab only (`sessionStorage`).
   */
  remember?: boolean | undefined;
}

/** The session store: who is logged in, the transport, the event queue and its health. */
export interface SessionState {
  /**
   * Null when logged out. Kept in the tab's storage, or the device's when `isRemembered`; read
   * at start from the tab's first, then the device's.
   */
  readonly credentials: Credentials | null;
  /** True when the credentials are kept on the device (the user asked to be remembered). */
  readonly isRemembered: boolean;
  /** The transport, authenticated as `credentials` when logged in. Replaced on login/logout. */
  readonly client: ApiClient;
  /** The current event queue; null until registered. Message fetches wait for it. */
  readonly queueId: string | null;
  /** The event connection's health; `connectionState` is `connection.state`, kept for old readers. */
  readonly connection: ConnectionInfo;
  readonly connectionState: ConnectionState;
  /** Why the last session ended, shown on the login page; cleared on login. */
  readonly notice: string | null;

  /** Starts a session; the credentials go to exactly one storage (see `LoginOptions`). */
  login(credentials: Credentials, options?: LoginOptions): void;
  /** Ends the session and forgets the credentials in both storages. */
  logout(notice?: string): void;
  /**
   * A transport on the same server authenticated as `auth`, without logging in: for checking
   * credentials (an email and API key) before accepting them.
   */
  readonly clientFor: (auth: ApiAuth) => ApiClient;
  queueRegistered(queueId: string): void;
  /** The event machine's report; replaces `connection` and `connectionState`. */
  connectionChanged(connection: ConnectionInfo): void;
  /**
   * The running event machine offers its "retry now" (null when it stops), so the banner can
   * call `retryConnectionNow` without knowing the machine.
   */
  connectionRetryProvided(retry: (() => void) | null): void;
  /** Cuts a retry wait short (or restarts a poll that may hang); does nothing when no machine runs. */
  retryConnectionNow(): void;
}

/** The key of the credentials in both storages. */
export const SESSION_STORAGE_KEY = "parley.session";

/** The part of the Web Storage API the store uses. */
type CredentialStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Options of `createSessionStore`. */
export interface SessionStoreOptions {
  /** The tab's storage (`sessionStorage`); undefined (e.g. in Node) means in memory only. */
  storage?: CredentialStorage | undefined;
  /** The device's storage (`localStorage`), for "remember me"; undefined: remembering is in memory. */
  persistentStorage?: CredentialStorage | undefined;
  baseUrl?: string | undefined;
  fetch?: typeof fetch | undefined;
}

function readCredentials(storage: CredentialStorage | undefined): Credentials | null {
  let text: string | null | undefined;
  try {
    text = storage?.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null; // storage blocked: as if empty
  }
  if (text === null || text === undefined) return null;
  try {
    const parsed = credentialsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Writes (or with null removes) the credentials; a full or blocked storage keeps them in memory. */
function writeCredentials(
  storage: CredentialStorage | undefined,
  credentials: Credentials | null,
): void {
  try {
    if (credentials === null) storage?.removeItem(SESSION_STORAGE_KEY);
    else storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(credentials));
  } catch {
    // Quota or privacy settings: the session still works for this page.
  }
}

/** What start-up finds: the tab's credentials first, then the device's. */
function initialCredentials(options: SessionStoreOptions): {
  credentials: Credentials | null;
  isRemembered: boolean;
} {
  const inTab = readCredentials(options.storage);
  if (inTab !== null) return { credentials: inTab, isRemembered: false };
  const onDevice = readCredentials(options.persistentStorage);
  return { credentials: onDevice, isRemembered: onDevice !== null };
}

/** Creates a session store; the app uses the one `sessionStore`, tests make their own. */
export function createSessionStore(options: SessionStoreOptions = {}): StoreApi<SessionState> {
  const { storage, persistentStorage } = options;
  const clientWith = (auth: ApiAuth | undefined) =>
    createApiClient({ baseUrl: options.baseUrl, fetch: options.fetch, auth });
  const clientFor = (credentials: Credentials | null) =>
    clientWith(credentials ? { email: credentials.email, apiKey: credentials.apiKey } : undefined);
  const initial = initialCredentials(options);
  const loggedOut: Pick<SessionState, "queueId" | "connection" | "connectionState"> = {
    queueId: null,
    connection: INITIAL_CONNECTION,
    connectionState: "connecting",
  };

  let retryConnection: (() => void) | null = null;

  return createStore<SessionState>()((set) => ({
    credentials: initial.credentials,
    isRemembered: initial.isRemembered,
    client: clientFor(initial.credentials),
    ...loggedOut,
    notice: null,

    login: (credentials, loginOptions = {}) => {
      const isRemembered = loginOptions.remember === true;
      // One place only, so that start-up cannot find an older session in the other one.
      writeCredentials(isRemembered ? persistentStorage : storage, credentials);
      writeCredentials(isRemembered ? storage : persistentStorage, null);
      set({
        credentials,
        isRemembered,
        client: clientFor(credentials),
        ...loggedOut,
        notice: null,
      });
    },

    logout: (notice) => {
      writeCredentials(storage, null);
      writeCredentials(persistentStorage, null);
      set({
        credentials: null,
        isRemembered: false,
        client: clientFor(null),
        ...loggedOut,
        notice: notice ?? null,
      });
    },

    clientFor: (auth) => clientWith(auth),

    queueRegistered: (queueId) => {
      set({ queueId });
    },

    connectionChanged: (connection) => {
      set({ connection, connectionState: connection.state });
    },

    connectionRetryProvided: (retry) => {
      retryConnection = retry;
    },

    retryConnectionNow: () => {
      retryConnection?.();
    },
  }));
}

function browserStorage(kind: "sessionStorage" | "localStorage"): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window[kind];
  } catch {
    // Storage access can throw (e.g. blocked third-party storage).
    return undefined;
  }
}

/**
 * The app's session store: credentials in this tab's `sessionStorage`, or in `localStorage`
 * when the user asked to be remembered.
 */
export const sessionStore = createSessionStore({
  storage: browserStorage("sessionStorage"),
  persistentStorage: browserStorage("localStorage"),
});

/** Reads from the app's session store in a component. */
export function useSessionStore<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

/** The session store's actions, for event handlers and code outside React (see `StoreActions`). */
export const sessionActions: StoreActions<SessionState> = sessionStore.getInitialState();

/** The session's API client now, for event handlers. */
export function currentApiClient(): ApiClient {
  return sessionStore.getState().client;
}

/** The logged-in user's id now (undefined when logged out), for event handlers. */
export function currentOwnUserId(): number | undefined {
  return sessionStore.getState().credentials?.userId;
}
