// Times as the message list shows them. Timestamps are UNIX seconds, as on the wire; days are
// the reader's local days.

// Times follow the user's `twenty_four_hour_time` setting (15:07 or 3:07 PM), whatever the
// locale's habit, as Zulip does; dates follow the locale.
type Clock = "h12" | "h23";
const clockOf = (twentyFourHour: boolean): Clock => (twentyFourHour ? "h23" : "h12");

function formats(hourCycle: Clock) {
  return {
    time: new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit", hourCycle }),
    dayTime: new Intl.DateTimeFormat(undefined, {
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hourCycle,
    }),
    full: new Intl.DateTimeFormat(undefined, {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hourCycle,
    }),
    dateTime: new Intl.DateTimeFormat(undefined, {
      weekday: "long",
      year: "numeric",
      month: "long",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hourCycle,
    }),
  };
}
const clocks = { h12: formats("h12"), h23: formats("h23") };
const weekdayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: "long",
  month: "long",
  day: "numeric",
});
const longDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "full" });

/** A message time for a UNIX timestamp (seconds): just the time today, with the date otherwise. */
export function formatMessageTime(
  timestamp: number,
  now: Date = new Date(),
  twentyFourHour = false,
): string {
  const date = new Date(timestamp * 1000);
  const clock = clocks[clockOf(twentyFourHour)];
  if (date.toDateString() === now.toDateString()) return clock.time.format(date);
  if (date.getFullYear() === now.getFullYear()) return clock.dayTime.format(date);
  return clock.full.format(date);
}

/** The time of day only ("3:07 PM", or "15:07"), for rows under a date separator. */
export function formatTimeOfDay(timestamp: number, twentyFourHour = false): string {
  return clocks[clockOf(twentyFourHour)].time.format(new Date(timestamp * 1000));
}

/** The full date and time, for a tooltip. */
export function formatDateTime(timestamp: number, twentyFourHour = false): string {
  return clocks[clockOf(twentyFourHour)].dateTime.format(new Date(timestamp * 1000));
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
