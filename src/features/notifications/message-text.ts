/** Longest notification body; the rest is in the app. */
const MAX_LENGTH = 200;

/**
 * The text of a message's HTML for a notification body. Parsed by `DOMParser` into an inert
 * document (no scripts run, no images load) and read with `textContent`; never set as HTML.
 */
export function messageText(html: string, maxLength = MAX_LENGTH): string {
  const document = new DOMParser().parseFromString(html, "text/html");
  const text = document.body.textContent.replace(/\s+/g, " ").trim();
  return text.length <= maxLength ? text : `${text.slice(0, maxLength - 1)}…`;
}
