import { z } from "zod";
import { useStore } from "zustand";
import { createStore, type StoreApi } from "zustand/vanilla";
import { createApiClient, type ApiClient } from "../api/client";

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

/** The session store: who is logged in, the transport, the event queue and its health. */
export interface SessionState {
  /** Null when logged out. Kept in `sessionStorage`, so it lasts as long as the tab. */
  readonly credentials: Credentials | null;
  /** The transport, authenticated as `credentials` when logged in. Replaced on login/logout. */
  readonly client: ApiClient;
  /** The current event queue; null until registered. Message fetches wait for it. */
  readonly queueId: string | null;
  /** The event connection's health; `connectionState` is `connection.state`, kept for old readers. */
  readonly connection: ConnectionInfo;
  readonly connectionState: ConnectionState;
  /** Why the last session ended, shown on the login page; cleared on login. */
  readonly notice: string | null;

  login(credentials: Credentials): void;
  logout(notice?: string): void;
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

const STORAGE_KEY = "parley.session";

/** Options of `createSessionStore`. */
export interface SessionStoreOptions {
  /** Where credentials persist; undefined (e.g. in Node) means in memory only. */
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem"> | undefined;
  baseUrl?: string | undefined;
  fetch?: typeof fetch | undefined;
}

function readCredentials(storage: SessionStoreOptions["storage"]): Credentials | null {
  const text = storage?.getItem(STORAGE_KEY);
  if (text === null || text === undefined) return null;
  try {
    const parsed = credentialsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Creates a session store; the app uses the one `sessionStore`, tests make their own. */
export function createSessionStore(options: SessionStoreOptions = {}): StoreApi<SessionState> {
  const { storage } = options;
  const clientFor = (credentials: Credentials | null) =>
    createApiClient({
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      auth: credentials ? { email: credentials.email, apiKey: credentials.apiKey } : undefined,
    });
  const initial = readCredentials(storage);

  let retryConnection: (() => void) | null = null;

  return createStore<SessionState>()((set) => ({
    credentials: initial,
    client: clientFor(initial),
    queueId: null,
    connection: INITIAL_CONNECTION,
    connectionState: "connecting",
    notice: null,

    login: (credentials) => {
      storage?.setItem(STORAGE_KEY, JSON.stringify(credentials));
      set({
        credentials,
        client: clientFor(credentials),
        queueId: null,
        connection: INITIAL_CONNECTION,
        connectionState: "connecting",
        notice: null,
      });
    },

    logout: (notice) => {
      storage?.removeItem(STORAGE_KEY);
      set({
        credentials: null,
        client: clientFor(null),
        queueId: null,
        connection: INITIAL_CONNECTION,
        connectionState: "connecting",
        notice: notice ?? null,
      });
    },

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

function browserSessionStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    // Storage access can throw (e.g. blocked third-party storage).
    return undefined;
  }
}

/** The app's session store, persisted to this tab's `sessionStorage`. */
export const sessionStore = createSessionStore({ storage: browserSessionStorage() });

/** Reads from the app's session store in a component. */
export function useSessionStore<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
