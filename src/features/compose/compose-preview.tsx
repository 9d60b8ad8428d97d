import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { renderContextFromQueries } from "../../queries/render-context";
import { loadEchoRenderer, plainEchoHtml, type EchoRenderer } from "../../controllers/echo-render";
import { APP_BODY_MEDIA } from "../message-list/body-media";
import { BodyMediaContext } from "../message-list/body-media-context";
import { MessageBody } from "../message-list/message-body";

/** The renderer once loaded; "failed" when it could not be (the preview then shows plain text). */
type RendererState = EchoRenderer | "loading" | "failed";

/**
 * The message as it will look: rendered by the same Markdown module as the server (loaded on
 * first use, like the local echo) and shown through `MessageBody`, which sanitises it, with the
 * message list's body behaviour (uploads' previews through temporary URLs, file chips).
 */
export function ComposePreview({ content }: { content: string }) {
  const queryClient = useQueryClient();
  const [renderer, setRenderer] = useState<RendererState>("loading");
  useEffect(() => {
    let isCurrent = true;
    loadEchoRenderer().then(
      (loaded) => {
        if (isCurrent) setRenderer(loaded);
      },
      () => {
        if (isCurrent) setRenderer("failed");
      },
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  const html = useMemo(() => {
    if (renderer === "loading") return null;
    if (renderer === "failed") return plainEchoHtml(content);
    try {
      return renderer.renderMessage(content, renderContextFromQueries(queryClient)).html;
    } catch {
      return plainEchoHtml(content);
    }
  }, [renderer, content, queryClient]);

  if (content.trim() === "")
    return <p className="muted compose-preview-note">Nothing to preview.</p>;
  if (html === null) return <p className="muted compose-preview-note">Loading the preview…</p>;
  return (
    <BodyMediaContext value={APP_BODY_MEDIA}>
      <MessageBody html={html} />
    </BodyMediaContext>
  );
}
