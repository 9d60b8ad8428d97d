import { unicodeEmojiUrl } from "../../lib/emoji-url";

/** Zulip's class for an emoji's code: `emoji-1f389`. */
const CODE_CLASS = /^emoji-([0-9a-f-]+)$/;
/** Marks a span whose image is shown (its text hidden but kept), so a pass is done once. */
const SHOWN = "emoji-shown";

function emojiCode(span: Element): string | undefined {
  for (const name of span.classList) {
    const code = CODE_CLASS.exec(name)?.[1];
    if (code !== undefined) return code;
  }
  return undefined;
}

/**
 * Shows Zulip's Unicode emoji spans (`<span class="emoji emoji-1f389" role="img">:tada:</span>`)
 * as images, which the system's emoji font cannot be trusted to draw. The span keeps its text
 * (copied with a selection; the span's `aria-label` names it) and gets a lazy `<img>` of the
 * server's image for that code; the URL is built from the validated code, never from the
 * message. When the image does not load (a code the server has no image for), the image goes
 * and the text shows again. The span's size is fixed by CSS, so nothing moves when it arrives.
 */
export function showEmojiImages(root: ParentNode): void {
  for (const span of root.querySelectorAll("span.emoji")) {
    if (span.classList.contains(SHOWN)) continue;
    const code = emojiCode(span);
    const url = code === undefined ? undefined : unicodeEmojiUrl(code);
    if (url === undefined) continue;
    const image = span.ownerDocument.createElement("img");
    image.className = "emoji-img";
    image.alt = "";
    image.setAttribute("loading", "lazy");
    image.setAttribute("decoding", "async");
    image.draggable = false;
    image.addEventListener("error", () => {
      image.remove();
      span.classList.remove(SHOWN);
    });
    image.src = url;
    span.classList.add(SHOWN);
    span.prepend(image);
  }
}
