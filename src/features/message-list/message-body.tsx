import { use, useLayoutEffect, useMemo, useRef } from "react";
import { sanitizeHtml } from "../../lib/sanitize";
import { BodyMediaContext } from "./body-media-context";
import { showEmojiImages } from "./body-emoji";

/** Sanitised bodies by their HTML: scrolling back over rows re-renders them without sanitising. */
const sanitized = new Map<string, { __html: string }>();
const CACHE_SIZE = 3000;

/**
 * Sanitises a body ahead of its rendering (in idle time), so that mounting its row later only
 * looks it up: see `usePrepareBodies`.
 */
export function prepareBody(html: string): void {
  sanitizedBody(html);
}

/** Whether the body has been sanitised and is still cached. */
export function isBodyPrepared(html: string): boolean {
  return sanitized.has(html);
}

function sanitizedBody(html: string): { __html: string } {
  const cached = sanitized.get(html);
  if (cached !== undefined) return cached;
  const body = { __html: sanitizeHtml(html) };
  if (sanitized.size >= CACHE_SIZE) {
    // Maps iterate in insertion order: the first key is the oldest.
    const oldest = sanitized.keys().next();
    if (oldest.done !== true) sanitized.delete(oldest.value);
  }
  sanitized.set(html, body);
  return body;
}

/**
 * Server-rendered message HTML, sanitized. The one place in the app that sets inner HTML:
 * everything else is text rendered by React. Emoji show as images everywhere (body-emoji.ts).
 * Previews of uploads load through their temporary URLs and a preview opens the lightbox, where
 * a `BodyMediaContext` provider says so.
 */
export function MessageBody({ html }: { html: string }) {
  const safe = useMemo(() => sanitizedBody(html), [html]);
  const media = use(BodyMediaContext);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ref.current === null) return;
    showEmojiImages(ref.current);
    return media.prepare(ref.current);
  }, [safe, media]);
  // The links inside are the keyboard's way in; the click handler only redirects theirs.
  return (
    <div
      ref={ref}
      className="message-body"
      dangerouslySetInnerHTML={safe}
      onClick={media.onClick}
    />
  );
}
