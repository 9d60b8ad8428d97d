import { ApiError } from "../../api/errors";
import type { UploadUrls } from "../../controllers/upload-urls";
import { formatSize } from "../../lib/format-size";

const SIZE_CLASS = "message-file-chip-size";

/** The chip's size (or refusal) label, made once: a body prepared again reuses it. */
function sizeLabel(link: HTMLAnchorElement): HTMLElement {
  const existing = link.querySelector<HTMLElement>(`:scope > .${SIZE_CLASS}`);
  if (existing !== null) return existing;
  // The name and the size are read as one link: a separator for its accessible name
  // ("report.pdf, 12.4 KB", not "report.pdf12.4 KB"), hidden on screen where CSS spaces them.
  const separator = document.createElement("span");
  separator.className = "visually-hidden";
  separator.textContent = ", ";
  const label = document.createElement("span");
  label.className = SIZE_CLASS;
  link.append(separator, label);
  return label;
}

/**
 * Makes `link` (to upload `path`, not an image or a video) a file chip: its name, and its size
 * once the server has told it (Zulip's markup carries none). Until then, or when the size cannot
 * be learnt (offline, no Content-Length), the chip shows its name alone; when the server refuses
 * the file (deleted, no access) the chip says so, and the rest of the message is untouched.
 * Nothing changes once `isCancelled()` (the body went away or was prepared again).
 */
export function prepareFileChip(
  link: HTMLAnchorElement,
  path: string,
  urls: UploadUrls,
  isCancelled: () => boolean,
): void {
  link.classList.add("message-file-chip");
  urls
    .fileSize(path)
    ?.then((size) => {
      if (isCancelled() || size === undefined) return;
      link.removeAttribute("data-upload-failed");
      sizeLabel(link).textContent = formatSize(size);
    })
    .catch((error: unknown) => {
      if (isCancelled() || !(error instanceof ApiError)) return;
      link.setAttribute("data-upload-failed", "");
      sizeLabel(link).textContent = "not available";
      link.title = "This file was deleted, or you may not see it.";
    });
}
