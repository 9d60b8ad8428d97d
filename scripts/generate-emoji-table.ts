/** Writes common/emoji/emoji-table.ts (see scripts/emoji-table.ts). */
import { writeFileSync } from "node:fs";
import { buildEmojiTable, emojiTableSource, readEmojiData } from "./emoji-table";

const target = new URL("../common/emoji/emoji-table.ts", import.meta.url);
const rows = buildEmojiTable(readEmojiData());
writeFileSync(target, emojiTableSource(rows));
console.log(`${rows.length} emoji written to common/emoji/emoji-table.ts`);
