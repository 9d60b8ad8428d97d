/**
 * The shared Markdown renderer (server `rendered_content`, client local echo and preview).
 *
 * This is the walking skeleton's minimal rendering: the text is HTML-escaped, blank lines
 * separate paragraphs and single newlines become `<br>`, as Zulip renders plain text. The full
 * Zulip dialect replaces it in the rendering issue; the signature stays.
 */
export function renderMarkdown(content: string): string {
  const paragraphs = content
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
  return paragraphs
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>\n")}</p>`)
    .join("\n");
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for use in HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}
