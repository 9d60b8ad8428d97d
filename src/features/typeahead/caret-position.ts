// Where the caret of a textarea is drawn, so the typeahead list can open at it. Browsers don't
// say, so a hidden copy of the textarea (same box, same font, same wrapping) is measured.

/** The styles that decide where text wraps and how tall a line is. */
const COPIED_PROPERTIES = [
  "box-sizing",
  "width",
  "border-top-width",
  "border-right-width",
  "border-bottom-width",
  "border-left-width",
  "border-style",
  "padding-top",
  "padding-right",
  "padding-bottom",
  "padding-left",
  "font-style",
  "font-variant",
  "font-weight",
  "font-stretch",
  "font-size",
  "font-family",
  "line-height",
  "letter-spacing",
  "word-spacing",
  "text-indent",
  "text-transform",
  "tab-size",
] as const;

/** The caret's position inside the textarea's border box, in CSS pixels. */
export interface CaretPoint {
  readonly left: number;
  /** The top of the caret's line. */
  readonly top: number;
}

/** Where the caret at `position` is drawn in `textarea`, scrolling taken into account. */
export function caretPoint(textarea: HTMLTextAreaElement, position: number): CaretPoint {
  const style = window.getComputedStyle(textarea);
  const mirror = document.createElement("div");
  for (const property of COPIED_PROPERTIES) {
    mirror.style.setProperty(property, style.getPropertyValue(property));
  }
  mirror.style.position = "absolute";
  mirror.style.visibility = "hidden";
  mirror.style.top = "0";
  mirror.style.left = "-9999px";
  mirror.style.whiteSpace = "pre-wrap";
  mirror.style.overflowWrap = "break-word";
  mirror.style.overflow = "hidden";
  mirror.textContent = textarea.value.slice(0, position);
  const marker = document.createElement("span");
  // The rest of the text keeps the wrapping of the caret's line as it is in the textarea.
  marker.textContent = textarea.value.slice(position) || ".";
  mirror.append(marker);
  document.body.append(mirror);
  // Offsets are from the padding edge; the caller measures from the border edge.
  const point = {
    left: marker.offsetLeft + textarea.clientLeft - textarea.scrollLeft,
    top: marker.offsetTop + textarea.clientTop - textarea.scrollTop,
  };
  mirror.remove();
  return point;
}
