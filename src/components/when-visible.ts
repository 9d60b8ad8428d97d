import { useEffect, useState, type RefObject } from "react";

/** One observer for every waiting element: a picker holds hundreds. */
let observer: IntersectionObserver | undefined;
const waiting = new Map<Element, () => void>();

function sharedObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      waiting.get(entry.target)?.();
    }
  });
  return observer;
}

/**
 * Whether the element has come into view, once true for good. The observer's root is the page,
 * and an element scrolled out of sight inside a scrolling box (the emoji picker's grid) is
 * clipped by it, so this turns true as the box is scrolled to it; `loading="lazy"` instead loads
 * everything within a screen or two of the page's viewport, a whole picker at once. Without
 * IntersectionObserver, true at once.
 */
export function useWhenVisible(ref: RefObject<Element | null>, enabled: boolean): boolean {
  const supported = typeof IntersectionObserver !== "undefined";
  const [visible, setVisible] = useState(!enabled || !supported);
  useEffect(() => {
    const element = ref.current;
    if (visible || element === null) return;
    const io = sharedObserver();
    waiting.set(element, () => {
      setVisible(true);
    });
    io.observe(element);
    return () => {
      waiting.delete(element);
      io.unobserve(element);
    };
  }, [ref, visible]);
  return visible;
}
