import { useEffect, useState } from "react";

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago", then the date: how long
 * ago a UNIX time (seconds) was, seen at `nowMs`.
 */
export function formatRelativeTime(timestamp: number, nowMs: number): string {
  const seconds = Math.max(0, Math.round(nowMs / 1000 - timestamp));
  if (seconds < MINUTE) return "just now";
  if (seconds < HOUR) return relative.format(-Math.floor(seconds / MINUTE), "minute");
  if (seconds < DAY) return relative.format(-Math.floor(seconds / HOUR), "hour");
  if (seconds < 7 * DAY) return relative.format(-Math.floor(seconds / DAY), "day");
  return date.format(new Date(timestamp * 1000));
}

/** The current time (ms), refreshed every minute: enough for "5 minutes ago". */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 60_000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return now;
}
