import { useMemo } from "react";
import { sanitizeHtml } from "../../lib/sanitize";

/**
 * Server-rendered message HTML, sanitized. The one place in the app that sets inner HTML:
 * everything else is text rendered by React.
 */
export function MessageBody({ html }: { html: string }) {
  const safe = useMemo(() => ({ __html: sanitizeHtml(html) }), [html]);
  return <div className="message-body" dangerouslySetInnerHTML={safe} />;
}
