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

/** A message time for a UNIX timestamp (seconds): just the time today, with the date otherwise. */
export function formatMessageTime(timestamp: number, now: Date = new Date()): string {
  const date = new Date(timestamp * 1000);
  if (date.toDateString() === now.toDateString()) return timeFormat.format(date);
  if (date.getFullYear() === now.getFullYear()) return dayTimeFormat.format(date);
  return fullFormat.format(date);
}

/** The full date and time, for a tooltip. */
export function formatDateTime(timestamp: number): string {
  return dateTimeFormat.format(new Date(timestamp * 1000));
}

/** ISO 8601, for `<time dateTime>`. */
export function isoDateTime(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString();
}
