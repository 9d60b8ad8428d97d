import { useEffect, useState } from "react";
import { fetchRawContent } from "../../queries/message-queries";
import { useSessionStore } from "../../stores/session-store";
import { errorText } from "../../lib/error-text";

/** The raw content as it loads: `content` once known, `error` if the request failed. */
export type RawContentState =
  | { readonly status: "loading" }
  | { readonly status: "loaded"; readonly content: string }
  | { readonly status: "error"; readonly error: string };

/** Loads the message's Markdown source once per mount (the editor's starting text). */
export function useRawContent(messageId: number): RawContentState {
  const client = useSessionStore((session) => session.client);
  const [state, setState] = useState<{ id: number; value: RawContentState } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchRawContent(client, messageId, controller.signal).then(
      (content) => {
        setState({ id: messageId, value: { status: "loaded", content } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ id: messageId, value: { status: "error", error: errorText(error) } });
      },
    );
    return () => {
      controller.abort();
    };
  }, [client, messageId]);
  return state?.id === messageId ? state.value : { status: "loading" };
}
