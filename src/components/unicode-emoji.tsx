import { useRef, useState } from "react";
import { unicodeEmojiUrl } from "../lib/emoji-url";
import { useWhenVisible } from "./when-visible";

/**
 * A Unicode emoji by its code, decorative (the control around it carries the name): the server's
 * image, loaded lazily (a picker holds hundreds), since the system's emoji font cannot be
 * trusted to draw it; the character `text` when the code is not one or its image fails.
 */
export function UnicodeEmoji({
  code,
  text,
  className,
  imageClassName = className,
  whenScrolledTo = false,
}: {
  code: string;
  text: string;
  /** The class of the character (and of the image, unless `imageClassName` is given). */
  className: string;
  imageClassName?: string;
  /** Ask for the image only once it is scrolled into view (in a scrolling box of many). */
  whenScrolledTo?: boolean;
}) {
  // Which code failed, so another code (a row reused for another emoji) tries its image.
  const [failedCode, setFailedCode] = useState<string>();
  const ref = useRef<HTMLImageElement>(null);
  const visible = useWhenVisible(ref, whenScrolledTo);
  const url = unicodeEmojiUrl(code);
  if (url === undefined || failedCode === code) {
    return (
      <span className={className} aria-hidden="true">
        {text}
      </span>
    );
  }
  return (
    <img
      ref={ref}
      className={imageClassName}
      src={visible ? url : undefined}
      alt=""
      aria-hidden="true"
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => {
        setFailedCode(code);
      }}
    />
  );
}
