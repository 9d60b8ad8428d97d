import { useCallback, useState } from "react";
import { z } from "zod";
import {
  browserLocalStorage,
  readStoredJson,
  writeStoredJson,
  type KeyValueStorage,
} from "../../lib/stored-json";

/** Where the Inbox remembers its collapsed folders (per browser, as Zulip's Inbox does). */
const COLLAPSED_STORAGE_KEY = "parley.inbox.collapsed";

const storedSchema = z.array(z.string());

/** The stored collapsed folders; anything unreadable counts as none. */
function readCollapsed(storage: KeyValueStorage | undefined): Set<string> {
  const stored = storedSchema.safeParse(readStoredJson(storage, COLLAPSED_STORAGE_KEY));
  return new Set(stored.success ? stored.data : []);
}

/** The Inbox's collapsed folders (by `DM_FOLDER_KEY`, `streamFolderKey`), kept in `localStorage`. */
export function useCollapsedFolders(): {
  collapsed: ReadonlySet<string>;
  setCollapsed: (key: string, isCollapsed: boolean) => void;
} {
  const [collapsed, setState] = useState(() => readCollapsed(browserLocalStorage()));
  const setCollapsed = useCallback((key: string, isCollapsed: boolean) => {
    setState((previous) => {
      if (previous.has(key) === isCollapsed) return previous;
      const next = new Set(previous);
      if (isCollapsed) next.add(key);
      else next.delete(key);
      writeStoredJson(browserLocalStorage(), COLLAPSED_STORAGE_KEY, [...next]);
      return next;
    });
  }, []);
  return { collapsed, setCollapsed };
}
