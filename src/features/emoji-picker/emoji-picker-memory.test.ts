import { describe, expect, it } from "vitest";
import type { KeyValueStorage } from "../../lib/stored-json";
import {
  pickerMemoryKey,
  readPickerMemory,
  recordPick,
  rememberSkinTone,
} from "./emoji-picker-memory";

function mapStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, value);
    },
    removeItem: (key) => {
      map.delete(key);
    },
  };
}

const tada = { emoji_name: "tada", emoji_code: "1f389", reaction_type: "unicode_emoji" };

describe("emoji picker memory", () => {
  it("counts picks and keeps the skin tone per user, under parley.emoji-picker.<userId>", () => {
    const storage = mapStorage();
    recordPick(storage, 11, tada);
    recordPick(storage, 11, tada);
    rememberSkinTone(storage, 11, 2);
    recordPick(storage, 12, tada);
    expect(pickerMemoryKey(11)).toBe("parley.emoji-picker.11");
    expect(readPickerMemory(storage, 11)).toEqual({
      counts: { "unicode_emoji:1f389": 2 },
      skinTone: 2,
    });
    expect(readPickerMemory(storage, 12)).toEqual({
      counts: { "unicode_emoji:1f389": 1 },
      skinTone: 0,
    });
  });

  it("reads anything unreadable as nothing picked and the default tone", () => {
    const storage = mapStorage();
    expect(readPickerMemory(storage, 11)).toEqual({ counts: {}, skinTone: 0 });
    storage.map.set(pickerMemoryKey(11), "not json");
    expect(readPickerMemory(storage, 11)).toEqual({ counts: {}, skinTone: 0 });
    storage.map.set(pickerMemoryKey(11), '{"counts": {"a": -1}, "skinTone": 9}');
    expect(readPickerMemory(storage, 11)).toEqual({ counts: {}, skinTone: 0 });
    expect(readPickerMemory(undefined, 11)).toEqual({ counts: {}, skinTone: 0 });
  });
});
