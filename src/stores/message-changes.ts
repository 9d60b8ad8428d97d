import type { Message } from "../../common/wire/message";
import { candidateNarrowKeys, messageMatchesNarrow } from "../lib/narrow";
import { compactMessage } from "./message-compact";
import { isCovered, refreshView, type MessageData, type NarrowEntry } from "./message-data";
import { IdList } from "./message-ids";

interface ListChange {
  readonly add: Set<number>;
  readonly remove: Set<number>;
}

function applyToList(list: IdList, change: ListChange): boolean {
  const removed = list.remove(change.remove);
  const added = list.add([...change.add].filter((id) => !change.remove.has(id)));
  return removed || added;
}

/**
 * Pending list changes of one action (narrow lists and index lists), applied once per list at
 * the end, so that a batch of 100 events costs one append (or one copy) per list, not 100.
 */
export class NarrowChanges {
  private readonly entries = new Map<NarrowEntry, ListChange>();
  private readonly lists = new Map<IdList, ListChange>();
  private readonly touched = new Set<NarrowEntry>();

  private changeOf<K>(changes: Map<K, ListChange>, key: K): ListChange {
    let change = changes.get(key);
    if (change === undefined) {
      change = { add: new Set(), remove: new Set() };
      changes.set(key, change);
    }
    return change;
  }

  add(entry: NarrowEntry, id: number): void {
    const change = this.changeOf(this.entries, entry);
    change.remove.delete(id);
    change.add.add(id);
  }

  remove(entry: NarrowEntry, id: number): void {
    this.changeOf(this.entries, entry).remove.add(id);
  }

  /** Whether this action is adding `id` to the narrow (not yet visible in its list). */
  isAdding(entry: NarrowEntry, id: number): boolean {
    const change = this.entries.get(entry);
    return change !== undefined && !change.remove.has(id) && change.add.has(id);
  }

  /** Changes an index list (see `MessageData.byKey`). */
  index(list: IdList, id: number, isIn: boolean): void {
    const change = this.changeOf(this.lists, list);
    if (isIn) {
      change.remove.delete(id);
      change.add.add(id);
    } else {
      change.add.delete(id);
      change.remove.add(id);
    }
  }

  /** Marks a narrow changed in some other way (fetch state), so its view is rebuilt. */
  markChanged(entry: NarrowEntry): void {
    this.touched.add(entry);
  }

  /** Applies the changes and rebuilds the views of the narrows that changed. */
  apply(): void {
    for (const [list, change] of this.lists) applyToList(list, change);
    for (const [entry, change] of this.entries) {
      if (applyToList(entry.ids, change)) this.touched.add(entry);
    }
    for (const entry of this.touched) refreshView(entry);
    this.lists.clear();
    this.entries.clear();
    this.touched.clear();
  }
}

function indexList(data: MessageData, key: string): IdList {
  let list = data.byKey.get(key);
  if (list === undefined) {
    list = new IdList();
    data.byKey.set(key, list);
  }
  return list;
}

/** Keeps `byKey` in step with a message's keys ("all" needs no index: it is `messages`). */
function reindex(
  data: MessageData,
  changes: NarrowChanges,
  id: number,
  oldKeys: readonly string[],
  newKeys: readonly string[],
): void {
  for (const key of oldKeys) {
    if (key !== "all" && !newKeys.includes(key)) changes.index(indexList(data, key), id, false);
  }
  for (const key of newKeys) {
    if (key !== "all" && !oldKeys.includes(key)) changes.index(indexList(data, key), id, true);
  }
}

/**
 * Stores a message (new, or a new form of one held) and puts it into, or takes it out of, every
 * narrow it now belongs to: it stays where it still matches, leaves where it no longer does, and
 * joins a narrow that matches only when its id lies in the range that narrow's list covers
 * (otherwise it would suggest a complete list around it; the next fetch brings it).
 */
export function storeMessage(
  data: MessageData,
  changes: NarrowChanges,
  message: Message,
  ownUserId: number,
): void {
  const previous = data.messages.get(message.id);
  data.messages.set(message.id, compactMessage(message));
  const newKeys = candidateNarrowKeys(message, ownUserId);
  const oldKeys = previous === undefined ? [] : candidateNarrowKeys(previous, ownUserId);
  reindex(data, changes, message.id, oldKeys, newKeys);
  for (const key of new Set([...oldKeys, ...newKeys])) {
    const entry = data.narrows.get(key);
    if (entry === undefined) continue;
    const isMatch = messageMatchesNarrow(entry.narrow, message, ownUserId);
    const isHeld = entry.ids.has(message.id) || changes.isAdding(entry, message.id);
    if (isHeld && !isMatch) changes.remove(entry, message.id);
    else if (!isHeld && isMatch && isCovered(entry, message.id)) changes.add(entry, message.id);
  }
}

/** Forgets a message: out of the store, the index and every narrow (search included). */
export function forgetMessage(
  data: MessageData,
  changes: NarrowChanges,
  message: Message,
  ownUserId: number,
): void {
  const keys = candidateNarrowKeys(message, ownUserId);
  reindex(data, changes, message.id, keys, []);
  for (const [key, entry] of data.narrows) {
    if ((keys.includes(key) || entry.narrow.kind === "search") && entry.ids.has(message.id)) {
      changes.remove(entry, message.id);
    }
  }
  data.messages.delete(message.id);
}
