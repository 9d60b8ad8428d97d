import { useState } from "react";
import { unicodeEmojiUrl } from "../lib/emoji-url";

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
}: {
  code: string;
  text: string;
  /** The class of the character (and of the image, unless `imageClassName` is given). */
  className: string;
  imageClassName?: string;
}) {
  // Which code failed, so another code (a row reused for another emoji) tries its image.
  const [failedCode, setFailedCode] = useState<string>();
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
      className={imageClassName}
      src={url}
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
