import { useState } from "react";
import { safeImageUrl } from "../lib/safe-url";
import "./avatar.css";

/** Image URLs that failed once this page: shown as initials at once, never requested again. */
const failedUrls = new Set<string>();

/** Up to two initials of a name ("King Hamlet" → "KH"), "?" for a name without letters. */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/u)
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  // The first code point of each word (indexing would split a surrogate pair).
  const letters = [first, last].map((word) => {
    const code = word?.codePointAt(0);
    return code === undefined ? "" : String.fromCodePoint(code);
  });
  const text = letters.join("").toUpperCase();
  return text === "" ? "?" : text;
}

/**
 * A user's picture: `url` when it is a safe image URL (http(s) or same-origin, checked by
 * safe-url), the user's initials when there is none or it fails to load. Decorative (the name
 * is always written beside it), so hidden from assistive technology.
 */
export function Avatar({
  url,
  name,
  size = 36,
  className,
}: {
  url: string | null | undefined;
  name: string;
  size?: number;
  className?: string;
}) {
  const source = safeImageUrl(url, "");
  const [failed, setFailed] = useState<string | null>(null);
  const classes = className === undefined ? "avatar" : `avatar ${className}`;
  const dimensions = { width: size, height: size };
  if (source === "" || source === failed || failedUrls.has(source)) {
    return (
      <span
        className={`${classes} avatar-initials`}
        style={{ ...dimensions, fontSize: Math.round(size * 0.4) }}
        aria-hidden="true"
      >
        {initials(name)}
      </span>
    );
  }
  return (
    <img
      className={classes}
      src={source}
      alt=""
      {...dimensions}
      loading="lazy"
      decoding="async"
      onError={() => {
        failedUrls.add(source);
        setFailed(source);
      }}
    />
  );
}
