// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import type { PointerEvent as ReactPointerEvent } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LONG_PRESS_MS, LONG_PRESS_SLOP_PX, useLongPress } from "./use-long-press";

const target = { name: "the row's body" } as unknown as EventTarget;

function pointer(
  x: number,
  y: number,
  { pointerType = "touch", pointerId = 1, isPrimary = true } = {},
): ReactPointerEvent<HTMLElement> {
  return {
    pointerType,
    pointerId,
    isPrimary,
    clientX: x,
    clientY: y,
    target,
  } as unknown as ReactPointerEvent<HTMLElement>;
}

function clickEvent() {
  return { preventDefault: vi.fn(), stopPropagation: vi.fn() };
}

function setUp() {
  const onLongPress = vi.fn();
  const { result, unmount } = renderHook(() => useLongPress(onLongPress));
  return { onLongPress, handlers: () => result.current, unmount };
}

describe("useLongPress", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("fires once a touch has rested its time, with the element it began on", () => {
    const { onLongPress, handlers } = setUp();
    handlers().onPointerDown(pointer(100, 100));
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS - 1);
    });
    expect(onLongPress).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onLongPress).toHaveBeenCalledTimes(1);
    expect(onLongPress).toHaveBeenCalledWith(target);
  });

  it("does not fire for a lift, a cancel or a drift past the slop before its time", () => {
    const { onLongPress, handlers } = setUp();
    handlers().onPointerDown(pointer(100, 100));
    handlers().onPointerUp();
    handlers().onPointerDown(pointer(100, 100));
    handlers().onPointerCancel();
    handlers().onPointerDown(pointer(100, 100));
    handlers().onPointerMove(pointer(100, 100 + LONG_PRESS_SLOP_PX + 1));
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    });
    expect(onLongPress).not.toHaveBeenCalled();
  });

  it("tolerates a finger's small drift, and ignores another pointer's moves", () => {
    const { onLongPress, handlers } = setUp();
    handlers().onPointerDown(pointer(100, 100));
    handlers().onPointerMove(pointer(104, 106));
    handlers().onPointerMove(pointer(400, 400, { pointerId: 2 }));
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS);
    });
    expect(onLongPress).toHaveBeenCalledTimes(1);
  });

  it("leaves a mouse and a pen alone (they have hover and a right button)", () => {
    const { onLongPress, handlers } = setUp();
    handlers().onPointerDown(pointer(100, 100, { pointerType: "mouse" }));
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    });
    handlers().onPointerDown(pointer(100, 100, { pointerType: "pen" }));
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    });
    expect(onLongPress).not.toHaveBeenCalled();
  });

  it("swallows the click of the lift after a long press, and only that one", () => {
    const { handlers } = setUp();
    handlers().onPointerDown(pointer(100, 100));
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS);
    });
    // A click while the finger is still down is the menu being opened: it goes through.
    const opening = clickEvent();
    handlers().onClickCapture(opening);
    expect(opening.preventDefault).not.toHaveBeenCalled();
    handlers().onPointerUp();
    const lift = clickEvent();
    handlers().onClickCapture(lift);
    expect(lift.preventDefault).toHaveBeenCalled();
    expect(lift.stopPropagation).toHaveBeenCalled();
    const next = clickEvent();
    handlers().onClickCapture(next);
    expect(next.preventDefault).not.toHaveBeenCalled();
    // A short tap afterwards clicks as usual.
    handlers().onPointerDown(pointer(100, 100));
    handlers().onPointerUp();
    const tap = clickEvent();
    handlers().onClickCapture(tap);
    expect(tap.preventDefault).not.toHaveBeenCalled();
  });

  it("keeps the browser's context menu away during and after a press, not otherwise", () => {
    const { handlers } = setUp();
    const idle = clickEvent();
    handlers().onContextMenu(idle);
    expect(idle.preventDefault).not.toHaveBeenCalled();
    handlers().onPointerDown(pointer(100, 100));
    const during = clickEvent();
    handlers().onContextMenu(during);
    expect(during.preventDefault).toHaveBeenCalled();
  });

  it("drops a pending press when the element goes", () => {
    const { onLongPress, handlers, unmount } = setUp();
    handlers().onPointerDown(pointer(100, 100));
    unmount();
    vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    expect(onLongPress).not.toHaveBeenCalled();
  });
});
