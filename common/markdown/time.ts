import { escapeAttr, escapeText } from "./escape";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const ZONES: ReadonlyMap<string, number> = new Map([
  ["utc", 0],
  ["gmt", 0],
  ["z", 0],
  ["ist", 330],
  ["est", -300],
  ["edt", -240],
  ["cst", -360],
  ["cdt", -300],
  ["mst", -420],
  ["mdt", -360],
  ["pst", -480],
  ["pdt", -420],
  ["cet", 60],
  ["cest", 120],
  ["bst", 60],
  ["jst", 540],
  ["aest", 600],
]);
const MAX_SECONDS = 253_402_300_799; // 9999-12-31T23:59:59Z

interface Parts {
  year?: number;
  month?: number;
  day?: number;
  hour: number;
  minute: number;
  second: number;
  offset: number;
}

function applyToken(parts: Parts, token: string): boolean {
  const lower = token.toLowerCase();
  const month = MONTHS.indexOf(lower.slice(0, 3));
  let m: RegExpExecArray | null;
  if (month >= 0 && /^[a-z]+\.?$/.test(lower)) parts.month = month;
  else if (/^\d{4}$/.test(lower)) parts.year = Number(lower);
  else if ((m = /^(\d{1,2})(st|nd|rd|th)?$/.exec(lower))) parts.day = Number(m[1]);
  else if ((m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(am|pm)?$/.exec(lower))) {
    parts.hour = (Number(m[1]) % (m[4] ? 12 : 24)) + (m[4] === "pm" ? 12 : 0);
    parts.minute = Number(m[2]);
    parts.second = Number(m[3] ?? 0);
  } else if (lower === "am" || lower === "pm") {
    parts.hour = (parts.hour % 12) + (lower === "pm" ? 12 : 0);
  } else if (ZONES.has(lower)) parts.offset = ZONES.get(lower) ?? 0;
  else if ((m = /^([+-])(\d{2}):?(\d{2})$/.exec(lower))) {
    parts.offset = (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  } else return false;
  return true;
}

/** Seconds since the epoch for a `<time:…>` value, or null (a small `dateutil.parse`). */
function parseTime(value: string): number | null {
  const text = value.trim();
  if (/^\d{1,20}$/.test(text)) {
    const seconds = Number(text);
    return seconds <= MAX_SECONDS ? seconds : null;
  }
  if (
    /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/.test(
      text,
    )
  ) {
    const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/.test(text) && text.length > 10;
    const ms = Date.parse(
      hasZone ? text.replace(" ", "T") : `${text.replace(" ", "T")}${text.length > 10 ? "Z" : ""}`,
    );
    return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
  }
  if (text.length > 100) return null;
  const parts: Parts = { hour: 0, minute: 0, second: 0, offset: 0 };
  for (const token of text.split(/[\s,]+/).filter((t) => t !== "")) {
    if (!applyToken(parts, token)) return null;
  }
  if (parts.year === undefined || parts.month === undefined || parts.day === undefined) return null;
  const utc = Date.UTC(parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second);
  return Number.isNaN(utc) ? null : utc / 1000 - parts.offset * 60;
}

/** Zulip's `<time:…>` rendering: a `<time datetime>` or its error span. */
export function renderTimestamp(value: string): string {
  const seconds = parseTime(value);
  if (seconds === null)
    return `<span class="timestamp-error">Invalid time format: ${escapeText(value)}</span>`;
  const iso = new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
  return `<time datetime="${escapeAttr(iso)}">${escapeText(value)}</time>`;
}
