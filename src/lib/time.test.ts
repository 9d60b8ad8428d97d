import { describe, expect, it } from "vitest";
import {
  formatDateTime,
  formatDayLabel,
  formatMessageTime,
  formatTimeOfDay,
  isoLocalDate,
  localDayStart,
  nextLocalDayStart,
} from "./time";

/** UNIX seconds of a local time. */
function at(year: number, month: number, day: number, hour = 12, minute = 0): number {
  return new Date(year, month - 1, day, hour, minute).getTime() / 1000;
}

describe("local days", () => {
  it("finds the start of the day and of the next day", () => {
    expect(localDayStart(at(2024, 3, 3, 23, 59))).toBe(at(2024, 3, 3, 0));
    expect(localDayStart(at(2024, 3, 3, 0, 0))).toBe(at(2024, 3, 3, 0));
    expect(nextLocalDayStart(at(2024, 3, 3, 0, 0))).toBe(at(2024, 3, 4, 0));
    expect(nextLocalDayStart(at(2024, 12, 31, 18))).toBe(at(2025, 1, 1, 0));
  });

  it("writes the local date for <time dateTime>", () => {
    expect(isoLocalDate(at(2024, 3, 9, 23, 30))).toBe("2024-03-09");
  });
});

describe("formatDayLabel", () => {
  const now = new Date(2024, 2, 14, 9, 30);

  it("says Today and Yesterday", () => {
    expect(formatDayLabel(at(2024, 3, 14, 0, 1), now)).toBe("Today");
    expect(formatDayLabel(at(2024, 3, 13, 23, 59), now)).toBe("Yesterday");
  });

  it("names the weekday this year and the year otherwise", () => {
    const thisYear = formatDayLabel(at(2024, 3, 5), now);
    expect(thisYear).not.toMatch(/2024/);
    expect(thisYear).toMatch(/5/);
    expect(formatDayLabel(at(2023, 12, 25), now)).toMatch(/2023/);
  });
});

describe("the time format setting", () => {
  it("writes times in 12 or 24 hours, whatever the locale's habit", () => {
    const afternoon = at(2024, 3, 14, 15, 7);
    expect(formatTimeOfDay(afternoon)).toMatch(/^3:07\s?PM$/);
    expect(formatTimeOfDay(afternoon, true)).toBe("15:07");
    const now = new Date(2024, 2, 14, 18, 0);
    expect(formatMessageTime(afternoon, now, true)).toBe("15:07");
    expect(formatMessageTime(at(2024, 1, 2, 9, 5), now, true)).toMatch(/09:05$/);
    expect(formatDateTime(afternoon, true)).toMatch(/15:07/);
    expect(formatDateTime(afternoon)).toMatch(/3:07\s?PM/);
  });
});
