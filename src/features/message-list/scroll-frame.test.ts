// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import * as eg from "../../test/example-data";
import { groupRows, messageOrder } from "./group-rows";
import { ListLayout } from "./list-layout";
import { findAnchor } from "./scroll-frame";
import type { ScrollFrame } from "./scroll-plan";

/** A row element whose box (viewport y) is [top, top + height). */
function rowAt(top: number, height: number, messageId?: number): HTMLElement {
  const element = document.createElement("li");
  if (messageId !== undefined) element.dataset["messageId"] = String(messageId);
  element.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: top, width: 100, height });
  return element;
}

const frame: ScrollFrame = {
  scrollTop: 0,
  clientHeight: 300,
  scrollHeight: 5000,
  modelTop: 0,
  stickyHeight: 0,
};

// Date, header, then messages 1–20, 20 px each.
const rows = groupRows(
  Array.from({ length: 20 }, (_, index) =>
    eg.streamMessage({ id: index + 1, timestamp: 1_700_000_000 + index }),
  ),
);
const layout = new ListLayout();
layout.setRows(rows);
rows.forEach((_, index) => layout.measure(index, 20));

describe("findAnchor", () => {
  it("takes the first message reaching into the view, skipping headers and rows above", () => {
    const elements = new Map([
      [messageOrder(1) - 1, rowAt(80, 30)],
      [messageOrder(1), rowAt(90, 20, 1)],
      [messageOrder(2), rowAt(110, 20, 2)],
    ]);
    expect(findAnchor(100, frame, elements, rows, layout)).toEqual({
      order: messageOrder(1),
      offset: -10,
    });
  });

  it("uses the model's message at the view's top when no rendered row is in view", () => {
    // Scrolled to the very top while only rows far below are rendered.
    const elements = new Map([[messageOrder(15), rowAt(2100, 20, 15)]]);
    // The view's top is the date row (index 0): the first message row (index 2) is anchored.
    expect(findAnchor(100, frame, elements, rows, layout)).toEqual({
      order: messageOrder(1),
      offset: 40,
    });
    const scrolled = { ...frame, scrollTop: 105 };
    // 105 px down: message 4 (row 5, from 100 px) is at the top, 5 px above it.
    expect(findAnchor(100, scrolled, elements, rows, layout)).toEqual({
      order: messageOrder(4),
      offset: -5,
    });
  });
});
