// Times as the message list shows them. Timestamps are UNIX seconds, as on the wire; days are
// the reader's local days.

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });
const dayTimeFormat = new Intl.DateTimeFormat(undefined, {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: "full",
  timeStyle: "short",
});
const weekdayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: "long",
  month: "long",
  day: "numeric",
});
const longDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "full" });

/** A message time for a UNIX timestamp (seconds): just the time today, with the date otherwise. */
export function formatMessageTime(timestamp: number, now: Date = new Date()): string {
  const date = new Date(timestamp * 1000);
  if (date.toDateString() === now.toDateString()) return timeFormat.format(date);
  if (date.getFullYear() === now.getFullYear()) return dayTimeFormat.format(date);
  return fullFormat.format(date);
}

/** The time of day only ("3:07 PM"), for rows under a date separator. */
export function formatTimeOfDay(timestamp: number): string {
  return timeFormat.format(new Date(timestamp * 1000));
}

/** The full date and time, for a tooltip. */
export function formatDateTime(timestamp: number): string {
  return dateTimeFormat.format(new Date(timestamp * 1000));
}

/** ISO 8601, for `<time dateTime>`. */
export function isoDateTime(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString();
}

/** The local calendar day as `YYYY-MM-DD`, for `<time dateTime>` on a date separator. */
export function isoLocalDate(timestamp: number): string {
  const date = new Date(timestamp * 1000);
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The start (UNIX seconds) of the local day that contains `timestamp`. */
export function localDayStart(timestamp: number): number {
  const date = new Date(timestamp * 1000);
  date.setHours(0, 0, 0, 0);
  return date.getTime() / 1000;
}

/** The start of the next local day (not always 24 h later: daylight saving time). */
export function nextLocalDayStart(timestamp: number): number {
  const date = new Date(timestamp * 1000);
  date.setHours(24, 0, 0, 0);
  return date.getTime() / 1000;
}

/**
 * A date separator's label: "Today", "Yesterday", the weekday and date this year ("Tuesday,
 * March 3"), the full date in other years.
 */
export function formatDayLabel(timestamp: number, now: Date = new Date()): string {
  const today = localDayStart(now.getTime() / 1000);
  const day = localDayStart(timestamp);
  if (day === today) return "Today";
  if (day === localDayStart(today - 1)) return "Yesterday";
  const date = new Date(timestamp * 1000);
  return date.getFullYear() === now.getFullYear()
    ? weekdayFormat.format(date)
    : longDateFormat.format(date);
}
