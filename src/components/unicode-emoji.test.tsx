// @vitest-environment jsdom
import { act, cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UnicodeEmoji } from "./unicode-emoji";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A stand-in IntersectionObserver: the test says which elements came into view. */
function fakeIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; targets: Set<Element> }[] = [];
  class FakeObserver {
    readonly targets = new Set<Element>();
    constructor(readonly callback: IntersectionObserverCallback) {
      observers.push(this);
    }
    observe(target: Element) {
      this.targets.add(target);
    }
    unobserve(target: Element) {
      this.targets.delete(target);
    }
    disconnect() {
      this.targets.clear();
    }
  }
  vi.stubGlobal("IntersectionObserver", FakeObserver);
  return {
    observed: () => observers.flatMap((observer) => [...observer.targets]),
    show(target: Element) {
      for (const observer of observers) {
        if (!observer.targets.has(target)) continue;
        const entry = { target, isIntersecting: true } as unknown as IntersectionObserverEntry;
        observer.callback([entry], observer as unknown as IntersectionObserver);
      }
    },
  };
}

describe("UnicodeEmoji", () => {
  it("shows the server's image for the code, lazily, as decoration", () => {
    const { container } = render(
      <UnicodeEmoji code="1f389" text="🎉" className="glyph" imageClassName="glyph image" />,
    );
    const image = container.querySelector("img");
    expect(image?.getAttribute("src")).toBe(
      "/static/generated/emoji/images/emoji/unicode/1f389.png",
    );
    expect(image?.getAttribute("loading")).toBe("lazy");
    expect(image?.getAttribute("alt")).toBe("");
    expect(image?.getAttribute("aria-hidden")).toBe("true");
    expect(image?.className).toBe("glyph image");
  });

  it("falls back to the character when the image fails, and tries again for another code", () => {
    const { container, rerender } = render(
      <UnicodeEmoji code="fffff" text="?" className="glyph" />,
    );
    const image = container.querySelector("img");
    if (image === null) throw new Error("no image");
    fireEvent.error(image);
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toBe("?");
    expect(container.querySelector("span")?.className).toBe("glyph");
    rerender(<UnicodeEmoji code="1f44d" text="👍" className="glyph" />);
    expect(container.querySelector("img")?.getAttribute("src")).toBe(
      "/static/generated/emoji/images/emoji/unicode/1f44d.png",
    );
  });

  it("shows the character for a code that is not one", () => {
    for (const code of ["1F389", "../x", "1f389.png", "", "1f389-"]) {
      const { container } = render(<UnicodeEmoji code={code} text="x" className="glyph" />);
      expect(container.querySelector("img"), code).toBeNull();
      expect(container.textContent).toBe("x");
      cleanup();
    }
  });

  it("asks for the image only once scrolled into view, when told to wait", () => {
    const io = fakeIntersectionObserver();
    const { container } = render(
      <UnicodeEmoji code="1f389" text="🎉" className="glyph" whenScrolledTo />,
    );
    const image = container.querySelector("img");
    if (image === null) throw new Error("no image");
    expect(image.getAttribute("src")).toBeNull();
    expect(io.observed()).toContain(image);
    act(() => {
      io.show(image);
    });
    expect(image.getAttribute("src")).toBe(
      "/static/generated/emoji/images/emoji/unicode/1f389.png",
    );
    expect(io.observed()).not.toContain(image);
  });
});
